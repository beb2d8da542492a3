#pragma once
// Draws a FrameScene with Cairo. Drawing reads the frame only; it never changes the scene.

#include "render/scene/evaluate.h"

#include <cairo.h>

namespace iconsynth::render {

// Draws `frame` into `cr` with the grid's unit square mapped to `px_per_unit` pixels, on top of
// whatever transform `cr` already has (callers translate for offsets and filmstrip cells).
void draw_frame(cairo_t* cr, const FrameScene& frame, double px_per_unit);

}  // namespace iconsynth::render
