#pragma once
// Masters: what a page plays, drawn for its pixels. A player scales one animation to any canvas,
// so the exact bundle is crisp only where the 24-unit grid lands on whole pixels. A master is a
// bundle like it (every style × motion, its state machines, the colour themes) whose animations
// are the scenes fitted to one backing store's pixel grid (render/cairo/sized_scene.h), at one
// preset weight, the weight baked: the web runtime fetches the one for the canvas's pixels
// (CSS size × devicePixelRatio) and the look's weight, and the exact bundle for anything else.
//
// Masters are drawn for every page size × pixel ratio below that is a whole number of pixels up
// to the spec's hinting.up_to (above it, outputs are exact), at each preset weight. They sit in
// a folder beside the exact bundle:
//
//   masters/<id>-<px>px-w<weight>.lottie      e.g. masters/gpu-cluster-32px-w2.lottie
//
// Beside each, the raster masters of its pixels and weight (render/web/raster_master.h): Cairo's
// own frames of each style × motion as coverage, which the runtime shows instead of the player's
// drawing; and one clock bundle, the exact bundle with nothing to draw, whose timing, markers and
// state machines the player runs for them:
//
//   masters/<id>-<px>px-w<weight>-<style>-<motion>.webp  e.g. masters/gpu-cluster-32px-w2-outline-light.webp
//   masters/<id>-clock.lottie

#include "spec/icon_spec.h"

#include <string>
#include <vector>

namespace iconsynth::render::lottie {

// The CSS px sizes pages show an icon at, and the device pixel ratios of the screens showing it.
inline constexpr int kPageSizes[] = {16, 20, 24, 32, 40, 48};
inline constexpr double kPixelRatios[] = {1, 1.5, 2};

struct Master {
  int px = 0;         // the backing store's side it is drawn for
  double weight = 0;  // the preset weight it is drawn at
};

// The backing-store sides masters are drawn for, ascending (none when the spec does not hint).
std::vector<int> master_sizes(const spec::IconSpec& spec);
// Every master: each size at each preset weight, sizes first.
std::vector<Master> masters(const spec::IconSpec& spec);

// A master's path beside the exact bundle ("masters/gpu-cluster-32px-w2.lottie").
std::string master_path(const spec::IconSpec& spec, const Master& master);
// The same with "{px}" and "{weight}" in place of the numbers: how a page names any master (the
// weight as JavaScript's String(weight) writes it, which weight_label matches for presets).
std::string master_path_pattern(const spec::IconSpec& spec);

// A raster master's path, and the same with "{px}", "{weight}", "{style}" and "{motion}" in place.
std::string raster_master_path(const spec::IconSpec& spec, const Master& master, const std::string& style, const std::string& motion);
std::string raster_master_path_pattern(const spec::IconSpec& spec);
// The same for the raster master of the animation's first frame alone, the rest pose a page shows
// before any play ("masters/gpu-cluster-32px-w2-outline-light-rest.webp").
std::string raster_rest_path(const spec::IconSpec& spec, const Master& master, const std::string& style, const std::string& motion);
std::string raster_rest_path_pattern(const spec::IconSpec& spec);
// The clock bundle's path ("masters/gpu-cluster-clock.lottie").
std::string clock_bundle_path(const spec::IconSpec& spec);

}  // namespace iconsynth::render::lottie
