// The softness report (issue #24): how soft the rest pose looks at the sizes icons are shown.
//   ./build/softness [--spec FILE]...
// For each style and preset weight of each spec (default: the built-in one), the rest pose's
// softness (render/compare/softness.h) at 16 … 48 px.

#include "render/cairo/raster.h"
#include "render/compare/softness.h"
#include "render/scene/evaluate.h"
#include "spec/loader.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

using namespace iconsynth;

double rest_softness(const render::AnimatedScene& scene, int size) {
  return render::softness(render::render_frame(render::evaluate(scene, 0), size).view());
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> specs;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--spec") == 0 && i + 1 < argc) specs.push_back(argv[++i]);
  }
  if (specs.empty()) specs.push_back("");
  const std::vector<int> sizes{16, 20, 24, 32, 40, 48};
  for (const std::string& file : specs) {
    const spec::IconSpec spec = spec::load_spec_with_overrides(file, {});
    std::printf("%s\n| style, weight |", spec.id.c_str());
    for (int s : sizes) std::printf(" %d px |", s);
    std::printf("\n");
    const spec::VariantSpace space(spec);
    const spec::Variant defaults = space.defaults();
    for (const spec::Variant& v : space.variants({.motion = defaults.motion, .theme = defaults.theme})) {
      const render::AnimatedScene scene = render::build_scene(spec, v);
      std::printf("| %s w%s |", v.style.c_str(), spec::VariantSpace::weight_label(v.weight).c_str());
      for (int s : sizes) std::printf(" %.3f |", rest_softness(scene, s));
      std::printf("\n");
    }
  }
}
