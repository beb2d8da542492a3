#include "render/lottie/markers.h"

namespace iconsynth::render::lottie {

std::vector<Marker> animation_markers(const motion::Choreography& choreography) {
  std::vector<Marker> markers{{kActionMarker, 0, static_cast<double>(choreography.frame_count - 1)},
                              {kRestMarker, 0, 0},
                              {kReducedMotionMarker, 0, 0}};
  for (const motion::ChoreographyPhase& phase : choreography.phases) {
    markers.push_back({motion::phase_name(choreography, phase), phase.start, phase.end - phase.start});
  }
  return markers;
}

}  // namespace iconsynth::render::lottie
