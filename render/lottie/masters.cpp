#include "render/lottie/masters.h"

#include "spec/variant_space.h"

#include <algorithm>
#include <cmath>
#include <string_view>

namespace iconsynth::render::lottie {

namespace {

std::string path_of(const spec::IconSpec& spec, const std::string& px, const std::string& weight) {
  return "masters/" + spec.id + "-" + px + "px-w" + weight + ".lottie";
}

// A motion's raster master's path as its rest frame's: "-rest" before the extension.
std::string rest_of(std::string master_path) {
  constexpr std::string_view kExtension = ".webp";
  return master_path.insert(master_path.size() - kExtension.size(), "-rest");
}

}  // namespace

std::vector<int> master_sizes(const spec::IconSpec& spec) {
  std::vector<int> sizes;
  for (int size : kPageSizes) {
    for (double ratio : kPixelRatios) {
      const double px = size * ratio;
      if (px == std::floor(px) && px <= spec.hinting.up_to) sizes.push_back(static_cast<int>(px));
    }
  }
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  return sizes;
}

std::vector<Master> masters(const spec::IconSpec& spec) {
  std::vector<Master> out;
  for (int px : master_sizes(spec)) {
    for (double weight : spec.weight_presets) out.push_back({px, weight});
  }
  return out;
}

std::string master_path(const spec::IconSpec& spec, const Master& master) {
  return path_of(spec, std::to_string(master.px), spec::VariantSpace::weight_label(master.weight));
}

std::string master_path_pattern(const spec::IconSpec& spec) { return path_of(spec, "{px}", "{weight}"); }

std::string raster_master_path(const spec::IconSpec& spec, const Master& master, const std::string& style, const std::string& motion) {
  return "masters/" + spec.id + "-" + std::to_string(master.px) + "px-w" + spec::VariantSpace::weight_label(master.weight) + "-" + style + "-" +
         motion + ".webp";
}

std::string raster_master_path_pattern(const spec::IconSpec& spec) { return "masters/" + spec.id + "-{px}px-w{weight}-{style}-{motion}.webp"; }

std::string raster_rest_path(const spec::IconSpec& spec, const Master& master, const std::string& style, const std::string& motion) {
  return rest_of(raster_master_path(spec, master, style, motion));
}

std::string raster_rest_path_pattern(const spec::IconSpec& spec) { return rest_of(raster_master_path_pattern(spec)); }

std::string clock_bundle_path(const spec::IconSpec& spec) { return "masters/" + spec.id + "-clock.lottie"; }

}  // namespace iconsynth::render::lottie
