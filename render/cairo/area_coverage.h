#pragma once
// A filled outline's anti-aliased coverage by exact area: each pixel's byte is the share of its
// square the outline covers (nonzero winding, clamped to full), in 16-bit fixed point. Curves
// are cut into lines first, to within a tolerance in pixels.
//
// The method of FreeType's smooth rasteriser and font-rs: each line adds its signed area to the
// cells of the rows it crosses, and a row's running sum is the coverage. It costs a few
// operations a crossed cell and one a pixel, where Cairo's scan converter samples 15 sub-rows a
// pixel row (its pixels differ from these by a few levels on slanted edges). Raster output fills
// with it (draw.h's ink_part, and the frame renderer's masks, coverage_mask.h); strokes stay
// Cairo's.
//
// Integer cells sum alike in any order, so the bytes of a pixel do not depend on the region
// drawn over, as long as the region holds the outline's ink on its row. Floating-point steps
// along a line are not exact under translation: begin_fixed_path places a path's points
// relative to a whole pixel that moves with them.

#include "render/cairo/pixel_box.h"

#include <cstdint>
#include <span>
#include <vector>

namespace iconsynth::render {

class AreaCoverage {
 public:
  // Starts an outline whose coverage is wanted over `region` (device pixels), curves flattened to
  // within `tolerance` px. Ink outside the region is allowed: left of it, it still winds the
  // pixels to its right.
  void begin(const PixelBox& region, double tolerance);
  // The outline, in device pixels (any number of closed or open subpaths: each is closed).
  void move_to(double x, double y);
  void line_to(double x, double y);
  void curve_to(double x1, double y1, double x2, double y2, double x3, double y3);
  void close_path();
  // begin(), then the path `words` hold: each a cairo_path_data_type_t followed by its points' x
  // and y in 24.8 fixed point, counted from the whole pixel (`at_x`, `at_y`) of the device. It is
  // traced relative to the whole pixel at the top left of its points' bounds, so a path moved by
  // whole pixels gives the same bytes: the frame renderer's masks and draw_element fill through
  // it, and agree.
  void begin_fixed_path(std::span<const std::int64_t> words, int at_x, int at_y, const PixelBox& region, double tolerance);
  // Writes the coverage of every pixel of the region into `a8`, which points at the region's
  // top-left pixel, `stride` bytes a row.
  void write(unsigned char* a8, int stride);

 private:
  // Adds the signed area of the line (device pixels), clipped to the region.
  void add_line(double x0, double y0, double x1, double y1);
  // Adds a line lying within the region's columns.
  void add_clipped_line(double x0, double y0, double x1, double y1);

  PixelBox region_;
  double tolerance_ = 0.1;
  int width_ = 0, height_ = 0;
  std::vector<std::int32_t> cells_;  // (width + 2) × height used: each row's area changes in fixed point, summed left to right; 0 between outlines
  double start_x_ = 0, start_y_ = 0, x_ = 0, y_ = 0;
  bool open_ = false;
  bool dirty_ = false;  // cells_ may hold an outline's areas: begun and not written
};

}  // namespace iconsynth::render
