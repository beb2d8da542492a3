#pragma once
// A rectangle of whole pixels, [x0, x1) × [y0, y1), as the frame renderer tracks what it draws.

#include <algorithm>

namespace iconsynth::render {

struct PixelBox {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;

  bool empty() const { return x0 >= x1 || y0 >= y1; }
  int width() const { return x1 - x0; }
  int height() const { return y1 - y0; }
  bool operator==(const PixelBox&) const = default;
  bool intersects(const PixelBox& o) const { return x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1; }
  PixelBox united(const PixelBox& o) const {
    return {std::min(x0, o.x0), std::min(y0, o.y0), std::max(x1, o.x1), std::max(y1, o.y1)};
  }
  PixelBox intersected(const PixelBox& o) const {
    return {std::max(x0, o.x0), std::max(y0, o.y0), std::min(x1, o.x1), std::min(y1, o.y1)};
  }
};

}  // namespace iconsynth::render
