#include "render/compare/image_diff.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace iconsynth::render {

std::vector<std::uint32_t> pixels_of(const ImageView& image) {
  std::vector<std::uint32_t> out(static_cast<std::size_t>(image.width) * image.height);
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) out[static_cast<std::size_t>(y) * image.width + x] = image.pixel(x, y);
  }
  return out;
}

DiffStats compare_images(const ImageView& a, const ImageView& b, int tolerance) {
  if (a.width != b.width || a.height != b.height) {
    throw std::invalid_argument("images differ in size: " + std::to_string(a.width) + "x" + std::to_string(a.height) +
                                " vs " + std::to_string(b.width) + "x" + std::to_string(b.height));
  }
  DiffStats stats;
  stats.tolerance = tolerance;
  std::uint64_t sum = 0, over = 0;
  for (int y = 0; y < a.height; ++y) {
    for (int x = 0; x < a.width; ++x) {
      const std::uint32_t pa = a.pixel(x, y), pb = b.pixel(x, y);
      if (pa == pb) continue;
      int pixel_max = 0;
      for (int shift = 0; shift < 32; shift += 8) {
        const int d = std::abs(pixel_channel(pa, shift) - pixel_channel(pb, shift));
        sum += d;
        pixel_max = std::max(pixel_max, d);
      }
      stats.max_abs = std::max(stats.max_abs, pixel_max);
      over += pixel_max > tolerance;
    }
  }
  const double pixels = static_cast<double>(a.width) * a.height;
  stats.mean_abs = pixels > 0 ? sum / (4 * pixels) : 0;
  stats.share_over = pixels > 0 ? over / pixels : 0;
  return stats;
}

std::vector<std::uint32_t> difference_image(const ImageView& a, const ImageView& b) {
  if (a.width != b.width || a.height != b.height) throw std::invalid_argument("images differ in size");
  std::vector<std::uint32_t> out(static_cast<std::size_t>(a.width) * a.height);
  for (int y = 0; y < a.height; ++y) {
    for (int x = 0; x < a.width; ++x) {
      const std::uint32_t pa = a.pixel(x, y), pb = b.pixel(x, y);
      const int alpha_delta = pixel_channel(pb, 24) - pixel_channel(pa, 24);
      int worst = 0;
      for (int shift = 0; shift < 32; shift += 8) worst = std::max(worst, std::abs(pixel_channel(pa, shift) - pixel_channel(pb, shift)));
      // Faint context: the union of both images' coverage in light grey.
      const int context = std::max(pixel_channel(pa, 24), pixel_channel(pb, 24)) / 4;
      std::uint32_t r = context, g = context, bl = context;
      if (worst > 0) {
        const std::uint32_t strength = std::min(255, 64 + worst * 4);
        if (alpha_delta >= 0) r = strength, g = bl = 0;
        else bl = strength, r = g = 0;
      }
      out[static_cast<std::size_t>(y) * a.width + x] = 0xFF000000u | r << 16 | g << 8 | bl;
    }
  }
  return out;
}

std::string describe(const DiffStats& s) {
  char text[128];
  std::snprintf(text, sizeof text, "mean %.3f, max %d, %.3f%% over %d", s.mean_abs, s.max_abs, s.share_over * 100,
                s.tolerance);
  return text;
}

}  // namespace iconsynth::render
