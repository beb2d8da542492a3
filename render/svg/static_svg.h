#pragma once
// One frame of the icon as an icon-grade static SVG, written from the scene (not from a drawing
// surface), the way hand-made icon sets ship theirs:
//
//   <svg xmlns="http://www.w3.org/2000/svg" class="gpu-cluster-1a2b3c4d" viewBox="0 0 24 24" width="64" height="64"
//        fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" role="img">
//   <title>GPU cluster</title>
//   <style>.gpu-cluster-1a2b3c4d:root{color:#FFFFFF}</style>            the colour when it stands alone
//   <line x1="10.25" y1="5.25" x2="13.75" y2="5.25"/>                   a link
//   <rect x="2.25" y="2.25" width="6" height="6" rx="1.25"/>            a card's outline
//   <rect x="4" y="4" width="2.5" height="2.5" rx="0.5" fill="currentColor" stroke="none"/>   its die
//   …
//
// The viewBox is the design grid; width and height are the size. The primary ink is currentColor
// (inline, the icon takes the text colour of the page; standalone, the :root rule gives it the
// variant's); the duotone tone is render/svg's ink(), the same color-mix the animated SVG uses,
// after a plain colour for renderers without color-mix. Outlines the shape matcher recognises are
// <rect>, <circle> and <line>, anything else a short path (compact_path.h: a hinted card's band is
// one path of two contours with arcs); the elements' transforms are applied to the numbers
// (3 decimals), so a transform is written only for a turned rectangle. Shapes in a row with the
// same paint share one <g> that carries it.

#include "render/scene/evaluate.h"

#include <string>

namespace iconsynth::render::svg {

// The document of `frame` at `size` px. Deterministic. Invisible elements are left out.
std::string write_static_svg(const FrameScene& frame, int size);

}  // namespace iconsynth::render::svg
