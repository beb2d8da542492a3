#pragma once
// SVG's basic shapes recognised in our outlines. CSS can move a shape's geometry only through
// the SVG 2 geometry properties (x, y, width, height, rx, cx, cy, r), so a part whose outline
// follows the stroke weight must be written as <rect> or <circle>, not as a <path>. The scene keeps
// one outline type; here an outline is matched to a shape and accepted only if rebuilding the
// shape gives back the same outline, so a match is never a guess.

#include "geometry/path.h"

#include <array>
#include <optional>
#include <string_view>
#include <vector>

namespace iconsynth::render::svg {

enum class ShapeKind { Rect, Circle, Line };

// A shape's parameters in its element's own attribute order:
//   Rect   x, y, width, height, rx      (ry follows rx)
//   Circle cx, cy, r
//   Line   x1, y1, x2, y2
struct Shape {
  ShapeKind kind;
  std::array<double, 5> values{};
};

// The attribute names of `kind`'s parameters, and the SVG element name.
const std::vector<std::string_view>& parameter_names(ShapeKind kind);
std::string_view element_name(ShapeKind kind);

// The shape `path` draws: a rounded rectangle or a circle from geometry::rounded_rect/circle
// (clockwise), or an open segment. An outline collapsed to one point (a part some weight leaves
// out) matches `collapsed_as`, with zero size. nullopt for anything else.
std::optional<Shape> match_shape(const geometry::Path& path, std::optional<ShapeKind> collapsed_as = std::nullopt);

}  // namespace iconsynth::render::svg
