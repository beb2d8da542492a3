#pragma once
// What a target's frames show the icon doing, measured frame by frame: each module's scale and,
// on each link, where a packet is (if one is). Measured by drawing our rest scene posed (modules
// scaled, one packet placed per link) and fitting the pose to the frame: the modules and the
// links' corridors do not overlap, so each module's scale is a search of its own over its own
// region, all of them stepped together, and the same for the packets. Measured tracks give the
// motion's timings, scales and easings their starting points without reading anything but pixels.

#include "render/fit/target_frames.h"
#include "render/scene/scene.h"

#include <optional>
#include <vector>

namespace iconsynth::render::fit {

struct MeasuredFrame {
  std::vector<double> module_scale;                  // by ring position; 1 = rest
  std::vector<std::optional<double>> link_progress;  // by link (link r leaves module r clockwise):
                                                     // 0 at module r's edge … 1 at its neighbour's
};

struct MeasuredTracks {
  double frame_rate = 60;              // of the frames measured
  std::vector<MeasuredFrame> frames;
  long renders = 0;                    // frames drawn to measure them
};

// The tracks `frames` (size × size px, `frame_rate` frames a second) show, measured against
// `scene`'s elements at rest (any motion of the look and layout the target shows).
MeasuredTracks measure_tracks(const AnimatedScene& scene, const Frames& frames, int size, double frame_rate);

}  // namespace iconsynth::render::fit
