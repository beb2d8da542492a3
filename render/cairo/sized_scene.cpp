#include "render/cairo/sized_scene.h"

#include "render/cairo/raster.h"
#include "render/compare/softness.h"

namespace iconsynth::render {

bool hints_at(const spec::IconSpec& spec, int size, Geometry geometry) {
  return geometry != Geometry::Exact && size <= spec.hinting.up_to;
}

double rest_softness(const AnimatedScene& scene, int size) {
  return softness(render_frame(evaluate(scene, 0), size).view());
}

AnimatedScene scene_for_size(const spec::IconSpec& spec, const Variant& variant, int size, Geometry geometry) {
  if (!hints_at(spec, size, geometry)) return build_scene(spec, variant);
  HintRules rules{spec.default_weight, [size](const AnimatedScene& candidate) { return rest_softness(candidate, size); },
                  geometry != Geometry::HintedStrokes};
  return hint(build_scene(spec::at_optical_size(spec, size), variant), size, rules);
}

}  // namespace iconsynth::render
