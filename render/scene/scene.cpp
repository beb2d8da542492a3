#include "render/scene/scene.h"

#include "render/scene/icon_kinds.h"
#include "spec/json_reader.h"

#include <stdexcept>

namespace iconsynth::render {

bool follows_weight(const Element& element) {
  for (const Part& p : element.parts) {
    if (!p.across_weights.empty()) return true;
  }
  return false;
}

bool uses_role(const AnimatedScene& scene, ColorRole role) {
  for (const Element& e : scene.elements) {
    for (const Part& p : e.parts) {
      if (p.paint.role == role) return true;
    }
  }
  return false;
}

AnimatedScene build_scene(const spec::IconSpec& spec, const Variant& variant) {
  if (!(variant.weight >= spec::kMinWeight && variant.weight <= spec::kMaxWeight)) {
    throw std::invalid_argument("stroke weight " + spec::format_number(variant.weight) + " is outside [1, 3]");
  }
  static_cast<void>(spec.style_rule(variant.style));  // a style the spec does not name is refused here, before any work
  const spec::ThemeRule& theme = spec.theme_rule(variant.theme);

  AnimatedScene s;
  s.icon_id = spec.id;
  s.meta = spec.meta;
  s.variant = variant;
  s.grid = spec.layout.grid;
  s.frame_rate = spec.frame_rate;
  s.primary = variant.color.value_or(theme.primary);
  s.secondary = theme.secondary(s.primary);
  s.theme = theme;
  s.choreography = motion::choreograph(spec.choreography(variant.motion), spec.module_count());
  s.frame_count = s.choreography.frame_count;
  icon_kind(spec.kind).build_elements(spec, s);
  return s;
}

AnimatedScene rest_pose(const AnimatedScene& scene) {
  AnimatedScene rest = scene;
  rest.frame_count = 1;
  rest.choreography.frame_count = 1;
  rest.choreography.events.clear();
  rest.choreography.phases.clear();
  for (Element& e : rest.elements) {
    e.position = motion::Track<Eigen::Vector2d>(e.position.at(0));
    e.scale = motion::Track<double>(e.scale.at(0));
    e.opacity = motion::Track<double>(e.opacity.at(0));
  }
  return rest;
}

}  // namespace iconsynth::render
