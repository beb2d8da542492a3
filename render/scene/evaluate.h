#pragma once
// A frame of an AnimatedScene: each element's transform and opacity at one time. Pure: the
// result depends on the scene and the frame only, so frames may be evaluated in any order.

#include "render/scene/scene.h"

#include <vector>

namespace iconsynth::render {

struct FrameElement {
  const Element* element;     // outlines and paints (owned by the scene)
  geometry::Affine transform; // element-local → grid units
  double opacity;

  bool operator==(const FrameElement& other) const {
    return element == other.element && transform.matrix() == other.transform.matrix() && opacity == other.opacity;
  }
};

struct FrameScene {
  const AnimatedScene* scene = nullptr;
  double frame = 0;
  std::vector<FrameElement> elements;  // back to front; fully transparent ones included

  // Same visible pose: the same elements with equal opacities, and equal transforms wherever
  // something is visible (an invisible packet's position does not show). The frame may differ.
  bool same_pose(const FrameScene& other) const;
};

// The scene at `frame` (any real number; values hold outside the keyframes).
FrameScene evaluate(const AnimatedScene& scene, double frame);
// The same into `out`, reusing its storage: no allocation once `out` has held a frame.
void evaluate(const AnimatedScene& scene, double frame, FrameScene& out);
// A FrameScene points into its scene, so evaluating a temporary scene would leave it dangling.
FrameScene evaluate(AnimatedScene&& scene, double frame) = delete;

}  // namespace iconsynth::render
