#include "render/fit/fitter.h"

#include "render/cairo/raster.h"
#include "spec/json_reader.h"
#include "spec/loader.h"

#include <cstdio>
#include <future>

namespace iconsynth::render::fit::detail {

std::string seconds_since(std::chrono::steady_clock::time_point began) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f s", std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count());
  return text;
}

namespace {

// The packet's size tried at this many steps of its range when a motion is read again (0.15 units
// apart: a score's worth at 64 px).
constexpr int kMotionPacketSteps = 20;

// `base` with its layout's keylines taken out. On keylines a layout size rounds to a whole unit,
// which makes every size a staircase no search can climb; the fit moves sizes freely, then takes
// the keylines where the target is drawn on them (fit_rest) or, at the end, where they change
// nothing drawn (draws_alike).
Json without_keylines(const Json& base) {
  Json doc = base;
  if (doc.contains("layout") && doc["layout"].is_object()) doc["layout"].erase("keylines");
  return doc;
}

}  // namespace

Fitter::Fitter(const Json& base, const Target& target, const FitOptions& options, bool give_up_at_rest,
               std::vector<std::vector<double>> rest_starts)
    : target_(target),
      options_(options),
      base_(without_keylines(base)),
      keylines_(base.contains("layout") && base["layout"].contains("keylines") ? std::optional(base["layout"]["keylines"]) : std::nullopt),
      rate_([&] {
        const bool keep = std::any_of(options.fix.begin(), options.fix.end(), [](const std::string& p) { return under("frame_rate", p); });
        return keep || target.animations.empty() ? base.at("frame_rate").get<double>() : target.animations.front().frame_rate;
      }()),
      table_(base_, rate_),
      values_(table_.base_values()),
      give_up_at_rest_(give_up_at_rest),
      rest_starts_(std::move(rest_starts)) {
  const spec::IconSpec base_spec = spec::load_spec(base);
  module_count_ = base_spec.module_count();
  for (const std::string& p : options.free) {
    if (std::none_of(table_.params().begin(), table_.params().end(), [&](const Param& row) { return under(row.path, p); }) &&
        !under(p, "themes") && p != "frame_rate" && p != "defaults.style") {
      throw std::invalid_argument("--free " + p + ": no fitted parameter lies under it");
    }
  }
  for (const TargetAnimation& a : target.animations) {
    if (a.frame_rate != target.animations.front().frame_rate) {
      out_.notes.push_back("the animations have different frame rates: fitted at " + spec::format_number(rate_) + " fps");
    }
    motions_.push_back(a.variant.motion);
    found_how_.push_back(a.found_how);
  }
  // The look's theme: the one a duotone animation's mix tells, else the first animation's.
  theme_ = target.animations.empty() ? base_spec.default_theme : target.animations.front().variant.theme;
  for (const TargetAnimation& a : target.animations) {
    if (base_spec.style_rule(a.variant.style).card_fill == spec::CardFill::Secondary) theme_ = a.variant.theme;
  }
  if (!target.animations.empty()) {
    const spec::Variant& v = target.animations.front().variant;
    colours_.push_back({theme_, v.color.value_or(base_spec.theme_rule(theme_).primary), std::nullopt});
    values_[*table_.find("stroke.default")] = v.weight;
  }
  state_.assign(table_.params().size(), ParamState::Fitted);
  for (std::size_t i = 0; i < table_.params().size(); ++i) {
    if (is_fixed(table_.params()[i])) state_[i] = ParamState::Fixed;
  }
  index_motions();
  loaded(values_);  // every search starts from values that make a spec
}

void Fitter::index_motions() {
  durations_.clear();
  shown_.clear();
  for (std::size_t k = 0; k < target_.animations.size(); ++k) {
    const TargetAnimation& a = target_.animations[k];
    if (!durations_.count(motions_[k])) durations_[motions_[k]] = a.duration * rate_ / a.frame_rate;
  }
  for (const std::string& m : spec::names_of(spec::load_spec(base_).motions)) {
    if (durations_.count(m)) shown_.push_back(m);
  }
  for (std::size_t i = 0; i < table_.params().size(); ++i) {
    const Param& p = table_.params()[i];
    if (p.motion.empty()) continue;
    if (!durations_.count(p.motion)) state_[i] = ParamState::NotShown;
    else if (state_[i] == ParamState::NotShown) state_[i] = is_fixed(p) ? ParamState::Fixed : ParamState::Fitted;
  }
}

