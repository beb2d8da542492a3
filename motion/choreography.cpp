#include "motion/choreography.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace iconsynth::motion {

namespace {

using Kind = ChoreographyEvent::Kind;

template <class... Fs>
struct Overloaded : Fs... {
  using Fs::operator()...;
};
template <class... Fs>
Overloaded(Fs...) -> Overloaded<Fs...>;

// The keys one clip writes into one module's scale track, kept until every clip is placed, then
// ordered by time and checked not to overlap.
struct ScaleSegment {
  double start, end;
  std::vector<Keyframe<double>> keys;
  std::string field;  // what to blame when it overlaps another
  std::string what;   // "lands", "gathers"
};

// Places clips in time and writes what they do; combinators only move the start.
class Compiler {
 public:
  // `record`: write what clips do; without it the compiler only times them.
  Compiler(int module_count, bool record) : modules_(module_count), record_(record), segments_(module_count) {}

  // Compiles `clip` starting at `start` for the ring positions `targets`. `instance` tells
  // repetitions of one exchange apart (each is a round of its own).
  ClipTiming compile(const Clip& clip, double start, const std::vector<int>& targets, const std::string& instance) {
    return std::visit(
        Overloaded{
            [&](const Hold& h) { return ClipTiming{start + h.frames, start + h.frames}; },
            [&](const Gather& g) { return gather(g, clip.where, start, targets, instance); },
            [&](const Pulse& p) { return pulse(p, clip.where, start, targets, instance); },
            [&](const Exchange& e) { return exchange(e, clip.where, start, targets, instance); },
            [&](const Sequence& s) {
              ClipTiming t{start, start};
              for (const Clip& child : s.clips) {
                const ClipTiming c = compile(child, t.cue, targets, instance);
                t = {std::max(t.end, c.end), c.cue};
              }
              return t;
            },
            [&](const Parallel& p) {
              ClipTiming t{start, start};
              for (const Clip& child : p.clips) {
                const ClipTiming c = compile(child, start, targets, instance);
                t = {std::max(t.end, c.end), std::max(t.cue, c.cue)};
              }
              return t;
            },
            [&](const Stagger& s) {
              ClipTiming t{start, start};
              for (std::size_t i = 0; i < targets.size(); ++i) {
                const ClipTiming c = compile(*s.clip, start + static_cast<double>(i) * s.lag, {targets[i]}, instance);
                t = {std::max(t.end, c.end), std::max(t.cue, c.cue)};
              }
              return t;
            },
            [&](const Repeat& r) {
              ClipTiming t{start, start};
              for (int i = 0; i < r.times; ++i) {
                const ClipTiming c = compile(*r.clip, t.cue, targets, instance + "/" + std::to_string(i));
                t = {std::max(t.end, c.end), c.cue};
              }
              return t;
            },
        },
        clip.kind);
  }

  // The tracks, each module's segments in time order; ChoreographyError where two overlap.
  Choreography finish(int frame_count) {
    Choreography c;
    c.frame_count = frame_count;
    c.round_count = static_cast<int>(rounds_.size());
    c.module_scale.assign(modules_, Track<double>(1.0));
    for (int m = 0; m < modules_; ++m) {
      std::vector<ScaleSegment>& segments = segments_[m];
      std::stable_sort(segments.begin(), segments.end(),
                       [](const ScaleSegment& a, const ScaleSegment& b) { return a.start < b.start; });
      for (const ScaleSegment& s : segments) {
        Track<double>& scale = c.module_scale[m];
        if (s.start < scale.keys().back().frame) {
          throw ChoreographyError(s.field, "module " + std::to_string(m) + " " + s.what + " at frame " + number(s.start) +
                                               ", before it is back at rest from the clip before (frame " +
                                               number(scale.keys().back().frame) + ")");
        }
        for (const Keyframe<double>& k : s.keys) scale.add(k.frame, k.value, k.ease);
      }
    }
    c.packets = std::move(packets_);
    std::stable_sort(c.packets.begin(), c.packets.end(), [](const PacketMotion& a, const PacketMotion& b) {
      return a.round != b.round ? a.round < b.round : a.sender < b.sender;
    });
    c.events = std::move(events_);
    std::stable_sort(c.events.begin(), c.events.end(),
                     [](const ChoreographyEvent& a, const ChoreographyEvent& b) { return a.frame < b.frame; });
    for (const auto& [key, phase] : phases_) c.phases.push_back(phase);
    std::stable_sort(c.phases.begin(), c.phases.end(), [](const ChoreographyPhase& a, const ChoreographyPhase& b) {
      return a.start != b.start ? a.start < b.start : a.kind < b.kind;
    });
    return c;
  }

