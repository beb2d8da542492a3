#pragma once
// The cluster's choreography, compiled from a timeline of clips: who moves when, as tracks over
// frames. Geometry-free: a module's swell is a scale factor (1 = rest), a packet's travel is its
// progress along its route (0 = leaving the sender, 1 = landing at the receiver) and its opacity.
//
//   lead ─ timeline ─ tail        (an action: frame 0 and the last frame are the rest pose;
//                                  a loop: the last frame equals the first)
//
// Clips, each targeting ring positions (all of them unless a stagger narrows it to one):
//   hold      nothing moves for `frames`
//   gather    the modules dip to `scale` and spring back (anticipation)
//   swell     the modules swell to `scale` and settle, with no packet (a pulse)
//   exchange  each targeted module sends a packet to its neighbour (clockwise or counter-clockwise);
//             the receiver swells as its packet lands (rise ▸ peak ▸ settle)
// Combinators compute start times only, in the spirit of manim's Succession / AnimationGroup /
// LaggedStart:
//   sequence  each clip starts at the previous one's cue
//   parallel  every clip starts together
//   stagger   the clip once per ring position k, targeting module k, starting k·lag later
//   repeat    the clip `times` times in sequence
// A clip's cue is when what follows it in a sequence may start: its end, except an exchange's,
// which is its landing (the swells overlap what comes next, as a round lands while the next leaves).

#include "motion/track.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>
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

struct Clip;
using ClipRef = std::shared_ptr<const Clip>;  // clips are immutable once read

struct Hold {
  double frames = 1;
};
// "The modules gather themselves": they dip to `scale`, hold, and spring back.
struct Gather {
  double scale = 0.9;
  Timing gather;       // rest → low
  double hold = 0;     // frames held at the low point
  Timing release;      // low → rest
};
// The modules swell and settle on their own (what an exchange does to its receivers).
struct Pulse {
  Swell swell;
};
enum class Direction { Clockwise, CounterClockwise };
struct Exchange {
  Direction direction = Direction::Clockwise;
  Timing travel;       // departure → landing
  Swell swell;
};
struct Sequence {
  std::vector<Clip> clips;
};
struct Parallel {
  std::vector<Clip> clips;
};
struct Stagger {
  double lag = 0;      // frames between consecutive ring positions
  ClipRef clip;
};
struct Repeat {
  int times = 1;
  ClipRef clip;
};

struct Clip {
  std::variant<Hold, Gather, Pulse, Exchange, Sequence, Parallel, Stagger, Repeat> kind;
  std::string where;  // its path in the motion's spec ("timeline/sequence/1/exchange"), for errors
};

// A motion is one action back to rest (frame 0 and the last frame are the rest pose), or a loop
// (its last frame equals its first, so it repeats seamlessly; lead and tail may then be 0).
struct ChoreographyParams {
  double lead = 1;    // rest frames before the timeline (≥ 1 unless it loops)
  Clip timeline;
  double tail = 1;    // rest frames after everything settles (≥ 1 unless it loops)
  bool loop = false;
};

// When a clip started at frame 0 ends and cues what follows it (see above).
struct ClipTiming {
  double end = 0, cue = 0;
};
ClipTiming clip_timing(const Clip& clip, int module_count);

// Every clip of a timeline, depth first (combinators before their children).
void for_each_clip(const Clip& clip, const std::function<void(const Clip&)>& visit);

struct PacketMotion {
  int round;          // 0-based: which exchange (and which repetition of it)
  int sender;         // ring index
  int receiver;       // ring index: the sender's neighbour in the exchange's direction
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
  int round;   // -1 for a gather
  std::string field;  // the timing that places it, relative to the motion's parameters
                      // ("timeline/sequence/2/exchange/travel/frames" for a landing); a departure
                      // names its clip, placed by what comes before it
};

// A stretch of the action a person would name: a gather, a swell, an exchange round. Clips that
// make one phase together (a staggered gather's targets, an exchange's packets) extend it.
struct ChoreographyPhase {
  enum class Kind { Gather, Swell, Round };
  Kind kind;
  int round;           // 0-based for a Round, -1 otherwise
  double start, end;   // frames: from the first thing that moves to the last thing at rest
};

struct Choreography {
  int frame_count = 0;                       // frames 0 … frame_count-1; both ends are rest
  int round_count = 0;                       // exchanges (with repetitions) in the timeline
  std::vector<Track<double>> module_scale;   // one per ring index
  std::vector<PacketMotion> packets;         // by round, then sender
  std::vector<ChoreographyEvent> events;     // in time order
  std::vector<ChoreographyPhase> phases;     // by start, then kind
};

// "gather", "swell", "round 1" …: a phase's name, numbered when the motion has more than one of
// its kind (rounds always are).
std::string phase_name(const Choreography& choreography, const ChoreographyPhase& phase);

// Thrown when parameters cannot make a valid choreography; `field` is a JSON-pointer-like path
// relative to the motion's parameters (e.g. "timeline/sequence/2/exchange/travel/frames").
struct ChoreographyError : std::invalid_argument {
  ChoreographyError(std::string field, const std::string& message)
      : std::invalid_argument(message), field(std::move(field)) {}
  std::string field;
};

// Builds the tracks for a ring of `module_count` modules.
Choreography choreograph(const ChoreographyParams& params, int module_count);

// "anticipation-low", "depart", … for reports and tests.
std::string_view event_name(ChoreographyEvent::Kind kind);

}  // namespace iconsynth::motion
