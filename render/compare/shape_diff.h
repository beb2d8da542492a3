#pragma once
// A size-independent verdict on two renderings of the same frame. Two correct renderers disagree
// only where anti-aliasing decides, on edges, by a fraction of a pixel whatever the canvas size;
// an absolute mean over the image punishes small canvases instead (edge pixels are a larger share
// of them). So the difference is expressed as what it would take to explain it:
//   edge shift: in each window of about two grid units, the summed difference (0–1 per pixel,
//               the largest channel) over the window's edge length in px (|∇alpha| summed, at
//               least one window side). A sub-pixel edge shift of d px reads as about d; a missing
//               or extra shape reads as its area over its outline, large. The worst window counts.
//   ink delta:  the coverage-weighted mean colour of each image (premultiplied sums over alpha
//               sums), compared per channel in levels: a colour change on thin strokes that moves
//               no edge, independent of how many pixels the strokes cover.
// Calibrated in render/check/README.md.

#include "render/compare/image_diff.h"

namespace iconsynth::render {

struct ShapeDiff {
  double edge_shift = 0;  // px, the worst window's difference per px of edge
  double ink_delta = 0;   // 0–255, the largest channel difference of the mean ink colour
  int window = 0;         // px, the window side used
};

// Window side for an icon on a `grid_units` grid drawn at `size` px: two grid units, at least 3 px.
int shape_window(int size, double grid_units);

// Compares two images of equal size; std::invalid_argument when the sizes differ.
ShapeDiff compare_shapes(const ImageView& a, const ImageView& b, int window);

}  // namespace iconsynth::render
