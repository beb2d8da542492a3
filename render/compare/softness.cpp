#include "render/compare/softness.h"

#include <algorithm>

namespace iconsynth::render {

double softness(const ImageView& image) {
  double soft = 0, ink = 0;
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      const double a = (image.pixel(x, y) >> 24) / 255.0;
      soft += 2 * std::min(a, 1 - a);
      ink += a;
    }
  }
  return ink > 0 ? soft / ink : 0.0;
}

}  // namespace iconsynth::render
