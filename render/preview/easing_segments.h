#pragma once
// Where each easing of a motion shapes a curve on its plot, so the editor can put that easing's
// two handles on the plot's squares and drag them: for every clip, the segment its easing eases
// (the first instance, when a stagger or repeat runs the clip more than once), from one key to
// the next in the plot's own values (module scale in the top panel, packet progress below).

#include "motion/choreography.h"

#include <string>
#include <vector>

namespace iconsynth::render {

struct EasingSegment {
  std::string path;       // the easing's --set path: "motions.light.timeline.exchange.travel.ease"
  bool packet = false;    // drawn in the packet panel (progress 0 → 1); else the scale panel
  double from_frame = 0, from_value = 0;
  double to_frame = 0, to_value = 0;
  motion::Easing ease;    // as the spec says it (a preset's handles, or its own)
};

// The segments of every easing of `motion`'s timeline, in the timeline's order.
std::vector<EasingSegment> easing_segments(const std::string& motion, const motion::ChoreographyParams& params,
                                           const motion::Choreography& choreography);

}  // namespace iconsynth::render
