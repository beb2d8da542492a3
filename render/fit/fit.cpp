#include "render/fit/fit.h"

#include "motion/easing.h"
#include "render/cairo/raster.h"
#include "render/check/look_estimate.h"
#include "render/fit/easing_metric.h"
#include "render/fit/optimise.h"
#include "render/fit/pixel_residual.h"
#include "render/fit/track_fit.h"
#include "render/fit/tracks.h"
#include "spec/json_reader.h"
#include "spec/loader.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <future>
#include <limits>
#include <map>
#include <memory>
#include <set>

namespace iconsynth::render::fit {

namespace {

using spec::Json;

constexpr double kNearEasing = 0.1;         // a preset this close to the curve found everywhere is tried
constexpr double kEasingResidual = 1.05;    // … and taken if it explains the tracks this nearly as well
constexpr double kSameTracks = 4;           // (or this much worse at most: two standard deviations)
constexpr double kTrackPrior = 0.01;        // a pull toward the start, per step², where the tracks cannot tell
constexpr int kSameColor = 3;               // levels a channel: a colour this close to the base's is the base's
constexpr int kRangeProbes = 4, kRangeHalvings = 3;
constexpr std::size_t kGeometryStride = 3;  // a size's passing range is judged on every third frame
constexpr double kRefineSteps = 0.25;       // a refinement's first steps, in parameter steps (a quarter frame)
constexpr int kSmallestRest = 24;           // px: the rest pose's pyramid goes down to about this
constexpr int kRestRounds = 3;              // Subplex restarts at each size of it, while they gain
constexpr int kBlockRounds = 4;             // rounds of easings then timings, while they gain
constexpr int kPacketScan = 16;             // the packet's size is first tried at this many steps of its range
constexpr double kPacketMoved = 0.02;       // units: a packet this much larger or smaller is measured again
constexpr int kPacketPasses = 3;            // at most this many times
constexpr double kPixelPreset = 0.01;       // a preset is taken for a custom easing if the pixels say it is this nearly as good
constexpr int kRescueBudget = 600;          // evaluations of a motion's timings on the pixels, where no spec matched
constexpr int kHandleBudget = 150;          // evaluations of a custom easing's handles on the pixels, a round
constexpr int kHandleRounds = 4;            // rounds, each from the curve's metric where the last ended
constexpr double kHandleStep = 0.001;       // RMS progress: the handles' first steps
constexpr double kHandleReach = 0.02;       // … and the farthest a round goes
constexpr double kWholeDeparture = 0.02;    // frames: a departure this near a whole frame is on it
constexpr double kDeparturePull = 1e6;      // per frame²: what holds a departure on its frame (a track's noise² is 1)
constexpr double kActive = 0.003;           // a module this far off its rest scale is moving
constexpr double kExplainedTracks = 1;      // tracks explained to this distance a measurement (one noise²) need no easing freed
// A rounded value may cost the tracks this share (and one noise²): what a player's anti-aliasing
// makes of a swell moves the best fit by a few ten-thousandths, which costs the truth some 20 %,
// while a value a hundredth off costs it many times over.
constexpr double kRoundedTracks = 0.25;
constexpr int kRoundingPasses = 3;          // rounds of rounding after the pixels, while one rounds more
constexpr double kRoundedRest = 0.05;       // … or check's score of the rest frames this share

double infinity() { return std::numeric_limits<double>::infinity(); }

std::string seconds_since(std::chrono::steady_clock::time_point began) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f s", std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count());
  return text;
}

bool under(const std::string& path, const std::string& prefix) { return path == prefix || path.rfind(prefix + ".", 0) == 0; }

int color_distance(spec::Rgba a, spec::Rgba b) {
  return std::max({std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b), std::abs(a.a - b.a)});
}

// The duotone mix m that takes `primary` toward `backdrop` to give `secondary` (least squares over
// the channels), in [0, 1].
double mix_between(spec::Rgba primary, spec::Rgba backdrop, spec::Rgba secondary) {
  const double d[3] = {double(backdrop.r) - primary.r, double(backdrop.g) - primary.g, double(backdrop.b) - primary.b};
  const double s[3] = {double(secondary.r) - primary.r, double(secondary.g) - primary.g, double(secondary.b) - primary.b};
  const double dd = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
  if (dd < 1) return 0;
  return std::clamp((s[0] * d[0] + s[1] * d[1] + s[2] * d[2]) / dd, 0.0, 1.0);
}

// The largest gap between two easings' progress over their segment.
// An easing's path from one of its handles' rows ("….travel.ease" for "….travel.ease.2"), and
// whether a row is its first handle.
std::string easing_path(const std::string& handle) { return handle.substr(0, handle.size() - 2); }
bool is_first_handle(const std::string& path) { return path.size() > 2 && path.compare(path.size() - 2, 2, ".0") == 0; }

// The Bézier easing whose handles are values[c … c+3].
motion::Easing easing_at(const std::vector<double>& values, std::size_t c) {
  return motion::Easing::bezier(values[c], values[c + 1], values[c + 2], values[c + 3]);
}

// Whether every animation's verdict passed (true for none).
bool every_passed(const std::vector<AnimationFit>& animations) {
  return std::all_of(animations.begin(), animations.end(), [](const AnimationFit& a) { return a.passed(); });
}

double easing_distance(const motion::Easing& a, const motion::Easing& b) {
  double worst = 0;
  for (int i = 0; i <= 200; ++i) worst = std::max(worst, std::abs(a(i / 200.0) - b(i / 200.0)));
  return worst;
}

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

// The primary as whole levels, from each player's own reading of the rest frames: where they
// differ by one level the higher is taken, for a player that truncates reads a level low (rlottie
// makes 0.898 × 255 into 228 where ThorVG and we make it 229), and a level's difference over a
// solid card shows in check's windows at 256 px; else the level nearest their mean.
spec::Rgba nearest_level(const check::ColorSolver::Solution& solved, const std::vector<check::ColorSolver>& players, bool secondary) {
  if (players.size() < 2) return solved.primary;
  std::vector<spec::Rgba> read;
  for (const check::ColorSolver& p : players) read.push_back(p.solve(secondary).primary);
  spec::Rgba out = solved.primary;
  const auto pick = [&](std::uint8_t spec::Rgba::*channel) {
    int lo = 255, hi = 0;
    double sum = 0;
    for (const spec::Rgba& c : read) lo = std::min<int>(lo, c.*channel), hi = std::max<int>(hi, c.*channel), sum += c.*channel;
    out.*channel = static_cast<std::uint8_t>(hi - lo == 1 ? hi : std::lround(sum / static_cast<double>(read.size())));
  };
  pick(&spec::Rgba::r), pick(&spec::Rgba::g), pick(&spec::Rgba::b);
  return out;
}

// A theme's colours as the frames show them.
struct ThemeColours {
  std::string theme;
  spec::Rgba primary;
  std::optional<double> mix;
};

// `base` with its layout's keylines taken out. On keylines a layout size rounds to a whole unit,
// which makes every size a staircase no search can climb; the fit moves sizes freely and puts the
// keylines back at the end where they change nothing drawn (draws_alike).
Json without_keylines(const Json& base) {
  Json doc = base;
  if (doc.contains("layout") && doc["layout"].is_object()) doc["layout"].erase("keylines");
  return doc;
}

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

class Fitter {
 public:
  Fitter(const Json& base, const Target& target, const FitOptions& options);
  FitResult run();

 private:
  using Objective = std::function<double(const std::vector<double>&)>;

  bool is_fixed(const Param& p) const;
  Json document(const std::vector<double>& values) const;
  std::optional<spec::IconSpec> load(const std::vector<double>& values) const;
  spec::Variant variant_of(const spec::IconSpec& spec, const TargetAnimation& a) const;
  std::string geometry_key(const std::vector<double>& values) const;
  std::vector<const TargetAnimation*> showing(const std::string& motion) const;
  int size_for(const TargetAnimation& a, int asked) const;
  // Minimises `f` over `rows` from the values in hand, which it moves to the minimum. `decides`:
  // the result is final (its convergence is the fit's), not a starting point for a later stage.
  Minimum search(const std::vector<std::size_t>& rows, const Objective& f, Method method, int budget, const std::string& stage,
                 double tolerance = 1e-3, bool decides = true, double initial_steps = 1);
  bool moves_frames(std::size_t row, const std::vector<const TargetAnimation*>& animations);
  double pixel_residual(const std::vector<double>& values, std::vector<PixelResidual>& residuals,
                        const std::vector<const TargetAnimation*>& animations);
  // check's verdict on `animations` at the fine size (the worst frame of any player), measured in
  // `verdicts`, which must outlive it.
  Objective verdict_on(const std::vector<const TargetAnimation*>& animations, std::vector<PixelResidual>& verdicts);
  // Each animation's measure of `spec` (two at a time), summed, or the worst of them.
  double each_animation(const spec::IconSpec& spec, const std::string& geometry, std::vector<PixelResidual>& measures,
                        const std::vector<const TargetAnimation*>& animations, bool worst);

