#include "render/svg/svg_shapes.h"

#include <cmath>

namespace iconsynth::render::svg {

namespace {

using geometry::Path;
using geometry::Point;
using geometry::Verb;

// Rebuilt outlines equal the original up to rounding in the arithmetic that made them.
constexpr double kSame = 1e-9;

int point_count(Verb verb) { return verb == Verb::Cubic ? 3 : verb == Verb::Close ? 0 : 1; }

bool same_outline(const Path& a, const Path& b) {
  const auto& ca = a.commands();
  const auto& cb = b.commands();
  if (ca.size() != cb.size()) return false;
  for (std::size_t i = 0; i < ca.size(); ++i) {
    if (ca[i].verb != cb[i].verb) return false;
    for (int p = 0; p < point_count(ca[i].verb); ++p) {
      if ((ca[i].points[p] - cb[i].points[p]).cwiseAbs().maxCoeff() > kSame) return false;
    }
  }
  return true;
}

// The single point every command of `path` sits on, if it has collapsed to one.
std::optional<Point> collapsed_point(const Path& path) {
  const geometry::Bounds b = path.control_bounds();
  if (b.empty() || (b.max - b.min).cwiseAbs().maxCoeff() > kSame) return std::nullopt;
  return b.min;
}

}  // namespace

const std::vector<std::string_view>& parameter_names(ShapeKind kind) {
  static const std::vector<std::string_view> rect{"x", "y", "width", "height", "rx"};
  static const std::vector<std::string_view> circle{"cx", "cy", "r"};
  static const std::vector<std::string_view> line{"x1", "y1", "x2", "y2"};
  switch (kind) {
    case ShapeKind::Rect: return rect;
    case ShapeKind::Circle: return circle;
    case ShapeKind::Line: break;
  }
  return line;
}

std::string_view element_name(ShapeKind kind) {
  switch (kind) {
    case ShapeKind::Rect: return "rect";
    case ShapeKind::Circle: return "circle";
    case ShapeKind::Line: break;
  }
  return "line";
}

std::optional<Shape> match_shape(const Path& path, std::optional<ShapeKind> collapsed_as) {
  const auto& commands = path.commands();
  if (commands.size() == 2 && commands[0].verb == Verb::Move && commands[1].verb == Verb::Line) {
    const Point a = commands[0].points[0], b = commands[1].points[0];
    return Shape{ShapeKind::Line, {a.x(), a.y(), b.x(), b.y(), 0}};
  }
  if (const std::optional<Point> at = collapsed_point(path); at && collapsed_as && *collapsed_as != ShapeKind::Line) {
    if (*collapsed_as == ShapeKind::Circle) return Shape{ShapeKind::Circle, {at->x(), at->y(), 0, 0, 0}};
    return Shape{ShapeKind::Rect, {at->x(), at->y(), 0, 0, 0}};
  }
  if (commands.empty() || commands[0].verb != Verb::Move) return std::nullopt;
  const geometry::Bounds b = path.control_bounds();
  const Point center = (b.min + b.max) / 2;
  const Eigen::Vector2d half = (b.max - b.min) / 2;

  if (std::abs(half.x() - half.y()) <= kSame && same_outline(path, geometry::circle(center, half.x()))) {
    return Shape{ShapeKind::Circle, {center.x(), center.y(), half.x(), 0, 0}};
  }
  // rounded_rect starts where the top edge leaves the top-left corner's arc.
  const double radius = commands[0].points[0].x() - b.min.x();
  // (A card whose stroke takes its corner radius to 0 keeps zero-size corner curves: still a rect;
  // a point is not, unless asked for above.)
  const bool sharp_kept = radius == 0 && half.minCoeff() > kSame &&
                          same_outline(path, geometry::rounded_rect(center, half, 0, geometry::Winding::Clockwise, geometry::SharpCorners::Keep));
  if (sharp_kept || same_outline(path, geometry::rounded_rect(center, half, radius))) {
    return Shape{ShapeKind::Rect, {b.min.x(), b.min.y(), 2 * half.x(), 2 * half.y(), radius}};
  }
  return std::nullopt;
}

}  // namespace iconsynth::render::svg
