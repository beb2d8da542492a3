#include "render/fit/fitter.h"

#include "render/fit/easing_metric.h"

#include <cmath>

namespace iconsynth::render::fit::detail {

namespace {

constexpr double kNearEasing = 0.1;         // a preset this close to the curve found everywhere is tried
constexpr double kPixelPreset = 0.01;       // a preset is taken for a custom easing if the pixels say it is this nearly as good
constexpr int kHandleBudget = 150;          // evaluations of a custom easing's handles on the pixels, a round
constexpr int kHandleRounds = 4;            // rounds, each from the curve's metric where the last ended
constexpr double kHandleStep = 0.001;       // RMS progress: the handles' first steps
constexpr double kHandleReach = 0.02;       // … and the farthest a round goes
constexpr double kWholeDeparture = 0.02;    // frames: a departure this near a whole frame is on it
constexpr double kDeparturePull = 1e6;      // per frame²: what holds a departure on its frame (a track's noise² is 1)

// The largest gap between two easings' progress over their segment.
double easing_distance(const motion::Easing& a, const motion::Easing& b) {
  double worst = 0;
  for (int i = 0; i <= 200; ++i) worst = std::max(worst, std::abs(a(i / 200.0) - b(i / 200.0)));
  return worst;
}

}  // namespace

// Stage 4: easings that are a preset, named. A preset near the curve found is tried with the
// motion's other parameters fitted to the tracks again around it (a timing and an easing can trade
// a little of one for the other); it is taken when the tracks cannot tell it from the handles.
void Fitter::snap_easings() {
  const auto& params = table_.params();
  int tried = 0, taken = 0;
  const auto began = std::chrono::steady_clock::now();
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
      if (out_of_budget()) break;
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
  record("easings: " + std::to_string(taken) + " named presets of " + std::to_string(tried) + " tried, " + seconds_since(began));
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
  const Objective residual = squared_on(first, residuals);
  // check's verdict, the worst frame of the players: the squared difference is a sum, which can
  // buy many frames' gain with one frame's loss (a packet's first frame after a lead the tracks
  // misread), and it is the worst frame that check judges. A step may not make it worse.
  std::vector<PixelResidual> verdicts;
  const Objective verdict = verdict_on(first, verdicts);
  const auto began = std::chrono::steady_clock::now();
  const long drawn = renders_;
  int named = 0, refined = 0, departed_on_frames = 0;
  for (std::size_t c : custom) {
    if (out_of_budget()) break;
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
      if (out_of_budget()) break;
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
  record(motion + ": " + std::to_string(custom.size()) + " custom easings on the pixels at " + std::to_string(residuals.front().size()) +
         " px, " + std::to_string(refined) + " refined, " + std::to_string(departed_on_frames) + " departing on a frame, " +
         std::to_string(named) + " then named presets, " + std::to_string(renders_ - drawn) + " frames drawn, " + seconds_since(began));
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
    if (out_of_budget()) break;
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
  for (int round = 0; round < kHandleRounds && !out_of_budget(); ++round) {
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
    const Minimum m = minimise(along, std::vector<double>(4, 0.0), box, Method::Subplex, kHandleBudget, 1e-2, 1,
                               [this] { return out_of_budget(); });
    evaluations_ += m.evaluations;
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

}  // namespace iconsynth::render::fit::detail
