#include "geometry/path.h"

#include <catch2/catch.hpp>

using namespace iconsynth::geometry;

namespace {
// Signed area of a polygon through every point of a closed contour (control points included):
// enough to tell the direction of the convex shapes built here. Positive = clockwise on screen.
double signed_area(const Path& path) {
  std::vector<Point> pts;
  for (const PathCommand& c : path.commands()) {
    if (c.verb == Verb::Move || c.verb == Verb::Line) pts.push_back(c.points[0]);
    if (c.verb == Verb::Cubic) pts.insert(pts.end(), c.points.begin(), c.points.end());
  }
  double area = 0;
  for (std::size_t i = 0; i < pts.size(); ++i) {
    const Point& a = pts[i];
    const Point& b = pts[(i + 1) % pts.size()];
    area += a.x() * b.y() - b.x() * a.y();
  }
  return area / 2;
}
}  // namespace

TEST_CASE("Rounded rectangles span their size and run clockwise unless asked otherwise", "[geometry][path]") {
  const Path p = rounded_rect(Point(5, 5), Eigen::Vector2d(3, 2), 1);
  const Bounds b = p.control_bounds();
  CHECK(b.min == Point(2, 3));
  CHECK(b.max == Point(8, 7));
  CHECK(p.contour_count() == 1);
  CHECK(signed_area(p) > 0);
  CHECK(signed_area(rounded_rect(Point(5, 5), Eigen::Vector2d(3, 2), 1, Winding::CounterClockwise)) < 0);
}

TEST_CASE("A radius larger than the shape is clamped, zero radius gives a sharp rectangle", "[geometry][path]") {
  const Path sharp = rounded_rect(Point(0, 0), Eigen::Vector2d(1, 1), 0);
  CHECK(std::none_of(sharp.commands().begin(), sharp.commands().end(),
                     [](const PathCommand& c) { return c.verb == Verb::Cubic; }));
  const Path pill = rounded_rect(Point(0, 0), Eigen::Vector2d(4, 1), 10);
  CHECK(pill.control_bounds().max.y() == 1);
}

TEST_CASE("Reversing twice gives the original path back", "[geometry][path]") {
  const Path p = circle(Point(1, 2), 3);
  CHECK(p.reversed() != p);
  CHECK(p.reversed().reversed() == p);
  CHECK(signed_area(p.reversed()) == Approx(-signed_area(p)));
}

TEST_CASE("Circles use the standard quarter-arc handle length", "[geometry][path]") {
  const Path c = circle(Point(0, 0), 2);
  REQUIRE(c.commands()[1].verb == Verb::Cubic);
  CHECK(c.commands()[1].points[0].x() == Approx(2 * kQuarterArcKappa));
  CHECK(c.control_bounds().max == Point(2, 2));
}

TEST_CASE("Transforms move every point, control points included", "[geometry][path]") {
  Affine t = Affine::Identity();
  t.translate(Point(10, 0)).scale(2);
  const Bounds b = circle(Point(0, 0), 1).transformed(t).control_bounds();
  CHECK(b.min.x() == Approx(8));
  CHECK(b.max.x() == Approx(12));
}

TEST_CASE("A rounded rectangle keeps its corner curves at radius 0 when asked, so a player can key it", "[geometry][path]") {
  using namespace iconsynth::geometry;
  const auto verbs = [](const Path& p) {
    std::vector<Verb> out;
    for (const PathCommand& c : p.commands()) out.push_back(c.verb);
    return out;
  };
  const Path round = rounded_rect(Point::Zero(), Point(2, 2), 0.5);
  const Path kept = rounded_rect(Point::Zero(), Point(2, 2), 0, Winding::Clockwise, SharpCorners::Keep);
  const Path dropped = rounded_rect(Point::Zero(), Point(2, 2), 0);
  CHECK(verbs(kept) == verbs(round));
  CHECK(verbs(dropped) != verbs(round));
  CHECK(kept.control_bounds().max == Point(2, 2));  // the curves shrink to the corner points
}
