#include "render/cairo/opaque_ink.h"

#include "render/cairo/cairo_blend.h"

#include <algorithm>

namespace iconsynth::render {

OpaqueInk::OpaqueInk(std::uint32_t color, const std::vector<std::uint32_t>& unders) : color_(color), unders_{0} {
  for (std::uint32_t under : unders) {
    if (under != color && std::find(unders_.begin(), unders_.end(), under) == unders_.end()) unders_.push_back(under);
  }
  over_.resize(unders_.size());
  for (std::size_t u = 0; u < unders_.size(); ++u) {
    for (int a = 0; a < 256; ++a) over_[u][std::size_t(a)] = cairo_blend::blend(color_, std::uint8_t(a), unders_[u]);
  }
}

std::uint32_t OpaqueInk::over(std::uint32_t under, std::uint8_t coverage) const {
  for (std::size_t u = 1; u < unders_.size(); ++u) {
    if (unders_[u] == under) return over_[u][coverage];
  }
  return cairo_blend::blend(color_, coverage, under);
}

void OpaqueInk::draw_row(std::uint32_t* row, const CoverageMask& mask, int y, int origin, int x0, int x1) const {
  for (const CoverageMask::Run* run = mask.runs_begin(y); run != mask.runs_end(y); ++run) {
    const int from = std::max(run->x0 + origin, x0), to = std::min(run->x1 + origin, x1);
    if (from >= to) continue;
    if (run->full()) {
      std::fill(row + from, row + to, color_);
      continue;
    }
    const std::uint8_t* coverage = mask.coverage(*run) + (from - origin - run->x0);
    const std::uint32_t* over_clear = over_[0].data();
    for (int x = from; x < to; ++x) {
      const std::uint8_t a = *coverage++;
      if (a == 0) continue;
      const std::uint32_t under = row[x];
      if (a == 255) {
        row[x] = color_;
      } else if (under == 0) {
        row[x] = over_clear[a];
      } else {
        row[x] = over(under, a);
      }
    }
  }
}

}  // namespace iconsynth::render
