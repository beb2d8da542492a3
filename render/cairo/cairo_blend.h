#pragma once
// Cairo's own arithmetic for drawing an opaque colour through a coverage mask, so the frame
// renderer composites its masks to exactly the pixels cairo_fill and cairo_stroke would give.

#include <cstdint>

namespace iconsynth::render::cairo_blend {

// Cairo's image compositor draws an opaque colour by blending it into the image by coverage
// (a lerp, each product rounded as (x + 0x7f + (x >> 8)) >> 8 on two channels at a time);
// pixman, which Cairo uses for a translucent colour or a mask, rounds with 0x80 instead.
inline std::uint32_t times_coverage(std::uint32_t two_channels, std::uint8_t coverage) {
  const std::uint32_t t = (two_channels & 0xff00ff) * coverage + 0x7f007f;
  return ((t + ((t >> 8) & 0xff00ff)) >> 8) & 0xff00ff;
}
inline std::uint32_t saturated_sum(std::uint32_t a, std::uint32_t b) {
  std::uint32_t t = a + b;
  t |= 0x1000100 - ((t >> 8) & 0xff00ff);
  return t & 0xff00ff;
}
inline std::uint32_t blend(std::uint32_t color, std::uint8_t coverage, std::uint32_t under) {
  const std::uint8_t rest = 255 - coverage;
  return saturated_sum(times_coverage(color, coverage), times_coverage(under, rest)) |
         saturated_sum(times_coverage(color >> 8, coverage), times_coverage(under >> 8, rest)) << 8;
}

// Cairo turns colour components into 16 bits this way; it takes a colour whose alpha is at least
// 0xff00 for opaque.
inline std::uint16_t cairo_short(double d) { return static_cast<std::uint16_t>(d * (65535.0 / 65536.0) * 65536.0 + 0.5); }

}  // namespace iconsynth::render::cairo_blend