  void gather_rests();
  const std::vector<std::uint32_t>& halved(const std::vector<std::uint32_t>& frame, int size);
  std::optional<check::ColorSolver::Solution> solve_rest(const std::vector<double>& values, double* worst = nullptr,
                                                        std::vector<check::ColorSolver>* players = nullptr);
  // How well `values` explain the rest frames, the colours solved (levels², summed).
  double rest_residual(const std::vector<double>& values);
  // check's score of the rest frames at the largest size: the worst window of the worst player.
  double rest_score(const std::vector<double>& values);
  void fit_rest();
  int round_rows(std::vector<std::size_t> rows, const Objective& f, bool relative, bool refit);
  std::vector<std::size_t> geometry_rows() const;
  void round_values();
  Json written_document() const;
  void fit_motion(const std::string& motion);
  void fit_motion_tracks(const std::string& motion, const std::vector<std::size_t>& rows);
  void refit_blockwise(const std::vector<std::size_t>& rows, const std::vector<std::size_t>& timed, const Objective& f);
  std::optional<std::vector<double>> stretched_to_duration(const std::string& motion, std::vector<double> values,
                                                           const std::vector<std::size_t>& rows) const;
  std::optional<std::vector<double>> stretched_onto(const std::string& motion, const std::vector<MeasuredTracks>& tracks,
                                                    const std::vector<std::size_t>& rows) const;
  // How far `values`' choreography of `motion` is from the tracks measured for it, with a faint
  // pull of `rows` toward `start`.
  double track_distance_of(const std::string& motion, const std::vector<double>& values, const std::vector<std::size_t>& rows,
                           const std::vector<double>& start, bool guiding = false) const;
  void snap_easings();
  void refine_motion_on_pixels(const std::string& motion);
  void refine_handles(std::size_t row, const Objective& f);
  std::optional<double> departure_of(const std::string& motion, std::size_t easing_row, const std::vector<double>& values) const;
  bool depart_on_frames(const std::string& motion, std::size_t easing_row, const Objective& residual, const Objective& verdict);
  std::vector<std::string> presets_near(const std::vector<motion::Easing>& curves) const;
  std::vector<std::size_t> timed_rows(const std::string& motion) const;
  void refit_on_tracks(const std::vector<std::size_t>& rows, const Objective& f, const std::string& stage = "");
  void judge();
  void rescue_on_pixels();
  void find_ranges();
  FitResult result();

  const Target& target_;
  FitOptions options_;
  Json base_;                 // the base without keylines: the fit moves sizes freely
  std::optional<Json> keylines_;  // the base's layout.keylines, written back when the fitted layout is on them
  bool on_keylines_ = false;      // candidates drawn on the base's keylines (the target is: fit_rest found so)
  double rate_;
  ParamTable table_;
  std::vector<double> values_;
  std::vector<ParamState> state_;
  std::vector<std::string> shown_;              // motions the target shows, in the spec's order
  std::map<std::string, double> durations_;     // per motion shown: its length in frames at rate_
  std::string theme_;                           // the theme the inline look stands for
  std::vector<ThemeColours> colours_;
  std::map<std::string, std::string> presets_;  // easing path → the preset it is
  std::map<std::string, std::vector<MeasuredTracks>> tracks_;  // per motion shown: each player's
  std::set<std::string> freed_easings_;  // easing paths fitted as curves of their own (the others stay the base's)
  struct Rest {
    std::string style, motion;
    std::map<int, std::vector<ImageView>> images;  // by size: every view's first frame
    std::map<int, std::vector<check::Engine>> shown_by;  // by size: which player drew each
  };
  std::vector<Rest> rests_;
  std::vector<int> rest_sizes_;                     // the pyramid, smallest first
  std::vector<std::unique_ptr<std::vector<std::uint32_t>>> halved_;  // the frames halved for it
  int rest_size_ = 0;                               // the level being fitted
  std::map<check::Engine, double> player_noise_;    // at this level: each player's residual when it began
  bool duotone_ = false;
  FitResult out_;
  long renders_ = 0;
};

Fitter::Fitter(const Json& base, const Target& target, const FitOptions& options)
    : target_(target),
      options_(options),
      base_(without_keylines(base)),
      keylines_(base.contains("layout") && base["layout"].contains("keylines") ? std::optional(base["layout"]["keylines"]) : std::nullopt),
      rate_([&] {
        const bool keep = std::any_of(options.fix.begin(), options.fix.end(), [](const std::string& p) { return under("frame_rate", p); });
        return keep || target.animations.empty() ? base.at("frame_rate").get<double>() : target.animations.front().frame_rate;
      }()),
      table_(base_, rate_),
      values_(table_.base_values()) {
  const spec::IconSpec base_spec = spec::load_spec(base);
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
    if (!durations_.count(a.variant.motion)) durations_[a.variant.motion] = a.duration * rate_ / a.frame_rate;
  }
  for (const auto& m : base_spec.motions) {
    if (durations_.count(m.name)) shown_.push_back(m.name);
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
    const Param& p = table_.params()[i];
    if (!p.motion.empty() && !durations_.count(p.motion)) state_[i] = ParamState::NotShown;
    else if (is_fixed(p)) state_[i] = ParamState::Fixed;
  }
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

std::optional<spec::IconSpec> Fitter::load(const std::vector<double>& values) const {
  Json doc = document(values);
  try {
    // Each shown motion's tail is what its duration leaves after the action, not searched. The
    // frame count is the action's end plus the tail rounded up, so any tail within a frame gives
    // it: the base's when it is one of them (the frames cannot tell), else the middle.
    const spec::IconSpec first = spec::load_spec(doc);
    for (const auto& [motion, duration] : durations_) {
      const auto& params = first.choreography(motion);
      const double end = params.lead + motion::clip_timing(params.timeline, first.module_count()).end;
      const double base = table_.base_values()[*table_.find("motions." + motion + ".tail")];
      const double longest = duration - end, tail = base > longest - 1 && base <= longest ? base : longest - 0.5;
      doc["motions"][motion]["tail"] = std::max(params.loop ? 0.0 : 1.0, tail);
    }
    return spec::load_spec(doc);
  } catch (const spec::SpecError&) {
    return std::nullopt;  // a candidate the loader refuses is no candidate
  }
}

spec::Variant Fitter::variant_of(const spec::IconSpec& spec, const TargetAnimation& a) const {
  return {a.variant.style, spec.default_weight, a.variant.motion, theme_, std::nullopt};
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
    if (motion.empty() || a.variant.motion == motion) out.push_back(&a);
  }
  return out;
}

int Fitter::size_for(const TargetAnimation& a, int asked) const {
  const auto& frames = a.views.front().frames;
  return frames.count(asked) ? asked : frames.begin()->first;  // a folder has its own size only
}

