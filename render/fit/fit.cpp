#include "render/fit/fit.h"

#include "render/cairo/raster.h"
#include "render/fit/fitter.h"
#include "spec/json_reader.h"
#include "spec/loader.h"
#include "spec/variant_space.h"

#include <sstream>

namespace iconsynth::render::fit::detail {

namespace {

// Whether two specs draw every style's rest pose alike at 96 px (no channel more than a level apart).
bool draws_alike(const Json& a, const Json& b) {
  try {
    const spec::IconSpec sa = spec::load_spec(a), sb = spec::load_spec(b);
    const spec::Variant d = spec::VariantSpace(sa).defaults();
    for (const std::string& style : spec::names_of(sa.styles)) {
      const spec::Variant v{style, sa.default_weight, d.motion, d.theme, std::nullopt};
      const AnimatedScene scene_a = build_scene(sa, v), scene_b = build_scene(sb, v);
      const ImageSurface x = render_frame(evaluate(scene_a, 0), 96), y = render_frame(evaluate(scene_b, 0), 96);
      if (compare_images(x.view(), y.view(), 1).max_abs > 1) return false;
    }
    return true;
  } catch (const spec::SpecError&) {
    return false;
  }
}

}  // namespace

FitResult Fitter::run() {
  const auto started = std::chrono::steady_clock::now();
  // Each stage runs while the budget lasts; where it runs out, the stages left are skipped but
  // the verdict, which judges the spec in hand and writes the report, and costs one check.
  std::string looks;
  for (const TargetAnimation& a : target_.animations) looks += (looks.empty() ? "" : ", ") + spec::VariantSpace::animation_id(a.variant);
  begin("the rest pose as " + looks + ": weight, layout and colours");
  fit_rest();
  if (gave_up_) {
    out_.converged = false;
    out_.notes.push_back("the rest frames do not match this look (check's score " + spec::format_number(std::round(*rest_pose_score_ * 100) / 100) +
                         " at the rest pose found): its motion was not fitted");
    begin("check's verdict");
    judge();
    FitResult r = result();
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return r;
  }
  if (!out_of_budget()) read_motions_again();
  for (const std::string& m : shown_) {
    if (out_of_budget()) break;
    begin("motion " + m + ": tracks, then pixels");
    fit_motion(m);
  }
  if (!out_of_budget()) {
    begin("easings");
    snap_easings();
  }
  for (const std::string& m : shown_) {
    if (out_of_budget()) break;
    begin("motion " + m + ": custom easings on the pixels");
    refine_motion_on_pixels(m);
  }
  if (!out_of_budget()) {
    begin("rounding");
    const auto began = std::chrono::steady_clock::now();
    const int rounded = round_values();
    record("rounding: " + std::to_string(rounded) + " values rounded where the frames cannot tell, " + seconds_since(began));
  }
  // The tails the durations leave, written into the values so the report shows them.
  if (const auto spec = load(values_)) {
    for (const auto& [motion, duration] : durations_) {
      if (const auto row = table_.find("motions." + motion + ".tail")) values_[*row] = spec->choreography(motion).tail;
    }
  }
  begin("check's verdict");
  auto began = std::chrono::steady_clock::now();
  long drawn = renders_;
  judge();
  record("check's verdict on every frame of every player at " + std::to_string(out_.size) + " px: " + std::to_string(renders_ - drawn) +
         " frames drawn, " + seconds_since(began));
  if (!every_passed(out_.animations) && !out_of_budget()) {
    begin("no spec matches: the timings refined on the pixels");
    rescue_on_pixels();
  }
  if (every_passed(out_.animations) && !out_of_budget()) {
    begin("the plainest spec that draws the target alike");
    if (plainest()) {
      out_.animations.clear();
      judge();
    }
  }
  find_same_drawing();
  if (options_.ranges && !out_of_budget()) {
    begin("how well the frames determine each parameter");
    began = std::chrono::steady_clock::now();
    drawn = renders_;
    find_ranges();
    record("passing ranges: " + std::to_string(renders_ - drawn) + " frames drawn, " + seconds_since(began));
  }
  FitResult r = result();
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return r;
}

std::optional<Json> Fitter::rest_pose_only() {
  std::string looks;
  for (const TargetAnimation& a : target_.animations) looks += (looks.empty() ? "" : ", ") + spec::VariantSpace::animation_id(a.variant);
  begin("the rest pose alone as " + looks);
  fit_rest();
  if (!rest_pose_score_) return std::nullopt;
  return document(values_);
}

FitResult Fitter::result() {
  FitResult r = std::move(out_);
  std::vector<FittedParam> ranged = std::move(r.params);
  r.params.clear();
  Json doc = written_document();
  if (keylines_) {
    Json on = doc;
    on["layout"]["keylines"] = *keylines_;
    if (draws_alike(doc, on)) {
      doc = on;
    } else {
      r.notes.push_back("the target's layout is not on the base's keylines (layout.keylines rounds sizes to whole units): "
                        "the fitted spec has none");
    }
  }
  spec::load_spec(doc);  // the fitted spec loads like any other (a logic error if not)
  r.spec = doc;
  const std::vector<double>& values = values_;

  // The report's rows: the look, then every parameter of the table.
  const spec::IconSpec base_spec = spec::load_spec(base_);
  if (target_.animations.size() == 1) {
    const std::string style = target_.animations.front().variant.style;
    r.params.push_back({"defaults.style", Family::Style, "", 0, 0, style, base_spec.default_style, ParamState::Fitted, {}, {}, ""});
  }
  for (const ThemeColours& c : colours_) {
    const spec::ThemeRule& rule = base_spec.theme_rule(c.theme);
    r.params.push_back({"themes." + c.theme + ".primary", Family::Color, "", 0, 0, spec::to_hex(c.primary), spec::to_hex(rule.primary),
                        ParamState::Fitted, {}, {}, ""});
    if (c.mix) {
      r.params.push_back({"themes." + c.theme + ".secondary_mix", Family::Color, "", *c.mix, rule.secondary_mix, "", "",
                          ParamState::Fitted, {}, {}, ""});
    }
  }
  r.params.push_back({"frame_rate", Family::FrameRate, "fps", rate_, base_.at("frame_rate").get<double>(), "", "",
                      rate_ == base_.at("frame_rate").get<double>() ? ParamState::Fixed : ParamState::Fitted, {}, {},
                      "the target's"});
  for (std::size_t i = 0; i < table_.params().size(); ++i) {
    const Param& p = table_.params()[i];
    FittedParam row{p.path, p.family, p.unit, values[i], table_.base_values()[i], "", "", state_[i], {}, {}, ""};
    if (state_[i] == ParamState::Undetermined || state_[i] == ParamState::NotShown) row.value = row.base;
    for (const FittedParam& f : ranged) {
      if (f.path == p.path) row.pass_low = f.pass_low, row.pass_high = f.pass_high;
    }
    if (under(p.path, "motions." + p.motion + ".tail") && state_[i] == ParamState::Fitted) row.note = "from the duration, to within a frame";
    if (p.family == Family::Easing && is_first_handle(p.path)) {
      const Json& original = base_.at(Json::json_pointer(json_pointer(easing_path(p.path))));
      row.base_text = original.is_string() ? original.get<std::string>() : original.dump();
    }
    r.params.push_back(std::move(row));
  }
  for (auto& [path, name] : presets_) {
    for (FittedParam& row : r.params) {
      if (under(row.path, path)) row.text = name;
    }
  }
  r.renders = renders_;
  return r;
}

}  // namespace iconsynth::render::fit::detail

