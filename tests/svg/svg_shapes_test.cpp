#include "render/svg/svg_shapes.h"

#include <catch2/catch.hpp>

using namespace iconsynth;
using render::svg::match_shape;
using render::svg::ShapeKind;

TEST_CASE("Rounded rectangles, circles and segments are recognised with their parameters", "[svg][shapes]") {
  SECTION("rounded rectangle") {
    const auto s = match_shape(geometry::rounded_rect({1, 2}, {3, 1.5}, 0.5));
    REQUIRE(s);
    CHECK(s->kind == ShapeKind::Rect);
    CHECK(s->values[0] == Approx(-2));
    CHECK(s->values[1] == Approx(0.5));
    CHECK(s->values[2] == Approx(6));
    CHECK(s->values[3] == Approx(3));
    CHECK(s->values[4] == Approx(0.5));
  }
  SECTION("square corners") {
    const auto s = match_shape(geometry::rounded_rect({0, 0}, {2, 2}, 0));
    REQUIRE(s);
    CHECK(s->kind == ShapeKind::Rect);
    CHECK(s->values[4] == 0);
  }
  SECTION("circle") {
    const auto s = match_shape(geometry::circle({4, -1}, 1.75));
    REQUIRE(s);
    CHECK(s->kind == ShapeKind::Circle);
    CHECK(s->values[0] == Approx(4));
    CHECK(s->values[1] == Approx(-1));
    CHECK(s->values[2] == Approx(1.75));
  }
  SECTION("segment") {
    const auto s = match_shape(geometry::segment({-2, 0}, {2, 0}));
    REQUIRE(s);
    CHECK(s->kind == ShapeKind::Line);
    CHECK(s->values[0] == -2);
    CHECK(s->values[2] == 2);
  }
}

TEST_CASE("Outlines that are not exactly a basic shape are not matched", "[svg][shapes]") {
  // Counter-clockwise (a hole), a card with its die cut out, a triangle, an ellipse.
  CHECK_FALSE(match_shape(geometry::rounded_rect({0, 0}, {2, 2}, 0.5, geometry::Winding::CounterClockwise)));
  geometry::Path card = geometry::rounded_rect({0, 0}, {4, 4}, 2);
  card.append(geometry::rounded_rect({0, 0}, {1, 1}, 0.5).reversed());
  CHECK_FALSE(match_shape(card));
  geometry::Path triangle;
  triangle.move_to({0, 0}).line_to({1, 0}).line_to({0, 1}).close();
  CHECK_FALSE(match_shape(triangle));
  CHECK_FALSE(match_shape(geometry::circle({0, 0}, 1).transformed(geometry::Affine(Eigen::Scaling(2.0, 1.0)))));
}

TEST_CASE("An outline collapsed to a point matches the kind it is asked as, with zero size", "[svg][shapes]") {
  const geometry::Path die = geometry::rounded_rect({0, 0}, {1, 1}, 0.5).transformed(geometry::Affine(Eigen::Scaling(0.0)));
  CHECK_FALSE(match_shape(die));
  const auto s = match_shape(die, ShapeKind::Rect);
  REQUIRE(s);
  CHECK(s->kind == ShapeKind::Rect);
  CHECK(s->values[2] == 0);
  CHECK(s->values[3] == 0);
}
