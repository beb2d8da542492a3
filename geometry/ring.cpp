#include "geometry/ring.h"

namespace iconsynth::geometry {

std::string_view short_name(RingPosition position) {
  static constexpr std::array<std::string_view, kRingSize> kNames{"tl", "tr", "br", "bl"};
  return kNames[ring_index(position)];
}

std::string_view link_side(RingPosition from) {
  static constexpr std::array<std::string_view, kRingSize> kSides{"top", "right", "bottom", "left"};
  return kSides[ring_index(from)];
}

}  // namespace iconsynth::geometry
