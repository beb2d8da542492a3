#pragma once
// The named frame ranges every exported animation carries, derived from its choreography (never
// typed by hand), so players and pages can jump to or play a part of the action by name:
//   "action"          frames 0 … last: the whole action, rest to rest
//   "rest"            frame 0, no duration: the rest pose
//   "reduced motion"  the same rest pose, under the name lottie-ios and lottie-android look for
//                     when the platform asks for reduced motion
//   "gather", "swell", "round 1", "round 2" …: each phase of the motion, from the first thing
//                     that moves to the last thing back at rest (motion::phase_name)

#include "motion/choreography.h"

#include <string>
#include <vector>

namespace iconsynth::render::lottie {

struct Marker {
  std::string name;
  double start = 0;     // frame
  double duration = 0;  // frames

  bool operator==(const Marker&) const = default;
};

inline constexpr const char* kActionMarker = "action";
inline constexpr const char* kRestMarker = "rest";
inline constexpr const char* kReducedMotionMarker = "reduced motion";

std::vector<Marker> animation_markers(const motion::Choreography& choreography);

}  // namespace iconsynth::render::lottie
