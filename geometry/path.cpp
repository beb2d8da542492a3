#include "geometry/path.h"

#include <algorithm>
#include <stdexcept>

namespace iconsynth::geometry {

Path& Path::move_to(const Point& p) {
  commands_.push_back({Verb::Move, {p, Point::Zero(), Point::Zero()}});
  return *this;
}

Path& Path::line_to(const Point& p) {
  commands_.push_back({Verb::Line, {p, Point::Zero(), Point::Zero()}});
  return *this;
}

Path& Path::cubic_to(const Point& c1, const Point& c2, const Point& end) {
  commands_.push_back({Verb::Cubic, {c1, c2, end}});
  return *this;
}

Path& Path::close() {
  commands_.push_back({Verb::Close, {Point::Zero(), Point::Zero(), Point::Zero()}});
  return *this;
}

Path& Path::append(const Path& other) {
  commands_.insert(commands_.end(), other.commands_.begin(), other.commands_.end());
  return *this;
}

int Path::contour_count() const {
  return static_cast<int>(std::count_if(commands_.begin(), commands_.end(),
                                        [](const PathCommand& c) { return c.verb == Verb::Move; }));
}

namespace {
int point_count(Verb verb) {
  switch (verb) {
    case Verb::Move:
    case Verb::Line: return 1;
    case Verb::Cubic: return 3;
    case Verb::Close: return 0;
  }
  return 0;
}
}  // namespace

Path Path::transformed(const Affine& transform) const {
  Path out = *this;
  for (PathCommand& c : out.commands_) {
    for (int i = 0; i < point_count(c.verb); ++i) c.points[i] = transform * c.points[i];
  }
  return out;
}

Bounds Path::control_bounds() const {
  Bounds b;
  for (const PathCommand& c : commands_) {
    for (int i = 0; i < point_count(c.verb); ++i) b.add(c.points[i]);
  }
  return b;
}

// Reverses each contour separately: the end point of every segment becomes the start of its
// reversed twin, and a cubic's two control points swap.
Path Path::reversed() const {
  Path out;
  std::size_t begin = 0;
  while (begin < commands_.size()) {
    if (commands_[begin].verb != Verb::Move) throw std::logic_error("Path::reversed: contour must start with move_to");
    std::size_t end = begin + 1;
    while (end < commands_.size() && commands_[end].verb != Verb::Move) ++end;
    const bool closed = commands_[end - 1].verb == Verb::Close;
    const std::size_t last_segment = closed ? end - 2 : end - 1;

    // Walk segments backwards; each segment's start is the previous command's end point.
    auto end_point = [&](std::size_t i) -> const Point& {
      const PathCommand& c = commands_[i];
      return c.verb == Verb::Cubic ? c.points[2] : c.points[0];
    };
    out.move_to(end_point(last_segment));
    for (std::size_t i = last_segment; i > begin; --i) {
      const PathCommand& c = commands_[i];
      const Point& start = end_point(i - 1);
      if (c.verb == Verb::Cubic) {
        out.cubic_to(c.points[1], c.points[0], start);
      } else {
        out.line_to(start);
      }
    }
    if (closed) out.close();
    begin = end;
  }
  return out;
}

Path rounded_rect(const Point& center, const Eigen::Vector2d& half_size, double radius, Winding winding, SharpCorners sharp) {
  const double r = std::clamp(radius, 0.0, half_size.minCoeff());
  const bool curves = r > 0 || sharp == SharpCorners::Keep;
  const double k = r * (1.0 - kQuarterArcKappa);  // distance of a handle from the corner
  const double x0 = center.x() - half_size.x(), x1 = center.x() + half_size.x();
  const double y0 = center.y() - half_size.y(), y1 = center.y() + half_size.y();

  Path p;
  p.move_to({x0 + r, y0});
  p.line_to({x1 - r, y0});
  if (curves) p.cubic_to({x1 - k, y0}, {x1, y0 + k}, {x1, y0 + r});
  p.line_to({x1, y1 - r});
  if (curves) p.cubic_to({x1, y1 - k}, {x1 - k, y1}, {x1 - r, y1});
  p.line_to({x0 + r, y1});
  if (curves) p.cubic_to({x0 + k, y1}, {x0, y1 - k}, {x0, y1 - r});
  p.line_to({x0, y0 + r});
  if (curves) p.cubic_to({x0, y0 + k}, {x0 + k, y0}, {x0 + r, y0});
  p.close();
  return winding == Winding::Clockwise ? p : p.reversed();
}

Path circle(const Point& center, double radius, Winding winding) {
  const double r = radius, k = radius * kQuarterArcKappa;
  const double cx = center.x(), cy = center.y();
  Path p;
  p.move_to({cx, cy - r});
  p.cubic_to({cx + k, cy - r}, {cx + r, cy - k}, {cx + r, cy});
  p.cubic_to({cx + r, cy + k}, {cx + k, cy + r}, {cx, cy + r});
  p.cubic_to({cx - k, cy + r}, {cx - r, cy + k}, {cx - r, cy});
  p.cubic_to({cx - r, cy - k}, {cx - k, cy - r}, {cx, cy - r});
  p.close();
  return winding == Winding::Clockwise ? p : p.reversed();
}

Path segment(const Point& a, const Point& b) {
  Path p;
  p.move_to(a).line_to(b);
  return p;
}

}  // namespace iconsynth::geometry