 private:
  static std::string number(double frame) {
    std::string text = std::to_string(frame);
    text.erase(text.find_last_not_of('0') + 1);
    if (text.back() == '.') text.pop_back();
    return text;
  }

  ClipTiming gather(const Gather& g, const std::string& where, double start, const std::vector<int>& targets,
                    const std::string& instance) {
    const double low = start + g.gather.frames;
    const double release = low + g.hold;
    const double rest = release + g.release.frames;
    if (!record_) return {rest, rest};
    for (int m : targets) {
      // A hold of 0 frames merges the low and release keys (the release easing wins).
      segments_[m].push_back({start, rest,
                              {{start, 1.0, g.gather.ease}, {low, g.scale, Easing::linear()},
                               {release, g.scale, g.release.ease}, {rest, 1.0, Easing::linear()}},
                              where,
                              "gathers"});
    }
    const int module = static_cast<int>(targets.size()) == modules_ ? -1 : targets.front();
    events_.push_back({Kind::AnticipationLow, low, module, -1, where + "/gather/frames"});
    extend_phase("gather" + instance + where, {ChoreographyPhase::Kind::Gather, -1, start, rest});
    return {rest, rest};
  }

  // Phases are keyed by their clip (and round), so a clip run for several targets is one phase.
  void extend_phase(const std::string& key, const ChoreographyPhase& phase) {
    const auto [it, added] = phases_.emplace(key, phase);
    if (!added) {
      it->second.start = std::min(it->second.start, phase.start);
      it->second.end = std::max(it->second.end, phase.end);
    }
  }

  ClipTiming pulse(const Pulse& p, const std::string& where, double start, const std::vector<int>& targets,
                   const std::string& instance) {
    const double peak = start + p.swell.rise.frames;
    const double rest = peak + p.swell.settle.frames;
    if (!record_) return {rest, rest};
    for (int m : targets) {
      segments_[m].push_back({start, rest, swell_keys(p.swell, start), where, "swells"});
      events_.push_back({Kind::SwellPeak, peak, m, -1, where + "/rise/frames"});
    }
    extend_phase("swell" + instance + where, {ChoreographyPhase::Kind::Swell, -1, start, rest});
    return {rest, rest};
  }

  // A swell's keys from `start`: rest ▸ peak ▸ rest.
  static std::vector<Keyframe<double>> swell_keys(const Swell& swell, double start) {
    const double peak = start + swell.rise.frames;
    return {{start, 1.0, swell.rise.ease}, {peak, swell.scale, swell.settle.ease}, {peak + swell.settle.frames, 1.0, Easing::linear()}};
  }

  ClipTiming exchange(const Exchange& e, const std::string& where, double start, const std::vector<int>& targets,
                      const std::string& instance) {
    const int round = rounds_.emplace(instance + where, static_cast<int>(rounds_.size())).first->second;
    const int step = e.direction == Direction::Clockwise ? 1 : modules_ - 1;
    ClipTiming t{start, start};
    for (int sender : targets) {
      const int receiver = (sender + step) % modules_;
      const double land = start + e.travel.frames;
      const double peak = land + e.swell.rise.frames;
      const double rest = peak + e.swell.settle.frames;
      t = {std::max(t.end, rest), std::max(t.cue, land)};
      if (!record_) continue;

      PacketMotion p{round, sender, receiver, start, land, {}, {}};
      p.progress.add(start, 0.0, e.travel.ease).add(land, 1.0);
      if (start > 0) p.opacity.add(0.0, 0.0, Easing::hold());  // hidden until it leaves (a loop may leave at 0)
      p.opacity.add(start, 1.0, Easing::hold()).add(land, 0.0, Easing::hold());
      packets_.push_back(std::move(p));
      segments_[receiver].push_back({land, rest, swell_keys(e.swell, land), where + "/travel/frames", "lands"});
      events_.push_back({Kind::Depart, start, sender, round, where});
      events_.push_back({Kind::Land, land, receiver, round, where + "/travel/frames"});
      events_.push_back({Kind::SwellPeak, peak, receiver, round, where + "/swell/rise/frames"});
      events_.push_back({Kind::Settled, rest, receiver, round, where + "/swell/settle/frames"});
      extend_phase("round" + std::to_string(round), {ChoreographyPhase::Kind::Round, round, start, rest});
    }
    return t;
  }

