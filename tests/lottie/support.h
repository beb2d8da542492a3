#pragma once
// Shared fixtures for the Lottie suites (on top of the render suites' spec and variants):
// reading files, and images written on failure.

#include "../render/support.h"

#include "render/cairo/surface.h"
#include "render/compare/image_diff.h"
#include "render/lottie/lottie_writer.h"
#include "render/scene/evaluate.h"
#include "spec/loader.h"

#include <nlohmann/json.hpp>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

namespace iconsynth::test {

// Frames that show what a motion does, for tests that cannot afford every frame: both ends,
// every choreography event, and the middle of each flight.
inline std::vector<int> key_frames(const render::AnimatedScene& scene) {
  std::set<int> frames{0, scene.frame_count - 1};
  for (const motion::ChoreographyEvent& e : scene.choreography.events) frames.insert(static_cast<int>(e.frame));
  for (const motion::PacketMotion& p : scene.choreography.packets) frames.insert(static_cast<int>((p.depart + p.land) / 2));
  frames.erase(scene.frame_count);
  return {frames.begin(), frames.end()};
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
