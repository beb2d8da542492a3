#pragma once
// Hinting: a scene fitted to one size's pixel grid, as font hinting fits a glyph. The order is
// FreeType's auto-fitter's (freetype/src/autofit/aflatin.c):
//
//   1. stems   every stroke width to whole pixels (at least 1 px; exactly half-way rounds away
//              from the spec's default weight, so 1.5 and 2.5 part from 2 at 24 px); with a
//              judge, the whole width on the other side is tried too and the softer rest pose
//              loses (an edge may move half a pixel at most, so where strokes sit can forbid the
//              nearest width); a card's stroke no stem puts on the grid is drawn as a band (its
//              ink as a fill) whose sides each take the nearest whole pixel, where all of them
//              can, in order (weight 2.5 at 32 px: 4 px outer sides, 3 px inner ones, the four
//              cards mirror images of each other); else it keeps its exact width;
//   2. anchor  each still, upright element's origin, on the half-pixel lattice within half a
//              pixel, chosen so that its straight edges leave the least grey (mirror images
//              choose alike);
//   3. edges   each straight edge (a fill's side, a stroke's two sides, a link's cap tip) to the
//              nearest whole pixel that origin allows, in pairs about the origin (so a card stays
//              centred and four congruent cards stay congruent), its order with the other edges
//              kept; an edge that cannot get there within the budget stays where it was;
//   4. points  every other point moves with the nearest edge of its own contour, so a rounded
//              rectangle stays one, with its corner radius.
//
// Moving elements follow: a packet's route, along a grid axis, is mapped through what the still
// elements' edges did. No edge moves by more than half a pixel from the exact geometry. Turned
// elements (a ring's diagonal links) get their stems only. Where no fit leaves the rest pose less
// soft than it was, the judge keeps the exact pose. Motion is untouched: tracks keep their
// keys and easing, so animated parts leave the grid and come back, and frame 0 and the last frame
// show the fitted rest pose. Parts that follow the stroke weight are fitted at each of their
// samples and at the variant's weight, about the origins fitted at the variant's weight.

#include "render/scene/scene.h"

#include <functional>
#include <optional>

namespace iconsynth::render {

struct HintRules {
  double default_weight = 2;  // the spec's: a stem half-way between two whole pixels rounds away from it
  // How soft a candidate's rest pose is at its size (render/cairo/sized_scene.h measures it):
  // given, the stems either side of the stroke width are both tried and the softer one loses.
  // Absent, strokes take the rule's stem.
  std::function<double(const AnimatedScene&)> judge;
  // Whether a card no stem puts on the grid may be drawn as a band (its stroke as a fill, each
  // side on its own whole pixel). Off for writers that key a stroke's geometry over the weight
  // with CSS (the animated SVG): CSS moves a rect's stroke, not a band's two outlines.
  bool bands = true;
};

// The largest distance, in px, hinting moves any edge from the exact geometry.
inline constexpr double kMaxHintShiftPx = 0.5;

// `exact` fitted to the pixel grid of a size × size px rendering (its pixel_grid set to size).
AnimatedScene hint(const AnimatedScene& exact, int size, const HintRules& rules = {});

// The ink of a stroke `width` wide along a rounded rectangle's outline (as geometry::rounded_rect
// draws it), as a fill: the outline grown by half the width, less the outline shrunk by half
// (its corner sharp where the radius runs out, as a round-joined stroke's inner side is), corner
// curves kept at radius 0 so the commands are the same at every width. Nothing for any other
// path, or a stroke so wide that no inner side shows.
std::optional<geometry::Path> stroke_band(const geometry::Path& path, double width);

// The width, in px, hinting gives a stroke `width` units wide at `px_per_unit`: whole pixels,
// at least 1, a half-way width rounded away from `default_weight`.
double hinted_stem_px(double width, double px_per_unit, double default_weight);

}  // namespace iconsynth::render
