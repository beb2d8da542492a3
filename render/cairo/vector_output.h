#pragma once
// Vector documents from Cairo (a chart as SVG, a frame as PDF), held in memory so callers can write
// them atomically. A frame as SVG is render/svg/static_svg.h, written from the scene.

#include "render/scene/evaluate.h"

#include <cairo.h>

#include <functional>
#include <string>

namespace iconsynth::render {

// An SVG document of whatever `draw` paints on a width × height surface, with Cairo's
// process-wide ids renumbered so the same drawing always gives the same bytes.
std::string svg_document(double width, double height, const std::function<void(cairo_t*)>& draw);

// One-page PDF of `frame`, size × size pt; dates fixed so the bytes are reproducible.
std::string render_pdf(const FrameScene& frame, int size);

}  // namespace iconsynth::render