Minimum Fitter::search(const std::vector<std::size_t>& rows, const Objective& f, Method method, int budget, const std::string& stage,
                       double tolerance, bool decides, double initial_steps) {
  if (rows.empty()) return {{}, 0, 0, true, "nothing to fit"};
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
  const Minimum m = minimise(objective, start, box, method, budget, tolerance, initial_steps);
  for (std::size_t i = 0; i < rows.size(); ++i) values_[rows[i]] = m.x[i];
  if (decides) out_.converged = out_.converged && m.converged;
  if (stage.empty()) return m;  // a step of a stage that reports itself
  out_.stages.push_back(stage + ": " + std::to_string(rows.size()) + " parameters, " + std::to_string(m.evaluations) +
                        " evaluations, " + m.stop + ", " + seconds_since(began));
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

// A frame at half its size: each pixel the mean of four (as a renderer's box-filtered coverage is).
const std::vector<std::uint32_t>& Fitter::halved(const std::vector<std::uint32_t>& frame, int size) {
  const int half = size / 2;
  auto out = std::make_unique<std::vector<std::uint32_t>>(static_cast<std::size_t>(half) * half);
  for (int y = 0; y < half; ++y) {
    for (int x = 0; x < half; ++x) {
      std::uint32_t p = 0;
      for (int shift = 0; shift < 32; shift += 8) {
        unsigned sum = 2;  // rounds to nearest
        for (int dy = 0; dy < 2; ++dy) {
          for (int dx = 0; dx < 2; ++dx) sum += (frame[static_cast<std::size_t>(2 * y + dy) * size + 2 * x + dx] >> shift) & 0xFF;
        }
        p |= (sum / 4) << shift;
      }
      (*out)[static_cast<std::size_t>(y) * half + x] = p;
    }
  }
  halved_.push_back(std::move(out));
  return *halved_.back();
}

// The rest frames of every view of every animation, by style, at each size of a pyramid (the rest
// frames' own size, halved down to about 24 px): sizes are fitted coarse to fine, since at 256 px
// a module half a unit off lies beyond the reach of its edges' anti-aliasing, where the residual
// tells nothing; and ended at the largest, where the players draw caps and corners as we do.
void Fitter::gather_rests() {
  const spec::IconSpec base_spec = spec::load_spec(base_);
  for (const TargetAnimation* a : showing("")) {
    auto it = std::find_if(rests_.begin(), rests_.end(), [&](const Rest& r) { return r.style == a->variant.style; });
    if (it == rests_.end()) it = rests_.insert(rests_.end(), {a->variant.style, a->variant.motion, {}, {}});
    for (const TargetView& v : a->views) {
      const int size = v.rest_size;
      if (rest_sizes_.empty()) {
        for (int s = size; s >= kSmallestRest; s /= 2) rest_sizes_.insert(rest_sizes_.begin(), s);
      }
      for (std::size_t i = 0; i < v.rest.size(); ++i) {
        const std::vector<std::uint32_t>* level = &v.rest[i];
        for (int s = size; s >= kSmallestRest; s /= 2) {
          if (s != size) level = &halved(*level, s * 2);
          if (std::find(rest_sizes_.begin(), rest_sizes_.end(), s) != rest_sizes_.end()) {
            it->images[s].push_back(view_of(*level, s, s));
            it->shown_by[s].push_back(v.engine);
          }
        }
        // Animations of one style rest alike: each rest frame once.
        auto& at = it->images[size];
        const auto same = [&](const ImageView& other) {
          return std::equal(at.back().data, at.back().data + 4 * size * size, other.data);
        };
        if (std::count_if(at.begin(), at.end() - 1, same) > 0) {
          for (int s = size; s >= kSmallestRest; s /= 2) it->images[s].pop_back(), it->shown_by[s].pop_back();
        }
      }
    }
    duotone_ = duotone_ || base_spec.style_rule(a->variant.style).card_fill == spec::CardFill::Secondary;
  }
  rest_size_ = rest_sizes_.back();
}

std::optional<check::ColorSolver::Solution> Fitter::solve_rest(const std::vector<double>& values, double* worst,
                                                              std::vector<check::ColorSolver>* players) {
  const auto spec = load(values);
  if (!spec) return std::nullopt;
  check::ColorSolver all;
  std::map<check::Engine, check::ColorSolver> by_player;
  for (const Rest& r : rests_) {
    const AnimatedScene scene = build_scene(*spec, {r.style, spec->default_weight, r.motion, theme_, std::nullopt});
    const AnimatedScene probed = check::probe_colors(scene);
    const ImageSurface probe = render_frame(evaluate(probed, 0), rest_size_);
    ++renders_;
    const auto& images = r.images.at(rest_size_);
    for (std::size_t i = 0; i < images.size(); ++i) {
      all.add(probe.view(), images[i]);
      by_player[r.shown_by.at(rest_size_)[i]].add(probe.view(), images[i]);
    }
  }
  const check::ColorSolver::Solution solved = all.solve(duotone_);
  if (worst) {
    *worst = 0;
    // Each player weighed by how closely it draws as we do (the inverse of its residual when the
    // level began): the one nearer our renderer says more about the geometry than the noisier.
    *worst = 0;
    for (const auto& [engine, solver] : by_player) {
      const double r = solver.residual_of(solved);
      if (!player_noise_.count(engine)) player_noise_[engine] = std::max(r, 1.0);
      *worst += r / player_noise_.at(engine);
    }
  }
  if (players) {
    for (const auto& [engine, solver] : by_player) players->push_back(solver);
  }
  return solved;
}

// How well `values` explain the rest frames, the colours solved: each player's residual (levels²,
// summed) over its noise.
double Fitter::rest_residual(const std::vector<double>& values) {
  double worst = 0;
  if (!solve_rest(values, &worst)) return infinity();
  // A die larger than the card's free space draws at that space's size (geometry's die_half_size),
  // so beyond it the residual is flat and a search that strays there never comes back: a faint
  // pull toward the size drawn keeps it where the die's size shows.
  const auto die = table_.find("layout.die.size"), module = table_.find("layout.module.size"), weight = table_.find("stroke.default");
  if (die && module && weight) {
    const double clearance = base_["layout"]["die"].value("clearance", 0.0);
    const double excess = values[*die] - (values[*module] - 2 * values[*weight] - 2 * clearance);
    if (excess > 0) worst *= 1 + 0.01 * excess;
  }
  return worst;
}

// Stage 2: the weight and the layout against every animation's rest frames, colours solved.
void Fitter::fit_rest() {
  const auto all = showing("");
  std::vector<std::size_t> rows;
  for (std::size_t i = 0; i < table_.params().size(); ++i) {
    const Param& p = table_.params()[i];
    if (state_[i] != ParamState::Fitted || (p.family != Family::Layout && p.family != Family::Weight)) continue;
    if (p.path == "layout.packet.radius") continue;  // packets show in flight only: fitted with the motion
    if (!moves_frames(i, all)) {
      state_[i] = ParamState::Undetermined;
      continue;
    }
    rows.push_back(i);
  }
  gather_rests();
  const std::vector<double> from_base = values_;
  // First the ink's moments (each module's centre and spread, each link's extent), which lead the
  // search from the base however far off it is, at the pyramid's middle size.
  {
    rest_size_ = rest_sizes_.size() > 1 ? rest_sizes_[rest_sizes_.size() - 2] : rest_sizes_.back();
    const auto spec = load(values_);
    std::vector<std::pair<const Rest*, std::vector<double>>> targets;
    std::map<const Rest*, IconRegions> regions;
    for (const Rest& r : rests_) {
      const AnimatedScene scene = build_scene(*spec, {r.style, spec->default_weight, r.motion, theme_, std::nullopt});
      regions.emplace(&r, icon_regions(scene, rest_size_));
      for (const ImageView& image : r.images.at(rest_size_)) targets.emplace_back(&r, ink_moments(regions.at(&r), pixels_of(image), rest_size_));
    }
    const Objective apart = [&](const std::vector<double>& values) {
      const auto candidate = load(values);
      if (!candidate) return infinity();
      double sum = 0;
      for (const Rest& r : rests_) {
        const AnimatedScene scene = build_scene(*candidate, {r.style, candidate->default_weight, r.motion, theme_, std::nullopt});
        const std::vector<double> ours = ink_moments(regions.at(&r), pixels_of(render_frame(evaluate(scene, 0), rest_size_).view()), rest_size_);
        ++renders_;
        for (const auto& [rest, target] : targets) {
          if (rest != &r) continue;
          for (std::size_t i = 0; i < ours.size(); ++i) sum += (ours[i] - target[i]) * (ours[i] - target[i]);
        }
      }
      return sum;
    };
    search(rows, apart, Method::Subplex, 1000, "rest pose: ink moments at " + std::to_string(rest_size_) + " px", 1e-3, false);
  }
  // Coarse to fine: at 128 px a module half a unit off lies beyond the reach of its edges'
  // anti-aliasing, where the residual says nothing; at 32 px it is within a pixel. Subplex at each
  // size, again while it still gains: the sizes trade with one another (a module's size and the
  // padding place its edges together) and the residual is rough at the scale of a pixel's 1/15
  // (Cairo's vertical sampling), which stalls a model-based method like BOBYQA.
  const Objective residual = [&](const std::vector<double>& values) { return rest_residual(values); };
  const auto pyramid = [&](const std::string& from) {
    for (int size : rest_sizes_) {
      rest_size_ = size;
      player_noise_.clear();
      double now = residual(values_);
      const bool last = size == rest_sizes_.back();
      for (int round = 0; round < (last ? 1 : kRestRounds); ++round) {
        search(rows, residual, Method::Subplex, last ? 400 : 800, "rest pose (weight, layout) at " + std::to_string(size) + " px" + from,
               last ? 4e-3 : 1e-3, last);
        const double then = residual(values_);
        if (then > now * (1 - 1e-3)) break;
        now = then;
      }
    }
  };
  pyramid("");
  // The moments can mislead where the base was near already: a rounder corner has less ink,
  // which a smaller die and shorter links make up for (a corner radius 2.53 for 2.25 was fitted
  // with a die of 0.25 for 2). So the pyramid runs from the base too, and the better end is kept
  // (judged with one player noise, the first's).
  {
    const std::vector<double> guided = values_;
    values_ = from_base;
    pyramid(", from the base");
    const std::vector<double> plain = values_;
    player_noise_.clear();
    const double guided_residual = residual(guided);
    if (guided_residual <= residual(plain)) values_ = guided;
  }
  // Two ways a layout can draw that no search step reaches: without its die (below the die's
  // min_size it is left out, a cliff in the residual), and on the base's keylines (every size
  // rounded to a whole unit of the keyline weight's parity, as our own exports of a keylined spec
  // draw: a staircase, so the module's two nearest such sizes are tried). Each is kept where it
  // explains the rest frames better.
  if (const auto die = table_.find("layout.die.size"); die && std::find(rows.begin(), rows.end(), *die) != rows.end()) {
    std::vector<double> without = values_;
    without[*die] = 0;
    if (residual(without) < residual(values_)) values_ = without;
  }
  if (const auto module = table_.find("layout.module.size"); keylines_ && module) {
    const double off = residual(values_);
    const int parity = keylines_->value("weight", 2) % 2;
    const double below = std::floor(values_[*module]) - (static_cast<int>(std::floor(values_[*module])) % 2 != parity ? 1 : 0);
    std::optional<std::vector<double>> best;
    double best_residual = off;
    on_keylines_ = true;
    for (const double size : {below, below + 2}) {
      std::vector<double> on = values_;
      on[*module] = size;
      const double r = residual(on);
      if (r < best_residual) best = on, best_residual = r;
    }
    on_keylines_ = best.has_value();
    if (best) values_ = *best;
  }
  // The colours at the weight and layout found; the base's own where they are within a few levels.
  if (std::any_of(options_.fix.begin(), options_.fix.end(), [](const std::string& p) { return under("themes", p); })) {
    colours_.clear();
    return;
  }
  std::vector<check::ColorSolver> players;
  auto s = solve_rest(values_, nullptr, &players);
  if (!s) return;
  s->primary = nearest_level(*s, players, duotone_);
  const spec::IconSpec base_spec = spec::load_spec(base_);
  const spec::ThemeRule& rule = base_spec.theme_rule(theme_);
  ThemeColours c{theme_, color_distance(s->primary, rule.primary) <= kSameColor ? rule.primary : s->primary, std::nullopt};
  if (s->has_secondary && color_distance(s->secondary, rule.secondary(c.primary)) > kSameColor) {
    c.mix = mix_between(c.primary, rule.backdrop, s->secondary);
  }
  colours_ = {c};
  // The bundle's other colour themes, as ThorVG drew them, solved at the weight and layout found.
  const auto spec = load(values_);
  for (const TargetTheme& t : target_.themes) {
    if (t.id == theme_ || !spec) continue;
    const auto shown = std::find_if(target_.animations.begin(), target_.animations.end(), [&](const TargetAnimation& a) { return a.id == t.animation; });
    const AnimatedScene scene = build_scene(*spec, variant_of(*spec, *shown));
    const AnimatedScene probed = check::probe_colors(scene);
    const ImageSurface probe = render_frame(evaluate(probed, 0), t.size);
    ++renders_;
    check::ColorSolver solver;
    solver.add(probe.view(), view_of(t.rest, t.size, t.size));
    const auto solved = solver.solve(base_spec.style_rule(shown->variant.style).card_fill == spec::CardFill::Secondary);
    const spec::ThemeRule& r = base_spec.theme_rule(t.id);
    ThemeColours other{t.id, color_distance(solved.primary, r.primary) <= kSameColor ? r.primary : solved.primary, std::nullopt};
    if (solved.has_secondary && color_distance(solved.secondary, r.secondary(other.primary)) > kSameColor) {
      other.mix = mix_between(other.primary, r.backdrop, solved.secondary);
    }
    colours_.push_back(other);
  }
}

// Stage 3: one motion's timings, scales and easings from the tracks its frames show (every player's
// of its first animation): what the frames say of each module and packet, frame by frame, is a far
// steadier guide than the whole picture's residual, which the players' own anti-aliasing tilts.
// Then the packet's size, the one layout size that shows only in flight, against the pixels.
void Fitter::fit_motion(const std::string& motion) {
  const auto group = showing(motion);
  std::vector<std::size_t> rows;
  for (std::size_t i = 0; i < table_.params().size(); ++i) {
    const Param& p = table_.params()[i];
    if (p.motion != motion || state_[i] != ParamState::Fitted || under(p.path, "motions." + motion + ".tail")) continue;
    if (!moves_frames(i, group)) {
      state_[i] = ParamState::Undetermined;
      continue;
    }
    rows.push_back(i);
  }
  // The packet's size, the one layout size that shows in flight only, against the pixels: scanned
  // over its range first (below the stroke's own floor it changes nothing), then refined. The
  // tracks depend on it (a packet's edge meets a card sooner when it is larger), so while it moves
  // the motion is fitted again afresh, from the base's timings and easings.
  const std::vector<double> fresh = values_;
  if (!rows.empty()) fit_motion_tracks(motion, rows);
  const auto packet = table_.find("layout.packet.radius");
  if (!packet || state_[*packet] != ParamState::Fitted) return;
  if (!moves_frames(*packet, group)) {
    state_[*packet] = ParamState::Undetermined;  // at this weight the packet's size follows the stroke
    return;
  }
  std::vector<PixelResidual> residuals;
  for (const TargetAnimation* a : group) residuals.emplace_back(*a, size_for(*a, options_.fine_size));
  const Objective residual = [&](const std::vector<double>& values) { return pixel_residual(values, residuals, group); };
  const Param& p = table_.params()[*packet];
  for (int pass = 0; pass < kPacketPasses; ++pass) {
    const double before = values_[*packet];
    double best = before, lowest = residual(values_);
    for (int k = 0; k <= kPacketScan && pass == 0; ++k) {
      std::vector<double> values = values_;
      values[*packet] = p.lower + (p.upper - p.lower) * k / kPacketScan;
      if (const double r = residual(values); r < lowest) lowest = r, best = values[*packet];
    }
    values_[*packet] = best;
    search({*packet}, residual, Method::Subplex, 60, motion + ": packet size, pixels at " + std::to_string(residuals.front().size()) + " px");
    if (std::abs(values_[*packet] - before) <= kPacketMoved) break;
    for (std::size_t r : rows) values_[r] = fresh[r];
    for (std::size_t r : rows) freed_easings_.erase(easing_path(table_.params()[r].path));
    tracks_[motion].clear();
    if (!rows.empty()) fit_motion_tracks(motion, rows);
  }
}

// The tracks of `motion` measured (every player's frames of its first animation), and `rows`
// fitted to them.
void Fitter::fit_motion_tracks(const std::string& motion, const std::vector<std::size_t>& rows) {
  const auto group = showing(motion);
  const TargetAnimation& measured = *group.front();
  const int size = size_for(measured, options_.fine_size);
  const auto spec = load(values_);
  if (!spec) throw std::logic_error("fit: the spec in hand does not load");
  const AnimatedScene rest = build_scene(*spec, variant_of(*spec, measured));
  std::vector<MeasuredTracks>& tracks = tracks_[motion];
  const auto began = std::chrono::steady_clock::now();
  long drawn = 0;
  for (std::size_t v = 0; v < measured.views.size(); ++v) {
    tracks.push_back(measure_tracks(rest, measured.frames(size, v), size, measured.frame_rate));
    drawn += tracks.back().renders;
    // An action starts at rest: each module's scale is measured relative to its first frame, which
    // takes out what a player's anti-aliasing makes of the outline (a few ten-thousandths).
    MeasuredTracks& t = tracks.back();
    if (!spec->choreography(motion).loop && !t.frames.empty()) {
      const std::vector<double> rest_scale = t.frames.front().module_scale;
      for (MeasuredFrame& f : t.frames) {
        for (std::size_t k = 0; k < f.module_scale.size(); ++k) f.module_scale[k] /= rest_scale[k];
      }
    }
  }
  renders_ += drawn;
  out_.stages.push_back(motion + ": tracks measured on " + std::to_string(measured.views.size()) + " players' frames of " + measured.id +
                        " at " + std::to_string(size) + " px, " + std::to_string(drawn) + " frames drawn, " + seconds_since(began));
  // The timings and scales first, the easings held at the base's (most motions use presets, and
  // twelve fewer dimensions find the timing surely); then everything, from there.
  const std::vector<double> start = values_;
  std::vector<std::size_t> timed;
  for (std::size_t r : rows) {
    if (table_.params()[r].family != Family::Easing) timed.push_back(r);
  }
  const auto distance = [&, motion](const std::vector<double>& values) { return track_distance_of(motion, values, rows, start); };
  // Then an easing of the motion's own where the base's do not explain the tracks: the one whose
  // freeing helps most, and again while another helps plainly (the fewest custom curves that
  // explain the frames: each freed easing trades with the timings around it). Freed, an easing's
  // four handles and the timings are fitted block by block, then together: seventeen dimensions
  // at once lose their way, four at a time do not.
  std::vector<std::vector<std::size_t>> easings;
  std::vector<std::size_t> free_rows = timed;
  for (std::size_t r : rows) {
    const Param& p = table_.params()[r];
    if (p.family != Family::Easing || !is_first_handle(p.path)) continue;
    if (freed_easings_.count(easing_path(p.path))) {
      free_rows.insert(free_rows.end(), {r, r + 1, r + 2, r + 3});  // freed by a pass before
    } else {
      easings.push_back({r, r + 1, r + 2, r + 3});
    }
  }
  std::size_t terms = 0;
  for (const MeasuredTracks& t : tracks) terms += t.frames.size() * (t.frames.empty() ? 0 : t.frames.front().module_scale.size() * 2);
  // Guided from far off first, from three starts, the best kept: the base's timings; those found
  // stretched and shifted onto the span the tracks move in; and the base's stretched as a whole to
  // the target's duration (a motion at another frame rate is just that: a 30 fps copy that kept
  // 60 fps frame counts, its gather's slow start unseen for two frames, was fitted 9 frames long
  // for 12 from the span alone). Then every stage judges each frame alike.
  const auto guided = [&, motion](const std::vector<double>& values) { return track_distance_of(motion, values, rows, start, true); };
  const std::vector<double> from_base = values_;
  search(free_rows, guided, Method::Subplex, 6000, motion + ": tracks, easings held, guided", 1e-2, false);
  std::vector<std::vector<double>> ends{values_};  // where each start led, the best last
  std::vector<std::vector<double>> starts;        // the starts themselves
  const auto try_from = [&](const std::optional<std::vector<double>>& from, const std::string& what) {
    if (!from) return;
    starts.push_back(*from);
    const std::vector<double> found = values_;
    values_ = *from;
    search(free_rows, guided, Method::Subplex, 6000, motion + ": tracks, easings held, guided from " + what, 1e-2, false);
    if (guided(found) <= guided(values_)) {
      ends.insert(ends.end() - 1, values_);
      values_ = found;
    } else {
      ends.push_back(values_);
    }
  };
  try_from(stretched_onto(motion, tracks, free_rows), "the span");
  try_from(stretched_to_duration(motion, from_base, free_rows), "the duration");
  search(free_rows, distance, Method::Subplex, 3000, motion + ": tracks, easings held", 1e-2, false);
  search(free_rows, distance, Method::Bobyqa, 3000, motion + ": tracks, easings held, refined", 1e-3, true, kRefineSteps);
  double now = distance(values_);
  std::vector<std::vector<std::size_t>> freed_here;  // the easings this pass freed, in order
  while (!easings.empty() && now > kExplainedTracks * static_cast<double>(terms)) {
    std::optional<std::size_t> best;
    std::vector<double> best_values;
    double best_distance = now;
    for (std::size_t e = 0; e < easings.size(); ++e) {
      const std::vector<double> kept = values_;
      std::vector<std::size_t> trial = free_rows;
      trial.insert(trial.end(), easings[e].begin(), easings[e].end());
      double d = now;
      for (int round = 0; round < kBlockRounds; ++round) {
        search(easings[e], distance, Method::Subplex, 800, "", 1e-3, false);
        search(free_rows, distance, Method::Subplex, 1500, "", 1e-2, false);
        const double then = distance(values_);
        if (then > d * (1 - 1e-3)) break;
        d = then;
      }
      search(trial, distance, Method::Bobyqa, 3000, "", 1e-3, false, kRefineSteps);
      if (distance(values_) < best_distance) best = e, best_distance = distance(values_), best_values = values_;
      values_ = kept;
    }
    if (!best || best_distance > now - std::max(kSameTracks, (kEasingResidual - 1) * now)) break;  // no plain gain
    values_ = best_values;
    now = best_distance;
    free_rows.insert(free_rows.end(), easings[*best].begin(), easings[*best].end());
    freed_here.push_back(easings[*best]);
    freed_easings_.insert(easing_path(table_.params()[easings[*best].front()].path));
    out_.stages.push_back(motion + ": tracks, easing " + table_.params()[easings[*best].front()].path + " freed (distance " +
                          spec::format_number(std::round(now * 10) / 10) + ")");
    easings.erase(easings.begin() + static_cast<std::ptrdiff_t>(*best));
  }
  // The easings were freed from the best start's timings, which the base's easings may have led
  // astray: a 30 fps copy's custom travel, held as the base's swift-out, put its gather a fifth of
  // a frame off, and a freed gather easing then made up for it. So the curves freed here are fitted
  // again from every other start (the searched ends and the starts themselves), the first one
  // freed, the first two, … each time (the others back to the base's), and the fewest curves that
  // explain the tracks plainly best are kept, as when they were freed.
  if (!freed_here.empty()) {
    const std::vector<double> found = values_;
    const auto margin = [](double d) { return std::max(kSameTracks, (kEasingResidual - 1) * d); };
    struct Option {
      std::vector<double> values;
      std::size_t freed;
      double distance;
    };
    Option best{found, freed_here.size(), now};
    const auto better = [&](const Option& o) {
      if (o.freed != best.freed) return o.freed < best.freed ? o.distance <= best.distance + margin(best.distance)
                                                             : o.distance + margin(o.distance) < best.distance;
      return o.distance < best.distance;
    };
    ends.pop_back();
    ends.insert(ends.end(), starts.begin(), starts.end());
    ends.push_back(found);  // the curves freed but the last, from where they were freed
    for (const std::vector<double>& from : ends) {
      for (std::size_t k = 1; k <= freed_here.size(); ++k) {
        values_ = from;
        std::vector<std::size_t> rows_k = free_rows;
        for (std::size_t e = 0; e < freed_here.size(); ++e) {
          for (std::size_t r : freed_here[e]) {
            values_[r] = e < k ? found[r] : from_base[r];
            if (e >= k) rows_k.erase(std::find(rows_k.begin(), rows_k.end(), r));
          }
        }
        if (from == found && k == freed_here.size()) continue;  // that is the fit in hand
        refit_blockwise(rows_k, timed, distance);
        if (const Option o{values_, k, distance(values_)}; better(o)) best = o;
      }
    }
    values_ = best.values;
    now = best.distance;
    std::vector<std::size_t> kept_free = timed;
    for (std::size_t e = 0; e < freed_here.size(); ++e) {
      if (e < best.freed) {
        kept_free.insert(kept_free.end(), freed_here[e].begin(), freed_here[e].end());
      } else {
        const std::string& path = table_.params()[freed_here[e].front()].path;
        freed_easings_.erase(easing_path(path));
      }
    }
    for (std::size_t r : free_rows) {  // freed by a pass before
      if (std::find(kept_free.begin(), kept_free.end(), r) == kept_free.end() &&
          std::none_of(freed_here.begin(), freed_here.end(), [&](const auto& e) { return std::find(e.begin(), e.end(), r) != e.end(); })) {
        kept_free.push_back(r);
      }
    }
    // From there a curve kept may be the base's again alone (the gather above: its timings exact
    // only then).
    for (std::size_t e = 0; e < best.freed; ++e) {
      const std::vector<double> kept = values_;
      std::vector<std::size_t> rows_without;
      for (std::size_t r : kept_free) {
        if (std::find(freed_here[e].begin(), freed_here[e].end(), r) == freed_here[e].end()) rows_without.push_back(r);
      }
      for (std::size_t r : freed_here[e]) values_[r] = from_base[r];
      refit_blockwise(rows_without, timed, distance);
      if (const double d = distance(values_); d <= now + margin(now)) {
        now = d;
        kept_free = rows_without;
        const std::string& path = table_.params()[freed_here[e].front()].path;
        freed_easings_.erase(easing_path(path));
      } else {
        values_ = kept;
      }
    }
    const std::size_t curves = (kept_free.size() - timed.size()) / 4;
    out_.stages.push_back(motion + ": tracks, the freed easings fitted again from every start: " + std::to_string(curves) +
                          " of their own (distance " + spec::format_number(std::round(now * 10) / 10) + ")");
  }
}

// `rows` (timings and freed easings) fitted to the tracks `f` measures, the easings' handles and
// the timings block by block while they gain, then together.
void Fitter::refit_blockwise(const std::vector<std::size_t>& rows, const std::vector<std::size_t>& timed, const Objective& f) {
  std::vector<std::size_t> handles;
  for (std::size_t r : rows) {
    if (table_.params()[r].family == Family::Easing) handles.push_back(r);
  }
  double d = f(values_);
  for (int round = 0; round < kBlockRounds; ++round) {
    search(handles, f, Method::Subplex, 800, "", 1e-3, false);
    search(timed, f, Method::Subplex, 1500, "", 1e-2, false);
    const double then = f(values_);
    if (then > d * (1 - 1e-3)) break;
    d = then;
  }
  search(rows, f, Method::Bobyqa, 3000, "", 1e-3, false, kRefineSteps);
}

// `values` with every timing of `motion` among `rows` stretched by what the target's duration is to
// theirs: a motion re-timed as a whole, or written at another frame rate with its frame counts
// kept, is just that (and the tracks' span, measured between frames where a slow start shows
// late, can miss it by a frame or two). nullopt when it changes nothing or does not load.
std::optional<std::vector<double>> Fitter::stretched_to_duration(const std::string& motion, std::vector<double> values,
                                                                 const std::vector<std::size_t>& rows) const {
  const auto spec = load(values);
  const auto duration = durations_.find(motion);
  if (!spec || duration == durations_.end()) return std::nullopt;
  // The base's own tail (load() makes the tail whatever the duration leaves).
  const motion::ChoreographyParams& params = spec->choreography(motion);
  const auto tail = table_.find("motions." + motion + ".tail");
  const double ours = params.lead + motion::clip_timing(params.timeline, spec->module_count()).end + (tail ? values[*tail] : params.tail);
  if (!(ours > 0)) return std::nullopt;
  const double stretch = duration->second / ours;
  if (std::abs(stretch - 1) < 0.02) return std::nullopt;
  for (std::size_t r : rows) {
    const Param& p = table_.params()[r];
    if (p.family == Family::Timing) values[r] = std::clamp(values[r] * stretch, p.lower, p.upper);
  }
  if (!load(values)) return std::nullopt;
  return values;
}

// The values in hand with `motion`'s timings among `rows` stretched and its lead shifted so that what it moves
// spans what the tracks show moving (first to last frame where a module is off rest or a packet
// shows); nullopt when either moves nothing or the stretched values do not load.
std::optional<std::vector<double>> Fitter::stretched_onto(const std::string& motion, const std::vector<MeasuredTracks>& tracks,
                                                          const std::vector<std::size_t>& rows) const {
  const auto active = [](const MeasuredFrame& f) {
    for (double s : f.module_scale) {
      if (std::abs(s - 1) > kActive) return true;
    }
    for (const auto& p : f.link_progress) {
      if (p) return true;
    }
    return false;
  };
  std::optional<std::size_t> first, last;
  for (std::size_t i = 0; i < tracks.front().frames.size(); ++i) {
    if (active(tracks.front().frames[i])) first = first.value_or(i), last = i;
  }
  const auto spec = load(values_);
  if (!first || !spec) return std::nullopt;
  const motion::Choreography c = motion::choreograph(spec->choreography(motion), spec->module_count());
  const double k = spec->frame_rate / tracks.front().frame_rate;  // our frames per measured frame
  std::optional<double> ours_first, ours_last;
  for (double t = 0; t < c.frame_count; t += 0.25) {
    bool moving = false;
    for (const auto& m : c.module_scale) moving = moving || std::abs(m.at(t) - 1) > kActive;
    for (const auto& p : c.packets) moving = moving || p.opacity.at(t) > 0.5;
    if (moving) ours_first = ours_first.value_or(t), ours_last = t;
  }
  if (!ours_first || *ours_last <= *ours_first || *last <= *first) return std::nullopt;
  const double stretch = (static_cast<double>(*last - *first) * k) / (*ours_last - *ours_first);
  std::vector<double> values = values_;
  const auto lead = table_.find("motions." + motion + ".lead");
  for (std::size_t r : rows) {
    const Param& p = table_.params()[r];
    if (p.family == Family::Timing) values[r] = std::clamp(values[r] * stretch, p.lower, p.upper);
  }
  if (lead && std::find(rows.begin(), rows.end(), *lead) != rows.end()) {
    const Param& p = table_.params()[*lead];
    values[*lead] = std::clamp(values[*lead] + static_cast<double>(*first) * k - *ours_first * stretch, p.lower, p.upper);
  }
  if (!load(values)) return std::nullopt;
  return values;
}

double Fitter::track_distance_of(const std::string& motion, const std::vector<double>& values, const std::vector<std::size_t>& rows,
                                 const std::vector<double>& start, bool guiding) const {
  const auto candidate = load(values);
  if (!candidate) return infinity();
  const motion::Choreography c = motion::choreograph(candidate->choreography(motion), candidate->module_count());
  double sum = 0;
  const auto measured = tracks_.find(motion);
  if (measured == tracks_.end()) return 0;  // nothing of it fitted, nothing measured
  for (const MeasuredTracks& t : measured->second) sum += track_distance(c, candidate->frame_rate, t, guiding);
  // A faint pull toward the start, for what the tracks cannot tell apart.
  for (std::size_t r : rows) {
    const double d = (values[r] - start[r]) / table_.params()[r].step;
    sum += kTrackPrior * d * d;
  }
  return sum;
}

// Stage 4: easings that are a preset, named. A preset near the curve found is tried with the
// motion's other parameters fitted to the tracks again around it (a timing and an easing can trade
// a little of one for the other); it is taken when the tracks cannot tell it from the handles.
void Fitter::snap_easings() {
  const auto& params = table_.params();
  int tried = 0, taken = 0;
  for (std::size_t i = 0; i + 3 < params.size(); ++i) {
    if (params[i].family != Family::Easing || !is_first_handle(params[i].path)) continue;
    const std::string path = easing_path(params[i].path);
    const Json& original = base_.at(Json::json_pointer(json_pointer(path)));
    const bool fitted = std::all_of(state_.begin() + static_cast<std::ptrdiff_t>(i), state_.begin() + static_cast<std::ptrdiff_t>(i) + 4,
                                    [](ParamState s) { return s == ParamState::Fitted; });
    if (!fitted || !freed_easings_.count(path)) {
      if (original.is_string()) presets_[path] = original.get<std::string>();
      continue;
    }
    const std::vector<std::string> near = presets_near({easing_at(values_, i)});
    // The motion's other parameters, but not the easings that stay what they are: those already
    // named, and those never freed (they stay the base's: moved here, they were written as their
    // preset while every later stage judged the handles moved, and a rise leaned 0.1 frame to
    // make up for it).
    const std::string motion = params[i].motion;
    std::vector<std::size_t> others;
    for (std::size_t r = 0; r < params.size(); ++r) {
      const bool named = std::any_of(presets_.begin(), presets_.end(), [&](const auto& p) { return under(params[r].path, p.first); });
      const bool held = params[r].family == Family::Easing &&
                        !freed_easings_.count(easing_path(params[r].path));
      if (params[r].motion == motion && state_[r] == ParamState::Fitted && (r < i || r > i + 3) && !named && !held &&
          !under(params[r].path, "motions." + motion + ".tail")) {
        others.push_back(r);
      }
    }
    const std::vector<double> kept = values_;
    const auto distance = [&](const std::vector<double>& values) { return track_distance_of(motion, values, others, kept); };
    const double now = distance(values_);
    for (const std::string& name : near) {
      ++tried;
      const motion::Easing preset = *motion::easing_preset(name);
      const bool linear = preset.kind == motion::Easing::Kind::Linear;
      values_[i] = linear ? 0 : preset.x1, values_[i + 1] = linear ? 0 : preset.y1;
      values_[i + 2] = linear ? 1 : preset.x2, values_[i + 3] = linear ? 1 : preset.y2;
      search(others, distance, Method::Bobyqa, 3000, path + " as " + name, 1e-3, false, kRefineSteps);
      if (distance(values_) <= now + std::max(kSameTracks, kEasingResidual * now - now)) {
        presets_[path] = name;
        ++taken;
        break;
      }
      values_ = kept;
    }
  }
  out_.stages.push_back("easings: " + std::to_string(taken) + " named presets of " + std::to_string(tried) + " tried");
}

// Then each motion's custom easings against the pixels themselves. The tracks are read off the
// ink, not seen: a packet's place leans toward the card that hides its edge as it arrives (a linear
// travel was fitted as a curve 0.03 of progress away), and check at 256 px sees a curve 0.01 of
// progress off near its start, below a track's noise. So each custom easing (not those named
// presets) is refined on the squared pixel difference of the first animation showing the motion,
// in every player, at the fine size, in the curve's own coordinates (easing_metric.h); frames
// whose pose a step leaves alone are not drawn again. Then it becomes a preset near it where the
// pixels say that is as good, the motion's timings and scales fitted to the tracks again around
// it. The timings themselves stay the tracks' (BOBYQA over them on the pixels changed no verdict
// of the round trips that failed at 256 px).
void Fitter::refine_motion_on_pixels(const std::string& motion) {
  const auto group = showing(motion);
  if (group.empty()) return;
  const std::vector<std::size_t> timed = timed_rows(motion);
  std::vector<std::size_t> custom;
  for (std::size_t i = 0; i < table_.params().size(); ++i) {
    const Param& p = table_.params()[i];
    if (p.motion != motion || state_[i] != ParamState::Fitted || p.family != Family::Easing || !is_first_handle(p.path)) continue;
    if (std::none_of(presets_.begin(), presets_.end(), [&](const auto& e) { return under(p.path, e.first); })) custom.push_back(i);
  }
  if (custom.empty()) return;
  const std::vector<const TargetAnimation*> first{group.front()};
  std::vector<PixelResidual> residuals;
  residuals.emplace_back(*first.front(), size_for(*first.front(), options_.fine_size));
  const Objective residual = [&](const std::vector<double>& values) { return pixel_residual(values, residuals, first); };
  // check's verdict, the worst frame of the players: the squared difference is a sum, which can
  // buy many frames' gain with one frame's loss (a packet's first frame after a lead the tracks
  // misread), and it is the worst frame that check judges. A step may not make it worse.
  std::vector<PixelResidual> verdicts;
  const Objective verdict = verdict_on(first, verdicts);
  const auto began = std::chrono::steady_clock::now();
  const long drawn = renders_;
  int named = 0, refined = 0, departed_on_frames = 0;
  for (std::size_t c : custom) {
    const std::vector<double> tracks_found = values_;
    const double judged = verdict(values_);
    refine_handles(c, residual);
    if (verdict(values_) > judged) {
      values_ = tracks_found;
    } else {
      ++refined;
    }
    departed_on_frames += depart_on_frames(motion, c, residual, verdict);
    const double now = residual(values_), now_judged = verdict(values_);
    const std::vector<double> kept = values_;
    const auto tracks = [&](const std::vector<double>& values) { return track_distance_of(motion, values, timed, kept); };
    // The presets near the curve in hand (first) or as the tracks found it.
    for (const std::string& name : presets_near({easing_at(values_, c), easing_at(tracks_found, c)})) {
      const motion::Easing preset = *motion::easing_preset(name);
      values_[c] = preset.x1, values_[c + 1] = preset.y1, values_[c + 2] = preset.x2, values_[c + 3] = preset.y2;
      refit_on_tracks(timed, tracks);
      if (residual(values_) <= now * (1 + kPixelPreset) && verdict(values_) <= now_judged * (1 + kPixelPreset)) {
        presets_[easing_path(table_.params()[c].path)] = name;
        ++named;
        break;
      }
      values_ = kept;
    }
  }
  out_.stages.push_back(motion + ": " + std::to_string(custom.size()) + " custom easings on the pixels at " +
                        std::to_string(residuals.front().size()) + " px, " + std::to_string(refined) + " refined, " +
                        std::to_string(departed_on_frames) + " departing on a frame, " + std::to_string(named) +
                        " then named presets, " +
                        std::to_string(renders_ - drawn) + " frames drawn, " + seconds_since(began));
}

// The frame the packets whose travel the easing at `easing_row` times leave at (the first of its
// clip's departures); nullopt when the values do not load or the easing times no travel.
std::optional<double> Fitter::departure_of(const std::string& motion, std::size_t easing_row, const std::vector<double>& values) const {
  const std::string& path = table_.params()[easing_row].path;  // motions.M.<clip>.travel.ease.0
  const std::string suffix = ".travel.ease.0", prefix = "motions." + motion + ".";
  if (path.size() <= prefix.size() + suffix.size() || path.compare(path.size() - suffix.size(), suffix.size(), suffix) != 0) {
    return std::nullopt;
  }
  std::string clip = path.substr(prefix.size(), path.size() - prefix.size() - suffix.size());
  std::replace(clip.begin(), clip.end(), '.', '/');
  const auto spec = load(values);
  if (!spec) return std::nullopt;
  const motion::Choreography c = motion::choreograph(spec->choreography(motion), spec->module_count());
  for (const motion::ChoreographyEvent& e : c.events) {
    if (e.kind == motion::ChoreographyEvent::Kind::Depart && e.field == clip) return e.frame;
  }
  return std::nullopt;
}

// A departure between two frames, tried on each of them. Where a packet first shows, a card
// hides its edge, so the tracks cannot tell a later departure with a brisk start from an earlier
// one that crawls (a lead of 5.25 and a crawl for the truth's 6): the two differ on the
// departure's frame alone, which check at 256 px sees. So the motion is fitted to the tracks again
// with the departure held on the frame before and the frame after (a stiff pull on the tracks'
// distance), the curve refined on the pixels, and the best kept where the pixels and the verdict
// say it is better. Returns whether it moved.
bool Fitter::depart_on_frames(const std::string& motion, std::size_t easing_row, const Objective& residual, const Objective& verdict) {
  const std::optional<double> departs = departure_of(motion, easing_row, values_);
  if (!departs || std::abs(*departs - std::round(*departs)) < kWholeDeparture) return false;
  std::vector<std::size_t> rows = timed_rows(motion);
  for (std::size_t i = 0; i < 4; ++i) rows.push_back(easing_row + i);
  const std::vector<double> kept = values_;
  std::vector<double> best = values_;
  double best_residual = residual(values_);
  const double judged = verdict(values_);
  for (const double frame : {std::floor(*departs), std::ceil(*departs)}) {
    values_ = kept;
    const auto held = [&](const std::vector<double>& v) {
      const std::optional<double> d = departure_of(motion, easing_row, v);
      if (!d) return infinity();
      const double off = *d - frame;
      return track_distance_of(motion, v, rows, kept) + kDeparturePull * off * off;
    };
    refit_on_tracks(rows, held);
    refine_handles(easing_row, residual);
    if (const double r = residual(values_); r < best_residual && verdict(values_) <= judged) best = values_, best_residual = r;
  }
  values_ = best;
  return best != kept;
}

// The presets (not a hold) within kNearEasing of any of `curves` at every point, nearest the
// first curve first.
std::vector<std::string> Fitter::presets_near(const std::vector<motion::Easing>& curves) const {
  std::vector<std::pair<double, std::string>> near;
  for (const std::string& name : motion::easing_preset_names()) {
    const motion::Easing preset = *motion::easing_preset(name);
    if (preset.kind == motion::Easing::Kind::Hold) continue;
    if (std::any_of(curves.begin(), curves.end(), [&](const motion::Easing& c) { return easing_distance(c, preset) <= kNearEasing; })) {
      near.emplace_back(easing_distance(curves.front(), preset), name);
    }
  }
  std::sort(near.begin(), near.end());
  std::vector<std::string> names;
  for (const auto& [gap, name] : near) names.push_back(name);
  return names;
}

// The easing at rows r … r+3 refined on `f` in the curve's own coordinates (easing_metric.h),
// measured again as the search moves along the valley, while it gains.
void Fitter::refine_handles(std::size_t r, const Objective& f) {
  double now = f(values_);
  for (int round = 0; round < kHandleRounds; ++round) {
    const Handles from{values_[r], values_[r + 1], values_[r + 2], values_[r + 3]};
    const Eigen::Matrix4d basis = progress_basis(from);
    const auto handles = [&](const std::vector<double>& z) -> Eigen::Vector4d {
      return Eigen::Map<const Eigen::Vector4d>(from.data()) + basis * Eigen::Map<const Eigen::Vector4d>(z.data());
    };
    std::vector<double> values = values_;
    const auto along = [&](const std::vector<double>& z) {
      const Eigen::Vector4d moved = handles(z);
      for (int i = 0; i < 4; ++i) {
        const Param& p = table_.params()[r + static_cast<std::size_t>(i)];
        if (moved[i] < p.lower || moved[i] > p.upper) return infinity();
        values[r + static_cast<std::size_t>(i)] = moved[i];
      }
      return f(values);
    };
    const Box box{std::vector<double>(4, -kHandleReach), std::vector<double>(4, kHandleReach), std::vector<double>(4, kHandleStep)};
    const Minimum m = minimise(along, std::vector<double>(4, 0.0), box, Method::Subplex, kHandleBudget, 1e-2, 1);
    if (m.value >= now * (1 - 1e-4)) break;
    now = m.value;
    const Eigen::Vector4d moved = handles(m.x);
    for (int i = 0; i < 4; ++i) values_[r + static_cast<std::size_t>(i)] = moved[i];
  }
}

// `rows` fitted again to the tracks `f` measures, a custom easing having become a preset under
// them: Subplex first (a packet that leaves a frame earlier is a step in the tracks, where
// BOBYQA's model stalls at its start: a linear travel tried for a curve kept the curve's lead 5.4
// for 6), then BOBYQA. (snap_easings' refinement stays BOBYQA alone: its presets replace curves
// the tracks themselves explain, and Subplex there moved well-fitted timings onto the tracks'
// bias, a hold of 1.5 frames to 1.496.)
void Fitter::refit_on_tracks(const std::vector<std::size_t>& rows, const Objective& f, const std::string& stage) {
  search(rows, f, Method::Subplex, 1500, "", 1e-2, false);
  search(rows, f, Method::Bobyqa, 3000, stage, 1e-3, false, kRefineSteps);
}

// The units a value of family `f` is tried at, roundest first.
std::vector<double> rounding_units(Family f) {
  switch (f) {
    case Family::Timing: return {1, 0.5, 0.25, 0.1, 0.01};
    case Family::Scale: return {0.05, 0.01, 0.005, 0.001};
    default: return {0.25, 0.05, 0.01, 0.001};
  }
}

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

// Values as people write them, where the frames cannot tell: each fitted timing, scale and size
// is tried at the roundest of a few units (whole frames, half frames …; hundredths of a scale;
// quarters, twentieths … of a grid unit), the others of its kind fitted again around it (a lead
// and a gather trade frames), and kept there when the tracks or the rest frames it is judged by
// say no worse. A truth of whole frames comes back whole rather than a hair off, which matters
// where a packet's departure falls on a frame. Values nearest a round one go first.
void Fitter::round_values() {
  int rounded_count = 0;
  for (const std::string& motion : shown_) {
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
  rounded_count += round_rows(geometry, score(values_) <= 1 ? score : residual, true, false);
  out_.stages.push_back("rounding: " + std::to_string(rounded_count) + " values rounded where the frames cannot tell");
}

double Fitter::rest_score(const std::vector<double>& values) {
  const auto spec = load(values);
  if (!spec) return infinity();
  const int size = rest_sizes_.back();
  double worst = 0;
  for (const Rest& r : rests_) {
    const AnimatedScene scene = build_scene(*spec, {r.style, spec->default_weight, r.motion, theme_, std::nullopt});
    const ImageSurface ours = render_frame(evaluate(scene, 0), size);
    ++renders_;
    for (const ImageView& image : r.images.at(size)) worst = std::max(worst, check::score_frame(image, ours.view(), scene.grid, options_.thresholds).score);
  }
  return worst;
}

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
    doc["defaults"]["motion"] = target_.animations.front().variant.motion;
  } else {
    // A bundle's default style is the one its players show first.
    for (const TargetAnimation& a : target_.animations) {
      if (a.id == target_.initial) doc["defaults"]["style"] = a.variant.style;
    }
  }
  doc["defaults"]["theme"] = theme_;
  return doc;
}

