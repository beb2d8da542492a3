#pragma once
// A folder of PNG frames someone hands us (`check FOLDER`, `fit FOLDER`): one animation, its
// frames in name order (runs of digits compared as numbers, so frame_2 comes before frame_10).
// Untrusted input like an asset: every limit is checked before pixels are decoded, and every
// problem is a lottie::AssetError naming the file. Links may point only at files inside the
// folder; anything but .png files is ignored.

#include "render/lottie/asset_reader.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace iconsynth::render::check {

struct FrameFolderLimits {
  std::size_t max_frames = 3600;                  // a minute at 60 fps, the spec's longest motion
  int min_side = 8, max_side = 2048;              // px; frames are square
  std::uint64_t max_file_bytes = 16ull << 20;     // one PNG file
  std::uint64_t max_total_pixels = 1ull << 25;    // every frame together: 128 MiB decoded
};

// One decoded frame: premultiplied ARGB32 (Cairo's and the players' format), row-major.
struct DecodedFrame {
  int width = 0, height = 0;
  std::vector<std::uint32_t> pixels;
};

// PNG bytes → a frame; AssetError naming `name` when they are not a PNG, are truncated, or break a
// limit: the side, `size` when it is not 0 (the folder's first frame's), and `pixel_budget`
// (what the folder's frames may still hold), all checked before the pixels are allocated.
DecodedFrame decode_frame_png(const std::string& bytes, const std::string& name, const FrameFolderLimits& limits = {},
                              int size = 0, std::uint64_t pixel_budget = ~std::uint64_t{0});

struct FrameFolder {
  std::filesystem::path folder;
  std::vector<std::string> names;  // file names, in frame order
  int size = 0;                    // every frame is size × size px
  std::vector<std::vector<std::uint32_t>> frames;  // premultiplied ARGB32
};

// Reads every .png of `folder`; AssetError naming the folder or the file on any problem.
FrameFolder read_frame_folder(const std::filesystem::path& folder, const FrameFolderLimits& limits = {});

// Whether `a` comes before `b` with runs of digits compared as numbers.
bool natural_less(const std::string& a, const std::string& b);

}  // namespace iconsynth::render::check
