#pragma once
// Draws a FrameScene with Cairo. Drawing reads the frame only; it never changes the scene.

#include "render/scene/evaluate.h"

#include <cairo.h>

#include <vector>

namespace iconsynth::render {

// Draws `frame` into `cr` with the grid's unit square mapped to `px_per_unit` pixels, on top of
// whatever transform `cr` already has (callers translate for offsets and filmstrip cells).
void draw_frame(cairo_t* cr, const FrameScene& frame, double px_per_unit);

// A part's outline as Cairo path data: the outline's own doubles, so appending it draws exactly
// what tracing the outline command by command draws. Built once per part by callers that draw
// the same parts at many frames.
std::vector<cairo_path_data_t> cairo_path_data(const geometry::Path& path);

// Draws one element of a frame (skipped when fully transparent) on top of the transform `cr`
// has, which must map grid units to pixels; the transform is restored afterwards. `paths`, when
// given, holds cairo_path_data of each of the element's parts, in order.
void draw_element(cairo_t* cr, const FrameElement& element, const std::vector<std::vector<cairo_path_data_t>>* paths = nullptr);

}  // namespace iconsynth::render
