#pragma once
// A filled outline's coverage where it is known without rasterising: the pixels whose centres
// lie inside (nonzero winding) are full, the others empty. That is a fill's coverage for every
// pixel the outline's edge does not cross; the frame renderer uses it for a fill whose edge a
// wide opaque stroke of the same outline hides (a duotone card's fill under its stroke).

#include "render/cairo/coverage_mask.h"

#include <cairo.h>

#include <memory>
#include <vector>

namespace iconsynth::render {

// The mask of `box` (canvas pixels) whose full runs are the pixels with their centre inside
// `path` (Cairo path data in user units) as `ctm` maps it to the canvas, the outline's points
// first rounded to Cairo's 24.8 fixed point (so the mask depends on the key alone); curves are
// flattened to within 0.05 px.
std::shared_ptr<CoverageMask> inside_mask(const std::vector<cairo_path_data_t>& path, const cairo_matrix_t& ctm, const PixelBox& box,
                                          std::vector<std::int64_t> key);

}  // namespace iconsynth::render
