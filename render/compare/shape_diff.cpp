#include "render/compare/shape_diff.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <vector>

namespace iconsynth::render {

namespace {

// A summed-area table: the sum over any axis-aligned rectangle in four lookups.
class AreaSums {
 public:
  AreaSums(int width, int height) : width_(width), sums_(static_cast<std::size_t>(width + 1) * (height + 1), 0.0) {}
  // Call row by row, left to right.
  void add(int x, int y, double value) {
    at(x + 1, y + 1) = value + at(x, y + 1) + at(x + 1, y) - at(x, y);
  }
  double sum(int x, int y, int side) const {
    return at(x + side, y + side) - at(x, y + side) - at(x + side, y) + at(x, y);
  }

 private:
  double& at(int x, int y) { return sums_[static_cast<std::size_t>(y) * (width_ + 1) + x]; }
  double at(int x, int y) const { return sums_[static_cast<std::size_t>(y) * (width_ + 1) + x]; }
  int width_;
  std::vector<double> sums_;
};

// |∇alpha| at x of a row by forward differences (the last column and row repeat). Rows are the
// pixel rows at y and y + 1 (the same row at the bottom).
double alpha_gradient(const std::uint32_t* row, const std::uint32_t* next_row, int x, int width) {
  const int here = static_cast<int>(row[x] >> 24);
  const int dx = static_cast<int>(row[std::min(x + 1, width - 1)] >> 24) - here;
  const int dy = static_cast<int>(next_row[x] >> 24) - here;
  return dx == 0 && dy == 0 ? 0.0 : std::sqrt(static_cast<double>(dx * dx + dy * dy));
}

const std::uint32_t* row_of(const ImageView& image, int y) {
  return reinterpret_cast<const std::uint32_t*>(image.data + static_cast<std::ptrdiff_t>(y) * image.stride);
}

// Window origins along one axis: every half window, and one flush with the far border.
std::vector<int> window_origins(int extent, int side) {
  std::vector<int> origins;
  const int step = std::max(1, side / 2);
  for (int o = 0; o + side < extent; o += step) origins.push_back(o);
  origins.push_back(std::max(0, extent - side));
  return origins;
}

}  // namespace

int shape_window(int size, double grid_units) {
  return std::max(3, static_cast<int>(std::lround(2.0 * size / grid_units)));
}

ShapeDiff compare_shapes(const ImageView& a, const ImageView& b, int window) {
  if (a.width != b.width || a.height != b.height) {
    throw std::invalid_argument("images differ in size: " + std::to_string(a.width) + "x" + std::to_string(a.height) +
                                " vs " + std::to_string(b.width) + "x" + std::to_string(b.height));
  }
  ShapeDiff out;
  out.window = std::clamp(window, 1, std::max(1, std::min(a.width, a.height)));
  AreaSums difference(a.width, a.height), edges(a.width, a.height);
  double ink_a[4] = {0, 0, 0, 0}, ink_b[4] = {0, 0, 0, 0};  // b, g, r, alpha sums
  for (int y = 0; y < a.height; ++y) {
    const int below = std::min(y + 1, a.height - 1);
    const std::uint32_t *row_a = row_of(a, y), *next_a = row_of(a, below);
    const std::uint32_t *row_b = row_of(b, y), *next_b = row_of(b, below);
    for (int x = 0; x < a.width; ++x) {
      const std::uint32_t pa = row_a[x], pb = row_b[x];
      int largest = 0;
      for (int shift = 0; shift < 32; shift += 8) {
        const int ca = pixel_channel(pa, shift), cb = pixel_channel(pb, shift);
        largest = std::max(largest, std::abs(ca - cb));
        ink_a[shift / 8] += ca;
        ink_b[shift / 8] += cb;
      }
      difference.add(x, y, largest / 255.0);
      edges.add(x, y, std::max(alpha_gradient(row_a, next_a, x, a.width), alpha_gradient(row_b, next_b, x, b.width)) / 255.0);
    }
  }
  const int side = out.window;
  for (int y : window_origins(a.height, side)) {
    for (int x : window_origins(a.width, side)) {
      const double edge_length = std::max(edges.sum(x, y, side), static_cast<double>(side));
      out.edge_shift = std::max(out.edge_shift, difference.sum(x, y, side) / edge_length);
    }
  }
  // Mean ink colour; an image with no ink at all has no colour to compare (the edge shift
  // already counts the missing shapes).
  if (ink_a[3] > 0 && ink_b[3] > 0) {
    for (int c = 0; c < 3; ++c) {
      out.ink_delta = std::max(out.ink_delta, 255.0 * std::abs(ink_a[c] / ink_a[3] - ink_b[c] / ink_b[3]));
    }
  }
  return out;
}

}  // namespace iconsynth::render