const std::string& Fitter::motion_of(const TargetAnimation& a) const {
  return motions_.at(static_cast<std::size_t>(&a - target_.animations.data()));
}

// Read at the base's layout, a target far from it can pass for another motion (an outline card of
// module 8.47 and padding 1.94 read as the light motion for the strong), which only a whole fit of
// the wrong motion would show. At the rest pose found its frames are ours but for the motion.
bool Fitter::read_motions_again() {
  if (options_.pins.motion) return false;
  // Each motion whole, its tail the base's: check compares a motion played slower or faster at equal
  // shares of the duration, which a tail stretched to the target's duration would crowd into its start.
  const auto own_tails = [&](const std::vector<double>& values) -> std::optional<spec::IconSpec> {
    try {
      return spec::load_spec(document(values));
    } catch (const spec::SpecError&) {
      return std::nullopt;
    }
  };
  const auto spec = own_tails(values_);
  if (!spec) return false;
  // The packets show in flight only, so the rest pose leaves their size the base's: each motion is
  // judged with the packet at every step of its range too.
  std::vector<spec::IconSpec> specs{*spec};
  if (const auto packet = table_.find("layout.packet.radius"); packet && state_[*packet] == ParamState::Fitted) {
    const Param& p = table_.params()[*packet];
    std::vector<double> values = values_;
    for (int k = 0; k <= kMotionPacketSteps; ++k) {
      values[*packet] = p.lower + (p.upper - p.lower) * k / kMotionPacketSteps;
      if (auto s = own_tails(values)) specs.push_back(std::move(*s));
    }
  }
  bool changed = false;
  for (std::size_t k = 0; k < target_.animations.size(); ++k) {
    const TargetAnimation& a = target_.animations[k];
    std::string how;
    const std::string found = find_motion_again(specs, a, variant_of(*spec, a), size_for(a, options_.coarse_size), &how);
    if (found == motions_[k]) continue;
    record(a.id + ": read again at the rest pose found, its motion is " + found + ", not " + motions_[k] + " (" + how + ")");
    found_how_[k] += "; at the rest pose found, the motion read again as " + found + " (" + how + ")";
    motions_[k] = found;
    changed = true;
  }
  if (changed) index_motions();
  return changed;
}

bool Fitter::out_of_budget() {
  if (budget_spent_) return true;
  if (!options_.budget.spent_out()) return false;
  budget_spent_ = true;
  out_.converged = false;
  out_.notes.push_back("did not converge: the fit's budget was spent in " + stage_ + " (" + options_.budget.spent_text() +
                       "); the spec is the best found by then");
  return true;
}

void Fitter::record(const std::string& line) {
  out_.stages.push_back(line);
  if (options_.progress) options_.progress("[" + options_.budget.spent_text() + "] " + line);
}

void Fitter::begin(const std::string& stage) {
  stage_ = stage;
  if (options_.progress) options_.progress("[" + options_.budget.spent_text() + "] " + stage);
}

bool Fitter::is_fixed(const Param& p) const {
  const auto matches = [&](const std::vector<std::string>& prefixes) {
    return std::any_of(prefixes.begin(), prefixes.end(), [&](const std::string& prefix) { return under(p.path, prefix); });
  };
  return (!options_.free.empty() && !matches(options_.free)) || matches(options_.fix);
}

Json Fitter::document(const std::vector<double>& values) const {
  Json doc = table_.document_with(values);
  if (on_keylines_) doc["layout"]["keylines"] = *keylines_;
  // The die's corner is not fitted: it follows a die made smaller than its rounding (or left out).
  if (Json& die = doc["layout"]["die"]; die.is_object() && die.contains("corner_radius") && die.contains("size") &&
                                         die["size"].get<double>() < 2 * die["corner_radius"].get<double>()) {
    die["corner_radius"] = die["size"].get<double>() / 2;
  }
  for (const ThemeColours& c : colours_) {
    doc["themes"][c.theme]["primary"] = spec::to_hex(c.primary);
    if (c.mix) doc["themes"][c.theme]["secondary_mix"] = *c.mix;
  }
  return doc;
}