namespace iconsynth::render::fit {

using detail::every_passed;
using spec::Json;

namespace {

// Rest scores this close (a share of the lower) tell two looks no further apart.
constexpr double kSameRestScore = 0.01;

// The style an animation names itself by, if it names one of `spec`'s: its id or a word of its
// name read as an animation id ("solid-light", "gpu-cluster solid-light").
std::optional<std::string> named_style(const spec::IconSpec& spec, const TargetAnimation& a) {
  const spec::VariantSpace space(spec);
  std::istringstream words(a.id + " " + a.name);
  for (std::string word; words >> word;) {
    if (const auto named = space.parse_animation_id(word)) return named->first;
  }
  return std::nullopt;
}

// `target` with each animation's motion as `fitted` judged it (a fit reads it again at its rest pose).
Target as_fitted(const Target& target, const FitResult& fitted) {
  Target out = target;
  for (std::size_t k = 0; k < out.animations.size() && k < fitted.animations.size(); ++k) {
    out.animations[k].variant.motion = fitted.animations[k].variant.motion;
  }
  return out;
}

// `fitted` with each motion's tail the base's (at the fitted frame rate), for reading the look again:
// check compares a motion played slower or faster at equal shares of the duration, which a tail
// stretched to the target's duration would crowd into its start.
Json with_base_tails(Json fitted, const Json& base) {
  const double scale = fitted.at("frame_rate").get<double>() / base.at("frame_rate").get<double>();
  for (auto& [name, motion] : fitted["motions"].items()) {
    const Json& own = base.at("motions").value(name, Json::object());
    if (own.contains("tail")) motion["tail"] = own["tail"].get<double>() * scale;
  }
  return fitted;
}

}  // namespace

std::string state_name(ParamState state) {
  switch (state) {
    case ParamState::Fitted: return "fitted";
    case ParamState::Fixed: return "fixed";
    case ParamState::Undetermined: return "undetermined";
    case ParamState::NotShown: return "not in the target";
  }
  return "?";
}

bool AnimationFit::passed() const {
  return !views.empty() && std::all_of(views.begin(), views.end(), [](const ViewFit& v) { return v.passed; });
}

bool FitResult::matched() const { return !animations.empty() && every_passed(animations); }

FitResult fit_target(const Json& base, const Target& target, const FitOptions& options) {
  const auto say = [&](const std::string& what) {
    if (options.progress) options.progress("[" + options.budget.spent_text() + "] " + what);
  };
  // Each look tried: what its fit found, and how near its rest pose came. A look whose rest pose
  // is plainly not the target's is given up after it (the motion stages are most of a fit's work);
  // where no look matches, the nearest is fitted in full.
  struct Tried {
    Target target;
    FitResult result;
    std::optional<double> rest;
    bool gave_up = false;
    std::vector<double> rest_values;  // the fit's values at its rest pose
  };
  std::vector<Tried> tried;
  const auto fit_look = [&](const Target& look) -> FitResult& {
    detail::Fitter fitter(base, look, options, true);
    FitResult r = fitter.run();
    tried.push_back({as_fitted(look, r), std::move(r), fitter.rest_pose_score(), fitter.gave_up(), fitter.rest_values()});
    return tried.back().result;
  };
  // Where nothing matched: `unmatched` (the first look's fit), or where it gave up at its rest pose,
  // the look whose rest pose came nearest fitted in full.
  const auto nearest_in_full = [&](FitResult unmatched) {
    // The nearest at rest; looks within a hair of it (a score the same part of the frame decides
    // for every look, a line no look draws) are told apart by the order they were tried in: the
    // look read from the frame first.
    const auto lowest = std::min_element(tried.begin(), tried.end(), [](const Tried& a, const Tried& b) {
      return a.rest.value_or(detail::infinity()) < b.rest.value_or(detail::infinity());
    });
    auto nearest = lowest;
    if (lowest != tried.end() && lowest->rest) {
      nearest = std::find_if(tried.begin(), tried.end(), [&](const Tried& t) { return t.rest && *t.rest <= *lowest->rest * (1 + kSameRestScore); });
    }
    if (!tried.front().gave_up || nearest == tried.end() || !nearest->rest || options.budget.spent_out()) return unmatched;
    if (!nearest->gave_up) return std::move(nearest->result);
    say("no look matches: the nearest at rest fitted in full, its rest pose also from the others'");
    std::vector<std::vector<double>> others;
    for (const Tried& t : tried) {
      if (&t != &*nearest && !t.rest_values.empty()) others.push_back(t.rest_values);
    }
    return detail::Fitter(base, nearest->target, options, false, std::move(others)).run();
  };
  FitResult result = fit_look(target);
  if (options.budget.spent_out()) return result;
  // Styles the frames cannot tell apart (a solid white card, and a duotone one whose tone is white
  // too) are the style the target names itself by: the look read again with that style given, and
  // fitted so, is taken where it matches as well.
  if (result.matched() && !options.pins.style && target.animations.size() == 1) {
    const spec::IconSpec base_spec = spec::load_spec(base);
    const TargetAnimation& a = target.animations.front();
    const std::optional<std::string> own = named_style(base_spec, a);
    if (own && *own != a.variant.style) {
      Target named = target;
      check::VariantPins pins = options.pins;
      pins.style = *own;
      // At the layout fitted, with the base's themes (the fit's colours would name its own theme again).
      Json layout_fitted = with_base_tails(result.spec, base);
      layout_fitted["themes"] = base.at("themes");
      find_looks_again(spec::load_spec(layout_fitted), named, options.fine_size, pins);
      say("the target names its style " + *own + ", read as " + a.variant.style + ": fitted again as " + *own);
      FitResult plain = fit_look(named);
      if (plain.matched()) {
        plain.notes.push_back("the frames draw alike as " + a.variant.style + " and as " + *own + ", the style the target names itself by");
        return plain;
      }
    }
    return result;
  }
  if (result.matched()) return result;
  // The look is found at the base's layout, which a target far from it can mislead (a solid card
  // with padding 1.53 read as an outline at weight 3). Where nothing matches, the look is found
  // again at the layout the fit reached, and fitted again (from the base) where it reads otherwise.
  Target again = as_fitted(target, result);
  if (find_looks_again(spec::load_spec(with_base_tails(result.spec, base)), again, options.fine_size, options.pins)) {
    say("no spec matches: the look read otherwise at the layout fitted (" + spec::VariantSpace::animation_id(again.animations.front().variant) +
        "); fitted again");
    FitResult& second = fit_look(again);
    if (options.budget.spent_out() && !second.matched()) {
      result.converged = false;
      result.notes.push_back("did not converge: the fit's budget was spent fitting again with the look read otherwise");
      return result;
    }
    if (second.matched()) {
      second.notes.push_back("the look read at the base's layout did not match; read again at the layout a first fit reached, it does");
      return std::move(second);
    }
  }
  // A bundle's animations share one layout, which looks read wrong pull off the target's, where the
  // looks read again are wrong too. So its animations are posed at rest a few at a time: the first
  // alone in each style, up to the first that explains it; then with the next whose rest frame
  // differs, in each style; and so on. At each layout so found every animation's look is read
  // again, and fitted where it reads as no look tried yet. More than the first is needed where its
  // style hides a size another shows (an outline card leaves the die, which a solid card cuts out).
  if (!options.pins.style && target.animations.size() > 1 && tried.back().gave_up && !options.budget.spent_out()) {
    const std::vector<std::string> styles = spec::names_of(spec::load_spec(base).styles);
    const auto read_before = [&](const Target& t) {
      return std::any_of(tried.begin(), tried.end(), [&](const Tried& was) {
        return std::equal(was.target.animations.begin(), was.target.animations.end(), t.animations.begin(), t.animations.end(),
                          [](const TargetAnimation& x, const TargetAnimation& y) { return x.variant.style == y.variant.style; });
      });
    };
    Target posed = again;
    posed.animations.clear();
    for (const TargetAnimation& a : again.animations) {
      if (options.budget.spent_out()) break;
      if (a.views.empty() || std::any_of(posed.animations.begin(), posed.animations.end(),
                                         [&](const TargetAnimation& p) { return p.views.front().rest == a.views.front().rest; })) {
        continue;
      }
      std::optional<Json> layout;
      std::string style_found;
      double nearest = detail::infinity();
      for (const std::string& style : styles) {
        if (options.budget.spent_out()) break;
        Target trial = posed;
        trial.animations.push_back(a);
        trial.animations.back().variant.style = style;
        detail::Fitter some(base, trial, options, true);
        std::optional<Json> found = some.rest_pose_only();
        if (found && some.rest_pose_score() && *some.rest_pose_score() < nearest) {
          nearest = *some.rest_pose_score(), layout = std::move(found), style_found = style;
        }
        if (nearest <= detail::kUnlikeRest) break;  // this style is the animation's: the others cannot explain it as well
      }
      if (!layout || options.budget.spent_out()) break;
      posed.animations.push_back(a);
      posed.animations.back().variant.style = style_found;
      Target next = again;
      find_looks_again(spec::load_spec(*layout), next, options.fine_size, options.pins);
      if (read_before(next)) continue;
      say("no look read matches: read again at the layout that poses " + std::to_string(posed.animations.size()) + " of the animations best (" +
          spec::VariantSpace::animation_id(next.animations.front().variant) + "); fitted again");
      FitResult& fitted = fit_look(next);
      if (fitted.matched()) {
        fitted.notes.push_back("the looks read did not match; read again at the layout of a few animations posed alone, they do");
        return std::move(fitted);
      }
      if (!tried.back().gave_up) break;  // the rest frames take these looks: another layout would not read others
    }
  }
  // A one-animation target is also fitted as each other style, and the first that matches is the answer.
  if (options.pins.style || target.animations.size() != 1) return nearest_in_full(std::move(result));
  const std::string found = target.animations.front().variant.style;
  for (const std::string& style : spec::names_of(spec::load_spec(base).styles)) {
    if (style == found) continue;
    if (options.budget.spent_out()) {
      result.converged = false;
      result.notes.push_back("did not converge: the fit's budget was spent before the other styles were tried");
      return result;
    }
    Target other = target;
    other.animations.front().variant.style = style;
    say("no spec matches as " + found + ": fitted again as " + style);
    FitResult& retry = fit_look(other);
    if (!retry.matched()) continue;
    retry.notes.push_back("the look read " + found + " from the rest frame (at the base's layout); fitted as " + style + ", which matches");
    return std::move(retry);
  }
  return nearest_in_full(std::move(result));
}

}  // namespace iconsynth::render::fit
