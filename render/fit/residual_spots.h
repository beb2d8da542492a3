#pragma once
// Where a residual sits, when no spec of the icon matches a target: on every frame check fails,
// each pixel that differs plainly is put down to the nearest element of our scene at that frame
// (or to none, when it lies further than a grid unit from all of them: ink the icon never draws),
// so the report can say "module-br, frames 31–55" or "outside every element, around (12, 12)".

#include "render/fit/target_frames.h"
#include "render/scene/scene.h"

#include <string>
#include <vector>

namespace iconsynth::render::fit {

struct ResidualSpot {
  std::string element;      // an element's name, or "outside every element"
  double share = 0;         // of the plainly differing pixels over the failing frames
  std::vector<int> frames;  // the target's frames where it holds the most of them
  Eigen::Vector2d center;   // grid units: the middle of its differing pixels
};

// The spots of `scene` against the first view of `target` at `size` px on the frames `failing`,
// largest share first.
std::vector<ResidualSpot> locate_residual(const AnimatedScene& scene, const TargetAnimation& target, int size,
                                          const std::vector<int>& failing);

// "31–55, 58": frames as ranges.
std::string frame_ranges(const std::vector<int>& frames);

}  // namespace iconsynth::render::fit