std::optional<spec::IconSpec> Fitter::load(const std::vector<double>& values, std::string* why) const {
  Json doc = document(values);
  try {
    // Each shown motion's tail is what its duration leaves after the action, not searched. The
    // frame count is the action's end plus the tail rounded up, so any tail within a frame gives
    // it: the base's when it is one of them (the frames cannot tell), else the middle. The motion
    // alone is read for that: the whole spec is read once, with its tails.
    for (const auto& [motion, duration] : durations_) {
      const motion::ChoreographyParams params = spec::load_motion(doc, motion, module_count_);
      const double end = params.lead + motion::clip_timing(params.timeline, module_count_).end;
      const double base = table_.base_values()[*table_.find("motions." + motion + ".tail")];
      const double longest = duration - end, tail = base > longest - 1 && base <= longest ? base : longest - 0.5;
      doc["motions"][motion]["tail"] = std::max(params.loop ? 0.0 : 1.0, tail);
    }
    return spec::load_spec(doc);
  } catch (const spec::SpecError& e) {
    if (why) *why = e.what();
    return std::nullopt;  // a candidate the loader refuses is no candidate
  }
}

spec::IconSpec Fitter::loaded(const std::vector<double>& values) const {
  std::string why;
  if (auto spec = load(values, &why)) return std::move(*spec);
  throw std::logic_error("fit: the values in hand do not make a spec: " + why);
}

spec::Variant Fitter::variant_of(const spec::IconSpec& spec, const TargetAnimation& a) const {
  return {a.variant.style, spec.default_weight, motion_of(a), theme_, std::nullopt};
}

std::string Fitter::geometry_key(const std::vector<double>& values) const {
  std::string key = on_keylines_ ? "keylines," : "";
  for (std::size_t i = 0; i < values.size(); ++i) {
    const Family f = table_.params()[i].family;
    if (f == Family::Layout || f == Family::Weight) key += spec::format_number(values[i]) + ",";
  }
  for (const ThemeColours& c : colours_) key += spec::to_hex(c.primary) + (c.mix ? spec::format_number(*c.mix) : "") + ",";
  return key;
}

std::vector<const TargetAnimation*> Fitter::showing(const std::string& motion) const {
  std::vector<const TargetAnimation*> out;
  for (const TargetAnimation& a : target_.animations) {
    if (motion.empty() || motion_of(a) == motion) out.push_back(&a);
  }
  return out;
}

int Fitter::size_for(const TargetAnimation& a, int asked) const {
  const auto& frames = a.views.front().frames;
  return frames.count(asked) ? asked : frames.begin()->first;  // a folder has its own size only
}

// The fitted timings and scales of `motion` (but its tail, which the duration leaves).
std::vector<std::size_t> Fitter::timed_rows(const std::string& motion) const {
  std::vector<std::size_t> rows;
  for (std::size_t i = 0; i < table_.params().size(); ++i) {
    const Param& p = table_.params()[i];
    if (p.motion == motion && state_[i] == ParamState::Fitted && (p.family == Family::Timing || p.family == Family::Scale) &&
        !under(p.path, "motions." + motion + ".tail")) {
      rows.push_back(i);
    }
  }
  return rows;
}

// The weight and the layout sizes (but the packet's, which shows in flight only).
std::vector<std::size_t> Fitter::geometry_rows() const {
  std::vector<std::size_t> geometry;
  for (std::size_t i = 0; i < table_.params().size(); ++i) {
    const Family f = table_.params()[i].family;
    if (state_[i] == ParamState::Fitted && (f == Family::Layout || f == Family::Weight) && table_.params()[i].path != "layout.packet.radius") {
      geometry.push_back(i);
    }
  }
  return geometry;
}

Minimum Fitter::search(const std::vector<std::size_t>& rows, const Objective& f, Method method, int budget, const std::string& stage,
                       double tolerance, bool decides, double initial_steps) {
  if (rows.empty()) return {{}, 0, 0, true, "nothing to fit"};
  if (out_of_budget()) return {{}, infinity(), 0, false, "not run: the fit's budget spent"};
  Box box;
  std::vector<double> start;
  for (std::size_t r : rows) {
    const Param& p = table_.params()[r];
    box.lower.push_back(p.lower), box.upper.push_back(p.upper), box.step.push_back(p.step);
    start.push_back(std::clamp(values_[r], p.lower, p.upper));
  }
  std::vector<double> values = values_;
  const auto objective = [&](const std::vector<double>& x) {
    for (std::size_t i = 0; i < rows.size(); ++i) values[rows[i]] = x[i];
    return f(values);
  };
  const auto began = std::chrono::steady_clock::now();
  if (options_.max_evaluations > 0) budget = std::min(budget, options_.max_evaluations);
  const Minimum m = minimise(objective, start, box, method, budget, tolerance, initial_steps, [this] { return out_of_budget(); });
  for (std::size_t i = 0; i < rows.size(); ++i) values_[rows[i]] = m.x[i];
  evaluations_ += m.evaluations;
  if (decides) out_.converged = out_.converged && m.converged;
  if (stage.empty()) return m;  // a step of a stage that reports itself
  record(stage + ": " + std::to_string(rows.size()) + " parameters, " + std::to_string(m.evaluations) + " evaluations, " + m.stop + ", " +
         seconds_since(began));
  return m;
}