// Stage 5: check's verdict on every frame; where it fails, where the residual sits.
void Fitter::judge() {
  // The verdict is on the spec as written (rounded, presets by name), exactly what check will load.
  const std::optional<spec::IconSpec> spec = spec::load_spec(written_document());
  for (const TargetAnimation& a : target_.animations) {
    AnimationFit fit{a.id, variant_of(*spec, a), "", a.found_how, {}, a.failures, {}, -1, {}, {}, {}};
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
  for (std::size_t i = 0; i < table_.params().size(); ++i) {
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
    residuals.emplace_back(*first.front(), size_for(*first.front(), options_.fine_size));
    const Objective residual = [&](const std::vector<double>& values) { return pixel_residual(values, residuals, first); };
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
  out_.stages.push_back(std::string("timings refined on the pixels where no spec matched: ") + (better ? "kept" : "no better, dropped") + ", " +
                        std::to_string(renders_ - drawn) + " frames drawn, " + seconds_since(began));
}

FitResult Fitter::run() {
  const auto started = std::chrono::steady_clock::now();
  const auto say = [&](const std::string& what) {
    if (options_.progress) options_.progress(what);
  };
  say("the rest pose: weight, layout and colours");
  fit_rest();
  for (const std::string& m : shown_) {
    say("motion " + m + ": tracks, then pixels");
    fit_motion(m);
  }
  say("easings");
  snap_easings();
  for (const std::string& m : shown_) {
    say("motion " + m + ": custom easings on the pixels");
    refine_motion_on_pixels(m);
  }
  auto began = std::chrono::steady_clock::now();
  round_values();
  out_.stages.back() += ", " + seconds_since(began);
  // The tails the durations leave, written into the values so the report shows them.
  if (const auto spec = load(values_)) {
    for (const auto& [motion, duration] : durations_) {
      if (const auto row = table_.find("motions." + motion + ".tail")) values_[*row] = spec->choreography(motion).tail;
    }
  }
  say("check's verdict");
  began = std::chrono::steady_clock::now();
  long drawn = renders_;
  judge();
  out_.stages.push_back("check's verdict on every frame of every player at " + std::to_string(out_.size) + " px: " +
                        std::to_string(renders_ - drawn) + " frames drawn, " + seconds_since(began));
  if (!every_passed(out_.animations)) {
    say("no spec matches: the timings refined on the pixels");
    rescue_on_pixels();
  }
  if (options_.ranges) {
    say("how well the frames determine each parameter");
    began = std::chrono::steady_clock::now();
    drawn = renders_;
    find_ranges();
    out_.stages.push_back("passing ranges: " + std::to_string(renders_ - drawn) + " frames drawn, " + seconds_since(began));
  }
  FitResult r = result();
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return r;
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
    if (options.progress) options.progress(what);
  };
  FitResult result = Fitter(base, target, options).run();
  if (result.matched()) return result;
  // The look is found at the base's layout, which a target far from it can mislead (a solid card
  // with padding 1.53 read as an outline at weight 3). Where nothing matches, the look is found
  // again at the layout the fit reached, and fitted again (from the base) where it reads otherwise.
  Target again = target;
  if (find_looks_again(spec::load_spec(result.spec), again, options.fine_size, options.pins)) {
    say("no spec matches: the look read otherwise at the layout fitted; fitted again");
    FitResult second = Fitter(base, again, options).run();
    if (second.matched()) {
      second.notes.push_back("the look read at the base's layout did not match; read again at the layout a first fit reached, it does");
      return second;
    }
  }
  // A one-animation target is also fitted as each other style, and the first that matches is the answer.
  if (options.pins.style || target.animations.size() != 1) return result;
  const std::string found = target.animations.front().variant.style;
  for (const std::string& style : spec::names_of(spec::load_spec(base).styles)) {
    if (style == found) continue;
    Target other = target;
    other.animations.front().variant.style = style;
    say("no spec matches as " + found + ": fitted again as " + style);
    FitResult retry = Fitter(base, other, options).run();
    if (!retry.matched()) continue;
    retry.notes.push_back("the look read " + found + " from the rest frame (at the base's layout); fitted as " + style + ", which matches");
    return retry;
  }
  return result;
}

}  // namespace iconsynth::render::fit
