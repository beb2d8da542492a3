#pragma once
// An opaque colour drawn through coverage masks into ARGB32 rows with Cairo's own arithmetic
// (cairo_blend.h). Where a mask is partial, the colour lands mostly on a transparent pixel or on
// another opaque colour of the scene (a card's stroke over its fill): those blends are looked up
// in tables made once, the rest computed.

#include "render/cairo/coverage_mask.h"

#include <array>
#include <cstdint>
#include <vector>

namespace iconsynth::render {

class OpaqueInk {
 public:
  // `color` as a premultiplied 0xffRRGGBB pixel; `unders`: the opaque pixels it is often drawn
  // over, its own among them.
  OpaqueInk(std::uint32_t color, const std::vector<std::uint32_t>& unders);

  std::uint32_t color() const { return color_; }

  // Draws the colour through row `y` of `mask` (whose column 0 is canvas column `origin`) into
  // canvas columns [x0, x1) of `row`: full runs are filled, partial ones blended pixel by pixel.
  void draw_row(std::uint32_t* row, const CoverageMask& mask, int y, int origin, int x0, int x1) const;
  // The same over a row that is transparent there, without reading it: every column of [x0, x1)
  // is written, 0 where the mask is empty or absent. A frame's lowest layer is drawn so, in one
  // pass instead of clearing and then blending.
  void draw_row_over_clear(std::uint32_t* row, const CoverageMask& mask, int y, int origin, int x0, int x1) const;

 private:
  // draw_row for a dense mask: `coverage` is its row, whose byte 0 is canvas column `origin`;
  // columns [from, to) lie within it.
  void draw_dense_row(std::uint32_t* row, const std::uint8_t* coverage, int origin, int from, int to) const;
  // The blends of the colour over `under` by coverage, or null when it has none.
  const std::uint32_t* table_for(std::uint32_t under) const;
  // The colour over an opaque or partial pixel `under` at `coverage` (1 … 254).
  std::uint32_t over(std::uint32_t under, std::uint8_t coverage) const;
  // Blends `count` pixels of `row` pixel by pixel, `coverage` their coverage: none skipped, full
  // filled, over transparent from the table, else `over`.
  void blend_pixels(std::uint32_t* row, const std::uint8_t* coverage, int count) const;

  std::uint32_t color_;
  std::vector<std::uint32_t> unders_;                     // [0] is transparent
  std::vector<std::array<std::uint32_t, 256>> over_;      // [under][coverage]: the blend
};

}  // namespace iconsynth::render
