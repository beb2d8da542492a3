#include "motion/choreography.h"

#include <algorithm>
#include <cmath>

namespace iconsynth::motion {

namespace {

using Kind = ChoreographyEvent::Kind;

std::string round_field(std::size_t round, const char* rest) {
  return "rounds/" + std::to_string(round) + "/" + rest;
}

void add_anticipation(const Anticipation& a, double start, std::vector<Track<double>>& scale,
                      std::vector<ChoreographyEvent>& events) {
  const double low = start + a.gather.frames;
  const double release = low + a.hold;
  const double rest = release + a.release.frames;
  for (Track<double>& s : scale) {
    s.add(start, 1.0, a.gather.ease);
    s.add(low, a.scale, Easing::linear());  // a hold of 0 frames merges into the next key
    s.add(release, a.scale, a.release.ease);
    s.add(rest, 1.0);
  }
  events.push_back({Kind::AnticipationLow, low, -1, -1});
}

}  // namespace

Choreography choreograph(const ChoreographyParams& params, int module_count) {
  if (params.lead < 1) throw ChoreographyError("lead", "lead must be at least 1 frame so frame 0 is the rest pose");
  if (params.tail < 1) throw ChoreographyError("tail", "tail must be at least 1 frame so the last frame is the rest pose");
  if (params.rounds.empty()) throw ChoreographyError("rounds", "a choreography needs at least one round");

  Choreography c;
  c.module_scale.assign(module_count, Track<double>(1.0));
  double depart = params.lead;
  if (params.anticipation) {
    add_anticipation(*params.anticipation, params.lead, c.module_scale, c.events);
    const Anticipation& a = *params.anticipation;
    depart = params.lead + a.gather.frames + a.hold + a.release.frames;
  }

  double settled = depart;  // when the last module is back at rest
  for (std::size_t r = 0; r < params.rounds.size(); ++r) {
    const Round& round = params.rounds[r];
    double last_land = depart;
    for (int sender = 0; sender < module_count; ++sender) {
      const int receiver = (sender + 1) % module_count;
      const double leave = depart + sender * params.stagger;
      const double land = leave + round.travel.frames;
      const double peak = land + round.swell.rise.frames;
      const double rest = peak + round.swell.settle.frames;

      PacketMotion p{static_cast<int>(r), sender, leave, land, {}, {}};
      p.progress.add(leave, 0.0, round.travel.ease).add(land, 1.0);
      p.opacity.add(0.0, 0.0, Easing::hold()).add(leave, 1.0, Easing::hold()).add(land, 0.0, Easing::hold());
      c.packets.push_back(std::move(p));

      Track<double>& scale = c.module_scale[receiver];
      if (land < scale.keys().back().frame) {
        throw ChoreographyError(round_field(r, "travel/frames"),
                                "round " + std::to_string(r + 1) + " lands at frame " + std::to_string(land) +
                                    ", before module " + std::to_string(receiver) +
                                    " is back at rest from the previous swell (frame " +
                                    std::to_string(scale.keys().back().frame) + ")");
      }
      scale.add(land, 1.0, round.swell.rise.ease);
      scale.add(peak, round.swell.scale, round.swell.settle.ease);
      scale.add(rest, 1.0);

      c.events.push_back({Kind::Depart, leave, sender, static_cast<int>(r)});
      c.events.push_back({Kind::Land, land, receiver, static_cast<int>(r)});
      c.events.push_back({Kind::SwellPeak, peak, receiver, static_cast<int>(r)});
      c.events.push_back({Kind::Settled, rest, receiver, static_cast<int>(r)});
      last_land = std::max(last_land, land);
      settled = std::max(settled, rest);
    }
    depart = last_land + params.round_gap;
  }

  c.frame_count = static_cast<int>(std::ceil(settled + params.tail));
  std::stable_sort(c.events.begin(), c.events.end(),
                   [](const ChoreographyEvent& a, const ChoreographyEvent& b) { return a.frame < b.frame; });
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
