#include "render/fit/fitter.h"

#include "render/cairo/raster.h"
#include "spec/json_reader.h"
#include "spec/loader.h"

#include <cmath>
#include <cstdio>

namespace iconsynth::render::fit::detail {

namespace {

constexpr int kRangeProbes = 4, kRangeHalvings = 3;
constexpr int kRescueBudget = 600;          // evaluations of a motion's timings on the pixels, where no spec matched
constexpr int kRoundingPasses = 3;          // rounds of rounding after the pixels, while one rounds more

// `v` to a ten-thousandth, as the shortest decimal that reads back as that (12.0185, not 12.018500000000001).
double tidy(double v) {
  char text[48];
  std::snprintf(text, sizeof text, "%.4f", v);
  return std::strtod(text, nullptr);
}

// Whole numbers written as integers ("frames": 24, not 24.0), as people write them.
void whole_numbers(Json& node) {
  if (node.is_number_float()) {
    const double v = node.get<double>();
    if (std::floor(v) == v && std::abs(v) < 1e15) node = static_cast<std::int64_t>(v);
  } else if (node.is_structured()) {
    for (Json& child : node) whole_numbers(child);
  }
}

}  // namespace

// The fitted spec as written: values rounded far below what any frame shows (a ten-thousandth of a
// frame or unit), easings that are presets by name, tails from the durations, the look as defaults.
Json Fitter::written_document() const {
  std::vector<double> values = values_;
  for (double& v : values) v = tidy(v);
  Json doc = document(values);
  if (const auto spec = load(values)) {
    for (const auto& [motion, duration] : durations_) doc["motions"][motion]["tail"] = tidy(spec->choreography(motion).tail);
  }
  whole_numbers(doc);
  for (const auto& [path, name] : presets_) doc.at(Json::json_pointer(json_pointer(path))) = name;
  if (target_.animations.size() == 1) {
    doc["defaults"]["style"] = target_.animations.front().variant.style;
    doc["defaults"]["motion"] = motions_.front();
  } else {
    // A bundle's default style is the one its players show first.
    for (const TargetAnimation& a : target_.animations) {
      if (a.id == target_.initial) doc["defaults"]["style"] = a.variant.style;
    }
  }
  doc["defaults"]["theme"] = theme_;
  return doc;
}

// Stage 6: check's verdict on every frame; where it fails, where the residual sits.
void Fitter::judge() {
  // The verdict is on the spec as written (rounded, presets by name), exactly what check will load.
  const std::optional<spec::IconSpec> spec = spec::load_spec(written_document());
  for (const TargetAnimation& a : target_.animations) {
    AnimationFit fit{a.id, variant_of(*spec, a), "", found_how_[static_cast<std::size_t>(&a - target_.animations.data())], {}, a.failures, {}, -1, {}, {}, {}};
    fit.look = check::describe_variant(*spec, fit.variant);
    const int size = size_for(a, options_.fine_size);
    out_.size = size;
    const AnimatedScene scene = build_scene(*spec, fit.variant);
    for (std::size_t v = 0; v < a.views.size(); ++v) {
      ViewFit view{a.views[v].engine, {}, true};
      PixelResidual scores(a, size, PixelResidual::Measure::CheckScore, options_.thresholds, v);
      scores(scene, "");
      renders_ += scores.renders();
      view.scores = scores.per_frame();
      view.passed = std::all_of(view.scores.begin(), view.scores.end(), [](double s) { return s <= 1; });
      fit.views.push_back(std::move(view));
    }
    const std::vector<double>& first = fit.views.front().scores;
    fit.worst_frame = static_cast<int>(std::max_element(first.begin(), first.end()) - first.begin());
    fit.worst_target = a.frames(size).at(static_cast<std::size_t>(fit.worst_frame));
    fit.worst_ours = pixels_of(render_frame(evaluate(scene, check::our_frame_at(fit.worst_frame, a.frame_rate, scene.frame_rate)), size).view());
    fit.backdrop = spec->theme_rule(theme_).backdrop;
    if (!fit.passed()) {
      std::vector<int> failing;
      for (std::size_t f = 0; f < fit.views.front().scores.size(); ++f) {
        if (fit.views.front().scores[f] > 1) failing.push_back(static_cast<int>(f));
      }
      fit.spots = locate_residual(scene, a, size, failing);
    }
    out_.animations.push_back(std::move(fit));
  }
}

// How well the frames determine each fitted parameter: the range over which check still passes
// on every frame (at the coarse size), the others held.
void Fitter::find_ranges() {
  if (!every_passed(out_.animations)) return;
  for (std::size_t i = 0; i < table_.params().size() && !out_of_budget(); ++i) {
    const Param& p = table_.params()[i];
    if (state_[i] != ParamState::Fitted || p.family == Family::Easing || under(p.path, "motions." + p.motion + ".tail")) continue;
    const auto group = showing(p.motion);
    // A size or the weight changes every frame alike: every third frame tells its range.
    const bool geometry = p.family == Family::Layout || p.family == Family::Weight;
    std::vector<PixelResidual> scores;
    for (const TargetAnimation* a : group) {
      scores.emplace_back(*a, size_for(*a, options_.coarse_size), PixelResidual::Measure::CheckScore, options_.thresholds,
                          std::nullopt, geometry ? kGeometryStride : 1);
    }
    const auto worst = [&](double value) {
      std::vector<double> values = values_;
      values[i] = value;
      const auto spec = load(values);
      if (!spec) return infinity();
      return each_animation(*spec, geometry_key(values), scores, group, true);
    };
    const double at = worst(values_[i]);
    if (at > 1) continue;
    // Each side: a quarter step out, then straight on to where the score would reach the limit
    // (scores grow about linearly with a shift), then halved between the last pass and the first fail.
    double bound[2];
    for (int side = 0; side < 2; ++side) {
      const double dir = side == 0 ? -1 : 1, room = side == 0 ? values_[i] - p.lower : p.upper - values_[i];
      double pass = 0, fail = -1, d = std::min(room, 0.25 * p.step), before = at;
      for (int k = 0; k < kRangeProbes && fail < 0 && d > pass; ++k) {
        const double s = worst(values_[i] + dir * d);
        if (s > 1) {
          fail = d;
        } else {
          const double slope = (s - before) / (d - pass);
          pass = d, before = s;
          d = std::min(room, slope > 1e-9 ? pass + 1.1 * (1 - s) / slope : 4 * pass);
        }
      }
      for (int h = 0; h < kRangeHalvings && fail > 0; ++h) {
        const double mid = (pass + fail) / 2;
        (worst(values_[i] + dir * mid) > 1 ? fail : pass) = mid;
      }
      bound[side] = values_[i] + dir * pass;
    }
    out_.params.push_back({p.path, p.family, p.unit, values_[i], table_.base_values()[i], "", "", ParamState::Fitted, bound[0], bound[1], ""});
  }
}

// Where the verdict fails, the tracks may have led the timings astray: a module's scale is read off
// its ink, which the packet landing on it joins (a swell's rise of 4 frames fitted as 3.58, its
// settle 10.2 for 9, and no spec matched). So each motion's timings and scales are refined on the
// squared pixel difference (Subplex: a packet that leaves a frame earlier is a step), and the
// verdict is taken again; the refined spec is kept where more of the animations pass, or the worst
// score falls. Only here: where the tracks are right, the pixels' own lean (what a player's
// anti-aliasing makes of a swelling card, a tenth of a frame) is worse than none.
void Fitter::rescue_on_pixels() {
  const auto began = std::chrono::steady_clock::now();
  const long drawn = renders_;
  const auto standing = [](const std::vector<AnimationFit>& animations) {
    int passed = 0;
    double worst = 0;
    for (const AnimationFit& a : animations) {
      passed += a.passed();
      for (const ViewFit& v : a.views) worst = std::max(worst, *std::max_element(v.scores.begin(), v.scores.end()));
    }
    return std::make_pair(passed, -worst);
  };
  const std::vector<double> kept = values_;
  std::vector<AnimationFit> verdict = std::move(out_.animations);
  for (const std::string& motion : shown_) {
    const auto group = showing(motion);
    const std::vector<std::size_t> timed = timed_rows(motion);
    if (group.empty() || timed.empty()) continue;
    const std::vector<const TargetAnimation*> first{group.front()};
    std::vector<PixelResidual> residuals;
    const Objective residual = squared_on(first, residuals);
    search(timed, residual, Method::Subplex, kRescueBudget, "", 1e-2, false, kRefineSteps);
    search(timed, residual, Method::Bobyqa, kRescueBudget / 2, "", 1e-3, false, kRefineSteps);
    // The squared difference leans a tenth of a frame off (a rise of 4 frames came out 3.91),
    // which check at 256 px sees: each value is rounded again where check's own score of the
    // frames says no worse, and again while that rounds more (a rise rounds only once its swell's
    // scale has).
    std::vector<PixelResidual> verdicts;
    const Objective verdict = verdict_on(first, verdicts);
    for (int pass = 0; pass < kRoundingPasses; ++pass) {
      if (round_rows(timed, verdict, true, false) == 0) break;
    }
  }
  out_.animations.clear();
  judge();
  const bool better = standing(out_.animations) > standing(verdict);
  if (!better) {
    values_ = kept;
    out_.animations = std::move(verdict);
  }
  record(std::string("timings refined on the pixels where no spec matched: ") + (better ? "kept" : "no better, dropped") + ", " +
         std::to_string(renders_ - drawn) + " frames drawn, " + seconds_since(began));
}

}  // namespace iconsynth::render::fit::detail
