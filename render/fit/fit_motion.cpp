#include "render/fit/fitter.h"

#include "render/fit/track_fit.h"
#include "spec/json_reader.h"

namespace iconsynth::render::fit::detail {

namespace {

constexpr double kTrackPrior = 0.01;        // a pull toward the start, per step², where the tracks cannot tell
constexpr int kBlockRounds = 4;             // rounds of easings then timings, while they gain
constexpr int kPacketScan = 16;             // the packet's size is first tried at this many steps of its range
constexpr double kPacketMoved = 0.02;       // units: a packet this much larger or smaller is measured again
constexpr int kPacketPasses = 3;            // at most this many times
constexpr double kActive = 0.003;           // a module this far off its rest scale is moving
constexpr double kExplainedTracks = 1;      // tracks explained to this distance a measurement (one noise²) need no easing freed

}  // namespace

// Stage 3: one motion's timings, scales and easings from the tracks its frames show (every player's
// of its first animation): what the frames say of each module and packet, frame by frame, is a far
// steadier guide than the whole picture's residual, which the players' own anti-aliasing tilts.
// And the packet's size, the one layout size that shows only in flight, against the pixels.
void Fitter::fit_motion(const std::string& motion) {
  const auto group = showing(motion);
  std::vector<std::size_t> rows;
  for (std::size_t i = 0; i < table_.params().size(); ++i) {
    const Param& p = table_.params()[i];
    if (p.motion != motion || state_[i] != ParamState::Fitted || under(p.path, "motions." + motion + ".tail")) continue;
    if (out_of_budget()) return;  // each check draws the motion's frames
    if (!moves_frames(i, group)) {
      state_[i] = ParamState::Undetermined;
      continue;
    }
    rows.push_back(i);
  }
  const auto packet = table_.find("layout.packet.radius");
  const bool sized = packet && state_[*packet] == ParamState::Fitted;
  if (sized && !moves_frames(*packet, group)) state_[*packet] = ParamState::Undetermined;  // at this weight it follows the stroke
  if (!sized || state_[*packet] != ParamState::Fitted) {
    if (!rows.empty()) fit_motion_tracks(motion, rows, true);
    return;
  }
  // The tracks depend on the packet's size (a packet's edge meets a card sooner when it is
  // larger), and an easing freed to explain tracks read with the wrong packet makes up for it (a
  // packet of 2.4 read as 1.75 freed four curves, every one dropped once the size was known). So
  // the size comes first, on timings fitted with the base's easings held: scanned over its range
  // (below the stroke's own floor it changes nothing), then refined, the motion fitted again from
  // the base while the size moves. Then the easings are freed where the base's do not explain the
  // tracks, and the size is refined once more, the motion fitted again afresh while it moves.
  std::vector<PixelResidual> residuals;
  const Objective residual = squared_on(group, residuals);
  const Param& p = table_.params()[*packet];
  const std::vector<double> fresh = values_;
  const auto afresh = [&](bool free_easings) {
    for (std::size_t r : rows) values_[r] = fresh[r];
    for (std::size_t r : rows) freed_easings_.erase(easing_path(table_.params()[r].path));
    // Measured again only where the size moved plainly since they were: each measure is thousands of frames.
    const auto at = tracks_packet_.find(motion);
    if (at == tracks_packet_.end() || std::abs(values_[*packet] - at->second) > kPacketMoved) tracks_[motion].clear();
    if (!rows.empty()) fit_motion_tracks(motion, rows, free_easings);
  };
  // Returns whether the size moved plainly.
  const auto size_packet = [&](bool scan) {
    const double before = values_[*packet];
    double best = before, lowest = residual(values_);
    for (int k = 0; k <= kPacketScan && scan && !out_of_budget(); ++k) {
      std::vector<double> values = values_;
      values[*packet] = p.lower + (p.upper - p.lower) * k / kPacketScan;
      if (const double r = residual(values); r < lowest) lowest = r, best = values[*packet];
    }
    values_[*packet] = best;
    search({*packet}, residual, Method::Subplex, 120, motion + ": packet size, pixels at " + std::to_string(residuals.front().size()) + " px");
    return std::abs(values_[*packet] - before) > kPacketMoved;
  };
  if (!rows.empty()) fit_motion_tracks(motion, rows, false);
  for (int pass = 0; pass < kPacketPasses && !out_of_budget(); ++pass) {
    if (!size_packet(pass == 0) || rows.empty()) break;
    afresh(false);
  }
  if (rows.empty() || out_of_budget()) return;
  afresh(true);
  for (int pass = 0; pass < kPacketPasses && !out_of_budget(); ++pass) {
    if (!size_packet(false)) break;
    // A fit afresh that the budget cuts short may end worse than the one before it.
    const std::vector<double> fitted = values_;
    const std::set<std::string> freed = freed_easings_;
    afresh(true);
    if (out_of_budget() && residual(fitted) < residual(values_)) values_ = fitted, freed_easings_ = freed;
  }
}

// The tracks of `motion` measured on every player's frames of its first animation, kept in tracks_.
std::vector<MeasuredTracks>& Fitter::measure_tracks_of(const std::string& motion) {
  const auto group = showing(motion);
  const TargetAnimation& measured = *group.front();
  const int size = size_for(measured, options_.fine_size);
  const spec::IconSpec spec = loaded(values_);
  const AnimatedScene rest = build_scene(spec, variant_of(spec, measured));
  std::vector<MeasuredTracks>& tracks = tracks_[motion];
  const auto began = std::chrono::steady_clock::now();
  long drawn = 0;
  for (std::size_t v = 0; v < measured.views.size(); ++v) {
    tracks.push_back(measure_tracks(rest, measured.frames(size, v), size, measured.frame_rate));
    drawn += tracks.back().renders;
    // An action starts at rest: each module's scale is measured relative to its first frame, which
    // takes out what a player's anti-aliasing makes of the outline (a few ten-thousandths).
    MeasuredTracks& t = tracks.back();
    if (!spec.choreography(motion).loop && !t.frames.empty()) {
      const std::vector<double> rest_scale = t.frames.front().module_scale;
      for (MeasuredFrame& f : t.frames) {
        for (std::size_t k = 0; k < f.module_scale.size(); ++k) f.module_scale[k] /= rest_scale[k];
      }
    }
  }
  renders_ += drawn;
  if (const auto packet = table_.find("layout.packet.radius")) tracks_packet_[motion] = values_[*packet];
  record(motion + ": tracks measured on " + std::to_string(measured.views.size()) + " players' frames of " + measured.id + " at " +
         std::to_string(size) + " px, " + std::to_string(drawn) + " frames drawn, " + seconds_since(began));
  return tracks;
}

// The tracks of `motion` measured (unless they are in hand), and `rows` fitted to them: the
// timings and scales, and with `free_easings` the easings the base's do not explain.
void Fitter::fit_motion_tracks(const std::string& motion, const std::vector<std::size_t>& rows, bool free_easings) {
  if (out_of_budget()) return;  // measuring the tracks alone draws thousands of frames
  const std::vector<MeasuredTracks>& tracks = tracks_[motion].empty() ? measure_tracks_of(motion) : tracks_[motion];
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
  std::vector<std::size_t> freed_before;  // the handles of easings a pass before freed
  for (std::size_t r : rows) {
    const Param& p = table_.params()[r];
    if (p.family != Family::Easing || !is_first_handle(p.path)) continue;
    if (freed_easings_.count(easing_path(p.path))) {
      freed_before.insert(freed_before.end(), {r, r + 1, r + 2, r + 3});
    } else {
      easings.push_back({r, r + 1, r + 2, r + 3});
    }
  }
  std::vector<std::size_t> free_rows = timed;
  free_rows.insert(free_rows.end(), freed_before.begin(), freed_before.end());
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
    if (!from || out_of_budget()) return;
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
  while (free_easings && !easings.empty() && now > kExplainedTracks * static_cast<double>(terms) && !out_of_budget()) {
    const auto began = std::chrono::steady_clock::now();
    const long evaluations = evaluations_;
    std::optional<std::size_t> best;
    std::vector<double> best_values;
    double best_distance = now;
    for (std::size_t e = 0; e < easings.size() && !out_of_budget(); ++e) {
      const std::vector<double> kept = values_;
      std::vector<std::size_t> trial = free_rows;
      trial.insert(trial.end(), easings[e].begin(), easings[e].end());
      fit_in_blocks(easings[e], free_rows, trial, distance);
      if (distance(values_) < best_distance) best = e, best_distance = distance(values_), best_values = values_;
      values_ = kept;
    }
    const std::string tried = std::to_string(easings.size()) + " easings tried, " + std::to_string(evaluations_ - evaluations) +
                              " evaluations, " + seconds_since(began);
    if (!best || best_distance > now - std::max(kSameTracks, (kEasingResidual - 1) * now)) {  // no plain gain
      record(motion + ": tracks, no easing freed: " + tried);
      break;
    }
    values_ = best_values;
    now = best_distance;
    free_rows.insert(free_rows.end(), easings[*best].begin(), easings[*best].end());
    freed_here.push_back(easings[*best]);
    freed_easings_.insert(easing_path(table_.params()[easings[*best].front()].path));
    record(motion + ": tracks, easing " + table_.params()[easings[*best].front()].path + " freed (distance " +
           spec::format_number(std::round(now * 10) / 10) + "): " + tried);
    easings.erase(easings.begin() + static_cast<std::ptrdiff_t>(*best));
  }
  // The easings were freed from the best start's timings, which the base's easings may have led
  // astray: a 30 fps copy's custom travel, held as the base's swift-out, put its gather a fifth of
  // a frame off, and a freed gather easing then made up for it. So the curves freed here are fitted
  // again from every other start (the searched ends and the starts themselves), the first one
  // freed, the first two, … each time (the others back to the base's), and the fewest curves that
  // explain the tracks plainly best are kept, as when they were freed.
  if (!freed_here.empty() && !out_of_budget()) {
    const auto began = std::chrono::steady_clock::now();
    const long evaluations = evaluations_;
    int refits = 0;
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
      for (std::size_t k = 1; k <= freed_here.size() && !out_of_budget(); ++k) {
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
        ++refits;
        if (const Option o{values_, k, distance(values_)}; better(o)) best = o;
      }
    }
    values_ = best.values;
    now = best.distance;
    // What stays free: the timings, the curves kept, and those a pass before freed.
    std::vector<std::size_t> kept_free = timed;
    for (std::size_t e = 0; e < freed_here.size(); ++e) {
      if (e < best.freed) {
        kept_free.insert(kept_free.end(), freed_here[e].begin(), freed_here[e].end());
      } else {
        freed_easings_.erase(easing_path(table_.params()[freed_here[e].front()].path));
      }
    }
    kept_free.insert(kept_free.end(), freed_before.begin(), freed_before.end());
    // From there a curve kept may be the base's again alone (the gather above: its timings exact
    // only then).
    for (std::size_t e = 0; e < best.freed && !out_of_budget(); ++e) {
      const std::vector<double> kept = values_;
      std::vector<std::size_t> rows_without;
      for (std::size_t r : kept_free) {
        if (std::find(freed_here[e].begin(), freed_here[e].end(), r) == freed_here[e].end()) rows_without.push_back(r);
      }
      for (std::size_t r : freed_here[e]) values_[r] = from_base[r];
      refit_blockwise(rows_without, timed, distance);
      ++refits;
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
    record(motion + ": tracks, the freed easings fitted again from every start: " + std::to_string(curves) + " of their own (distance " +
           spec::format_number(std::round(now * 10) / 10) + "): " + std::to_string(refits) + " refits, " +
           std::to_string(evaluations_ - evaluations) + " evaluations, " + seconds_since(began));
  }
}

// Subplex on the first block (an easing's handles), then on the second (the timings), while the
// round gains; then BOBYQA on `together`.
void Fitter::fit_in_blocks(const std::vector<std::size_t>& first, const std::vector<std::size_t>& second,
                           const std::vector<std::size_t>& together, const Objective& f) {
  double d = f(values_);
  for (int round = 0; round < kBlockRounds; ++round) {
    search(first, f, Method::Subplex, 800, "", 1e-3, false);
    search(second, f, Method::Subplex, 1500, "", 1e-2, false);
    const double then = f(values_);
    if (then > d * (1 - 1e-3)) break;
    d = then;
  }
  search(together, f, Method::Bobyqa, 3000, "", 1e-3, false, kRefineSteps);
}

// `rows` (timings and freed easings) fitted to the tracks `f` measures: every freed easing's
// handles and the timings block by block, then together.
void Fitter::refit_blockwise(const std::vector<std::size_t>& rows, const std::vector<std::size_t>& timed, const Objective& f) {
  std::vector<std::size_t> handles;
  for (std::size_t r : rows) {
    if (table_.params()[r].family == Family::Easing) handles.push_back(r);
  }
  fit_in_blocks(handles, timed, rows, f);
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

}  // namespace iconsynth::render::fit::detail
