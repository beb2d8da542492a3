#pragma once
// Image metrics shared by golden tests, player comparisons and `check`: how far apart two
// renderings of the same frame are, on premultiplied ARGB32 pixels (Cairo's and rlottie's format).

#include <cstdint>
#include <string>
#include <vector>

namespace iconsynth::render {

// A read-only view of premultiplied 0xAARRGGBB pixels, `stride` bytes a row.
struct ImageView {
  int width = 0, height = 0, stride = 0;
  const std::uint8_t* data = nullptr;

  std::uint32_t pixel(int x, int y) const {
    return reinterpret_cast<const std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride)[x];
  }
};

// A view of a tightly packed width × height pixel vector.
inline ImageView view_of(const std::vector<std::uint32_t>& pixels, int width, int height) {
  return {width, height, width * 4, reinterpret_cast<const std::uint8_t*>(pixels.data())};
}

// The pixels of a view copied into a tightly packed vector (drops stride padding).
std::vector<std::uint32_t> pixels_of(const ImageView& image);

// One 8-bit channel of a packed pixel: shift 24, 16, 8 or 0.
inline int pixel_channel(std::uint32_t p, int shift) { return static_cast<int>((p >> shift) & 0xFF); }

struct DiffStats {
  double mean_abs = 0;       // mean |a - b| over all pixels and the four channels, 0–255
  int max_abs = 0;           // largest single-channel difference
  double share_over = 0;     // share of pixels with some channel differing by more than the tolerance
  int tolerance = 0;
};

// Compares two images of equal size; std::invalid_argument when the sizes differ.
DiffStats compare_images(const ImageView& a, const ImageView& b, int tolerance);

// A visible difference image: grey where the images agree, red where b has more ink than a,
// blue where it has less, scaled so any difference shows; premultiplied ARGB32, width×height.
std::vector<std::uint32_t> difference_image(const ImageView& a, const ImageView& b);

// "mean 0.31, max 58, 0.12% over 32" for logs and reports.
std::string describe(const DiffStats& stats);

}  // namespace iconsynth::render
