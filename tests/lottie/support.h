#pragma once
// Shared fixtures for the Lottie suites: exported animations and images written on failure.

#include "render/cairo/surface.h"
#include "render/compare/image_diff.h"
#include "render/lottie/lottie_writer.h"
#include "render/scene/evaluate.h"
#include "spec/loader.h"

#include <nlohmann/json.hpp>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace iconsynth::test {

inline const spec::IconSpec& builtin_spec() {
  static const spec::IconSpec spec = spec::load_spec_text(spec::builtin_spec_text());
  return spec;
}

inline std::vector<render::Variant> all_style_motion_variants(double weight = 2) {
  std::vector<render::Variant> out;
  for (spec::Style style : spec::kStyles) {
    for (spec::Motion motion : spec::kMotions) out.push_back({style, weight, motion, spec::Theme::Dark, std::nullopt});
  }
  return out;
}

inline const render::FrameElement& find_element(const render::FrameScene& frame, const std::string& name) {
  for (const render::FrameElement& e : frame.elements) {
    if (e.element->name == name) return e;
  }
  throw std::out_of_range("no element " + name);
}

// Where a failing test leaves images for a person to look at.
inline std::filesystem::path artifact_dir(const std::string& name) {
  const char* root = std::getenv("ICONSYNTH_TEST_TMP");
  const auto dir = std::filesystem::path(root ? root : std::filesystem::temp_directory_path().string()) / name;
  std::filesystem::create_directories(dir);
  return dir;
}

inline std::string read_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Writes premultiplied ARGB32 pixels as a PNG.
inline void write_png(const std::filesystem::path& path, const std::uint32_t* pixels, int width, int height) {
  std::ofstream(path, std::ios::binary) << render::image_from_pixels(pixels, width, height).png_bytes();
}

}  // namespace iconsynth::test
