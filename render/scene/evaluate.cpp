#include "render/scene/evaluate.h"

#include <numbers>

namespace iconsynth::render {

FrameScene evaluate(const AnimatedScene& scene, double frame) {
  FrameScene out;
  evaluate(scene, frame, out);
  return out;
}

void evaluate(const AnimatedScene& scene, double frame, FrameScene& out) {
  out.scene = &scene;
  out.frame = frame;
  out.elements.clear();
  out.elements.reserve(scene.elements.size());
  for (const Element& e : scene.elements) {
    geometry::Affine transform = geometry::Affine::Identity();
    transform.translate(e.position.at(frame));
    if (e.rotation != 0) transform.rotate(e.rotation * std::numbers::pi / 180);
    transform.scale(e.scale.at(frame));
    out.elements.push_back({&e, transform, e.opacity.at(frame)});
  }
}

bool FrameScene::same_pose(const FrameScene& other) const {
  if (elements.size() != other.elements.size()) return false;
  for (std::size_t i = 0; i < elements.size(); ++i) {
    const FrameElement& a = elements[i];
    const FrameElement& b = other.elements[i];
    if (a.element != b.element || a.opacity != b.opacity) return false;
    if (a.opacity > 0 && a.transform.matrix() != b.transform.matrix()) return false;
  }
  return true;
}

}  // namespace iconsynth::render
