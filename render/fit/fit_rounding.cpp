#include "render/fit/fitter.h"

#include <cmath>

namespace iconsynth::render::fit::detail {

namespace {

// A rounded value may cost the tracks this share (and one noise²): what a player's anti-aliasing
// makes of a swell moves the best fit by a few ten-thousandths, which costs the truth some 20 %,
// while a value a hundredth off costs it many times over.
constexpr double kRoundedTracks = 0.25;
constexpr double kRoundedRest = 0.05;       // … or check's score of the rest frames this share

// The units a value of family `f` is tried at, roundest first. A size or the weight stops at a
// hundredth: a thousandth of a unit is a hundredth of a pixel at 256 px, which rounding there
// only tidies, while the 5 % of check's score at the fine size that rounding may cost is what
// failed a weight of 2.8333 written as 2.833 at 256 px (1.00, where the truth scores 0.99).
std::vector<double> rounding_units(Family f) {
  switch (f) {
    case Family::Timing: return {1, 0.5, 0.25, 0.1, 0.01};
    case Family::Scale: return {0.05, 0.01, 0.005, 0.001};
    default: return {0.25, 0.05, 0.01};
  }
}

}  // namespace

// `rows` rounded where `f` says no worse (`relative`: by a share of it; else by the tracks'
// share and one noise²); `refit`: the rows not yet rounded follow each one that is (cheap
// objectives only). Returns how many values changed.
int Fitter::round_rows(std::vector<std::size_t> rows, const Objective& f, bool relative, bool refit) {
  int rounded_count = 0;
  double now = f(values_);
  const auto acceptable = [&](double d) { return d <= (relative ? now * (1 + kRoundedRest) : now * (1 + kRoundedTracks) + 1); };
  // All of a kind at once first, at the coarsest unit they take: timings that sum to a packet's
  // departure round together or not at all (one alone moves the departure off its frame).
  for (const Family kind : {Family::Timing, Family::Scale, Family::Layout}) {
    std::vector<std::size_t> same;
    for (std::size_t r : rows) {
      if (table_.params()[r].family == kind || (kind == Family::Layout && table_.params()[r].family == Family::Weight)) same.push_back(r);
    }
    if (same.size() < 2) continue;
    for (double unit : rounding_units(kind)) {
      if (out_of_budget()) return rounded_count;
      std::vector<double> values = values_;
      for (std::size_t r : same) values[r] = std::clamp(std::round(values[r] / unit) * unit, table_.params()[r].lower, table_.params()[r].upper);
      if (values == values_) break;
      if (const double d = f(values); acceptable(d)) {
        for (std::size_t r : same) rounded_count += values[r] != values_[r];
        values_ = values, now = d;
        break;
      }
    }
  }
  const auto gap = [&](std::size_t r) {
    const double unit = rounding_units(table_.params()[r].family).front();
    return std::abs(values_[r] - std::round(values_[r] / unit) * unit) / unit;
  };
  std::stable_sort(rows.begin(), rows.end(), [&](std::size_t a, std::size_t b) { return gap(a) < gap(b); });
  std::vector<std::size_t> open = rows;  // not rounded yet: free to follow
  for (std::size_t r : rows) {
    open.erase(std::find(open.begin(), open.end(), r));
    const std::vector<double> kept = values_;
    for (double unit : rounding_units(table_.params()[r].family)) {
      if (out_of_budget()) return rounded_count;
      const double candidate = std::round(kept[r] / unit) * unit;
      if (candidate < table_.params()[r].lower || candidate > table_.params()[r].upper) continue;
      values_ = kept;
      values_[r] = candidate;
      if (candidate != kept[r] && refit) search(open, f, Method::Bobyqa, 300, "", 1e-3, false, kRefineSteps);
      if (acceptable(f(values_))) {
        now = f(values_);
        rounded_count += candidate != kept[r];
        break;
      }
      values_ = kept;
    }
  }
  return rounded_count;
}

// Values as people write them, where the frames cannot tell: each fitted timing, scale and size
// is tried at the roundest of a few units (whole frames, half frames …; hundredths of a scale;
// quarters, twentieths … of a grid unit), the others of its kind fitted again around it (a lead
// and a gather trade frames), and kept there when the tracks or the rest frames it is judged by
// say no worse. A truth of whole frames comes back whole rather than a hair off, which matters
// where a packet's departure falls on a frame. Values nearest a round one go first.
int Fitter::round_values() {
  int rounded_count = 0;
  for (const std::string& motion : shown_) {
    if (out_of_budget()) break;
    const std::vector<double> start = values_;
    rounded_count += round_rows(timed_rows(motion), [&](const std::vector<double>& v) { return track_distance_of(motion, v, {}, start); }, false, true);
  }
  const std::vector<std::size_t> geometry = geometry_rows();
  // The sizes and the weight are judged here as check will judge them: the worst window of the
  // worst player's worst frame of every animation (every third) at the fine size and of the rest at the largest
  // (the residual's best fit leans toward what the players' anti-aliasing makes of caps and
  // corners; check's windows do not, nor does a module swollen by a fifth, which shows every
  // error a fifth larger). When nothing matches at all, the score says nothing of a size: the
  // residual judges.
  const auto all = showing("");
  std::vector<PixelResidual> scores;
  for (const TargetAnimation* a : all) {
    scores.emplace_back(*a, size_for(*a, options_.fine_size), PixelResidual::Measure::CheckScore, options_.thresholds, std::nullopt,
                        kGeometryStride);
  }
  const Objective score = [&](const std::vector<double>& v) {
    const auto spec = load(v);
    if (!spec) return infinity();
    return std::max(rest_score(v), each_animation(*spec, geometry_key(v), scores, all, true));
  };
  const Objective residual = [&](const std::vector<double>& v) { return rest_residual(v); };
  if (!out_of_budget()) rounded_count += round_rows(geometry, score(values_) <= 1 ? score : residual, true, false);
  return rounded_count;
}

}  // namespace iconsynth::render::fit::detail