  int modules_;
  bool record_;
  std::vector<std::vector<ScaleSegment>> segments_;
  std::vector<PacketMotion> packets_;
  std::vector<ChoreographyEvent> events_;
  std::map<std::string, int> rounds_;  // exchange instance → round, in the order first met
  std::map<std::string, ChoreographyPhase> phases_;  // by clip (or round)
};

std::vector<int> every_position(int module_count) {
  std::vector<int> all(module_count);
  for (int i = 0; i < module_count; ++i) all[i] = i;
  return all;
}

}  // namespace

ClipTiming clip_timing(const Clip& clip, int module_count) {
  return Compiler(module_count, false).compile(clip, 0, every_position(module_count), "");
}

void for_each_clip(const Clip& clip, const std::function<void(const Clip&)>& visit) {
  visit(clip);
  std::visit(Overloaded{
                 [&](const Sequence& s) { for (const Clip& c : s.clips) for_each_clip(c, visit); },
                 [&](const Parallel& p) { for (const Clip& c : p.clips) for_each_clip(c, visit); },
                 [&](const Stagger& s) { for_each_clip(*s.clip, visit); },
                 [&](const Repeat& r) { for_each_clip(*r.clip, visit); },
                 [](const auto&) {},
             },
             clip.kind);
}

namespace {

// A loop's last frame must show what its first does: every module's scale, every packet's
// progress and visibility.
void check_loop_ends(const Choreography& c) {
  const double first = 0, last = c.frame_count - 1;
  const auto differ = [&](const Track<double>& t) { return std::abs(t.at(first) - t.at(last)) > 1e-9; };
  for (std::size_t m = 0; m < c.module_scale.size(); ++m) {
    if (differ(c.module_scale[m])) {
      throw ChoreographyError("loop", "a looping motion must end as it begins, but module " + std::to_string(m) +
                                          " is at scale " + std::to_string(c.module_scale[m].at(last)) + " on its last frame, " +
                                          std::to_string(c.module_scale[m].at(first)) + " on its first");
    }
  }
  for (const PacketMotion& p : c.packets) {
    if (differ(p.opacity) || (p.opacity.at(first) > 0 && differ(p.progress))) {
      throw ChoreographyError("loop", "a looping motion must end as it begins, but the packet from module " +
                                          std::to_string(p.sender) + " (round " + std::to_string(p.round + 1) +
                                          ") is not where it was on the first frame");
    }
  }
}

}  // namespace

Choreography choreograph(const ChoreographyParams& params, int module_count) {
  const double min_rest = params.loop ? 0 : 1;
  if (params.lead < min_rest) throw ChoreographyError("lead", "lead must be at least 1 frame so frame 0 is the rest pose");
  if (params.tail < min_rest) throw ChoreographyError("tail", "tail must be at least 1 frame so the last frame is the rest pose");
  Compiler compiler(module_count, true);
  const ClipTiming t = compiler.compile(params.timeline, params.lead, every_position(module_count), "");
  Choreography c = compiler.finish(static_cast<int>(std::ceil(std::max(t.end, params.lead) + params.tail)));
  if (params.loop) check_loop_ends(c);
  return c;
}

std::string_view event_name(ChoreographyEvent::Kind kind) {
  switch (kind) {
    case Kind::AnticipationLow: return "anticipation-low";
    case Kind::Depart: return "depart";
    case Kind::Land: return "land";
    case Kind::SwellPeak: return "swell-peak";
    case Kind::Settled: return "settled";
  }
  return "?";
}

}  // namespace iconsynth::motion

namespace iconsynth::motion {

std::string phase_name(const Choreography& choreography, const ChoreographyPhase& phase) {
  if (phase.kind == ChoreographyPhase::Kind::Round) return "round " + std::to_string(phase.round + 1);
  const std::string kind = phase.kind == ChoreographyPhase::Kind::Gather ? "gather" : "swell";
  int count = 0, index = 0;
  for (const ChoreographyPhase& p : choreography.phases) {
    if (p.kind != phase.kind) continue;
    ++count;
    if (p.start < phase.start || (p.start == phase.start && p.end < phase.end)) ++index;
  }
  return count > 1 ? kind + " " + std::to_string(index + 1) : kind;
}

}  // namespace iconsynth::motion
