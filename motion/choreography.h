#pragma once
// The cluster's choreography, generated from parameters: who moves when, as tracks over frames.
// Geometry-free: a module's swell is a scale factor (1 = rest), a packet's travel is its progress
// along its route (0 = leaving the sender, 1 = landing at the receiver) and its opacity.
//
//   lead ─ [anticipation: gather ▸ hold ▸ release] ─ round 1 ─ round 2 … ─ tail
//   round: every module sends a packet clockwise (ring index i leaves at depart + i·stagger);
//          the receiver swells as its packet lands (rise ▸ peak ▸ settle).

#include "motion/track.h"

#include <optional>
#include <string>
#include <vector>

namespace iconsynth::motion {

// A span of time in frames and the easing that shapes it.
struct Timing {
  double frames = 1;
  Easing ease;
};

struct Swell {
  double scale = 1.1;  // peak scale of the receiving module
  Timing rise;         // landing → peak
  Timing settle;       // peak → rest
};

struct Round {
  Timing travel;       // departure → landing
  Swell swell;
};

// "The modules gather themselves": every module dips to `scale` and springs back before anything leaves.
struct Anticipation {
  double scale = 0.9;
  Timing gather;       // rest → low
  double hold = 0;     // frames held at the low point
  Timing release;      // low → rest, ending as the first packets leave
};

struct ChoreographyParams {
  double lead = 1;                          // rest frames before anything moves (≥ 1: frame 0 is rest)
  std::optional<Anticipation> anticipation;
  std::vector<Round> rounds;
  double stagger = 0;                       // frames between consecutive ring positions' departures
  double round_gap = 0;                     // frames between a round's landings and the next departures
  double tail = 1;                          // rest frames after the last module settles (≥ 1)
};

struct PacketMotion {
  int round;          // 0-based
  int sender;         // ring index; the receiver is (sender + 1) % module_count
  double depart, land;
  Track<double> progress;  // 0 → 1 along the route
  Track<double> opacity;   // 1 while travelling, 0 otherwise (hold keys)
};

// Moments worth naming: golden key frames, plot annotations, tests.
struct ChoreographyEvent {
  enum class Kind { AnticipationLow, Depart, Land, SwellPeak, Settled };
  Kind kind;
  double frame;
  int module;  // ring index (sender for Depart, receiver for Land/SwellPeak/Settled, -1 for all)
  int round;   // -1 for the anticipation
};

struct Choreography {
  int frame_count = 0;                       // frames 0 … frame_count-1; both ends are rest
  std::vector<Track<double>> module_scale;   // one per ring index
  std::vector<PacketMotion> packets;         // by round, then sender
  std::vector<ChoreographyEvent> events;     // in time order
};

// Thrown when parameters cannot make a valid choreography; `field` is a JSON-pointer-like path
// relative to the motion's parameters (e.g. "rounds/1/travel/frames").
struct ChoreographyError : std::invalid_argument {
  ChoreographyError(std::string field, const std::string& message)
      : std::invalid_argument(message), field(std::move(field)) {}
  std::string field;
};

// Builds the tracks for a ring of `module_count` modules.
Choreography choreograph(const ChoreographyParams& params, int module_count);

// "AnticipationLow", "Depart", … for reports and tests.
std::string_view event_name(ChoreographyEvent::Kind kind);

}  // namespace iconsynth::motion
