// The softness report: how soft the rest pose looks at the sizes icons are shown.
//   ./build/softness [--spec FILE]...      (default: the built-in spec)
// For each style and preset weight, the rest pose's softness (render/compare/softness.h), as
// Cairo draws it, at 16 … 48 px, three ways: off-grid (the spec's layout a quarter unit off the
// grid: padding 1.25, die 2.5, no keylines, no hinting: what a layout drawn without regard to
// pixels gives), exact (the spec unhinted, what --exact and a player scaling the bundle draw) and
// hinted (what outputs written for that size draw).

#include "render/cairo/sized_scene.h"
#include "spec/loader.h"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

using namespace iconsynth;

// The spec off the grid: padding and die a quarter unit off whole units, no keylines, no hinting.
spec::IconSpec off_grid(const std::string& file) {
  spec::Json doc;
  if (file.empty()) {
    doc = spec::Json::parse(spec::builtin_spec_text());
  } else {
    std::ifstream in(file);
    doc = spec::Json::parse(in);
  }
  doc["layout"]["padding"] = 1.25;
  doc["layout"]["die"]["size"] = 2.5;
  doc["layout"].erase("keylines");
  doc.erase("hinting");
  return spec::load_spec(doc);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> specs;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--spec") == 0 && i + 1 < argc) {
      specs.push_back(argv[++i]);
    } else {
      std::fprintf(stderr, "usage: softness [--spec FILE]...\n");
      return 2;
    }
  }
  if (specs.empty()) specs.push_back("");
  const std::vector<int> sizes{16, 20, 24, 32, 40, 48};
  for (const std::string& file : specs) {
    const spec::IconSpec spec = spec::load_spec_with_overrides(file, {});
    const spec::IconSpec off = off_grid(file);
    std::printf("%s: off-grid / exact / hinted\n| style, weight |", spec.id.c_str());
    for (int s : sizes) std::printf(" %d px |", s);
    std::printf("\n|---|");
    for (std::size_t i = 0; i < sizes.size(); ++i) std::printf("---|");
    std::printf("\n");
    const spec::VariantSpace space(spec);
    const spec::Variant defaults = space.defaults();
    for (const spec::Variant& v : space.variants({.motion = defaults.motion, .theme = defaults.theme})) {
      const render::AnimatedScene old = render::build_scene(off, v), exact = render::build_scene(spec, v);
      std::printf("| %s w%s |", v.style.c_str(), spec::VariantSpace::weight_label(v.weight).c_str());
      for (int s : sizes) {
        std::printf(" %.2f / %.2f / %.2f |", render::rest_softness(old, s), render::rest_softness(exact, s),
                    render::rest_softness(render::scene_for_size(spec, v, s), s));
      }
      std::printf("\n");
    }
    std::printf("\n");
  }
}