// Whether a step of `row` changes any frame the animations' players drew: a pose, or for a size
// (whose outlines change without any pose changing) what a few frames look like.
bool Fitter::moves_frames(std::size_t row, const std::vector<const TargetAnimation*>& animations) {
  const Param& p = table_.params()[row];
  const bool geometry = p.family == Family::Layout || p.family == Family::Weight;
  const auto picture = [&](double value, const TargetAnimation& a) {
    std::vector<double> values = values_;
    values[row] = std::clamp(value, p.lower, p.upper);
    const auto spec = load(values);
    std::vector<double> all, pose;
    if (!spec) return all;
    const AnimatedScene scene = build_scene(*spec, variant_of(*spec, a));
    const std::size_t frames = a.views.front().frames.begin()->second.size();
    for (std::size_t f = 0; f < frames; f += geometry ? kGeometryStride : 1) {
      const FrameScene frame = evaluate(scene, check::our_frame_at(f, a.frame_rate, scene.frame_rate));
      if (geometry) {
        const ImageSurface image = render_frame(frame, 48);
        ++renders_;
        const std::vector<std::uint32_t> px = pixels_of(image.view());
        all.insert(all.end(), px.begin(), px.end());
      } else {
        pose_of(frame, pose);
        all.insert(all.end(), pose.begin(), pose.end());
      }
    }
    return all;
  };
  // A step either way, and the range's ends: a size that only shows above a floor (the packet's,
  // which the stroke sets at some weights) moves nothing near the base yet is seen at the top.
  for (const TargetAnimation* a : animations) {
    const std::vector<double> here = picture(values_[row], *a);
    for (double other : {values_[row] + p.step, values_[row] - p.step, p.lower, p.upper}) {
      if (picture(other, *a) != here) return true;
    }
  }
  return false;
}

double Fitter::pixel_residual(const std::vector<double>& values, std::vector<PixelResidual>& residuals,
                              const std::vector<const TargetAnimation*>& animations) {
  const auto spec = load(values);
  if (!spec) return infinity();
  return each_animation(*spec, geometry_key(values), residuals, animations, false);
}

double Fitter::each_animation(const spec::IconSpec& spec, const std::string& geometry, std::vector<PixelResidual>& measures,
                              const std::vector<const TargetAnimation*>& animations, bool worst) {
  // Two at a time: the machine this runs on has two cores, and the animations share nothing.
  std::vector<double> value(animations.size(), 0);
  std::vector<long> before(animations.size());
  for (std::size_t i = 0; i < animations.size(); ++i) before[i] = measures[i].renders();
  const auto one = [&](std::size_t i) { value[i] = measures[i](build_scene(spec, variant_of(spec, *animations[i])), geometry); };
  for (std::size_t i = 0; i < animations.size(); i += 2) {
    auto second = i + 1 < animations.size() ? std::async(std::launch::async, one, i + 1) : std::future<void>();
    one(i);
    if (second.valid()) second.get();
  }
  double out = 0;
  for (std::size_t i = 0; i < animations.size(); ++i) {
    renders_ += measures[i].renders() - before[i];
    out = worst ? std::max(out, value[i]) : out + value[i];
  }
  return out;
}

Fitter::Objective Fitter::squared_on(const std::vector<const TargetAnimation*>& animations, std::vector<PixelResidual>& measures) {
  measures.clear();
  for (const TargetAnimation* a : animations) measures.emplace_back(*a, size_for(*a, options_.fine_size));
  return [this, &animations, &measures](const std::vector<double>& values) { return pixel_residual(values, measures, animations); };
}

Fitter::Objective Fitter::verdict_on(const std::vector<const TargetAnimation*>& animations, std::vector<PixelResidual>& verdicts) {
  verdicts.clear();
  for (const TargetAnimation* a : animations) {
    verdicts.emplace_back(*a, size_for(*a, options_.fine_size), PixelResidual::Measure::CheckScore, options_.thresholds);
  }
  return [this, &animations, &verdicts](const std::vector<double>& values) {
    const auto spec = load(values);
    return spec ? each_animation(*spec, geometry_key(values), verdicts, animations, true) : infinity();
  };
}

}  // namespace iconsynth::render::fit::detail
