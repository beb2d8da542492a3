#pragma once
// Comparing coverage masks in the render suites.

#include "render/cairo/coverage_mask.h"

namespace iconsynth::test {

// Whether two masks hold the same coverage, pixel for pixel (their keys aside).
inline bool same_pixels(const render::CoverageMask& a, const render::CoverageMask& b) {
  if (a.width() != b.width() || a.height() != b.height()) return false;
  for (int y = 0; y < a.height(); ++y) {
    for (int x = 0; x < a.width(); ++x) {
      if (a.at(x, y) != b.at(x, y)) return false;
    }
  }
  return true;
}

}  // namespace iconsynth::test
