// Exact-area coverage: each pixel's byte is the share of its square an outline covers.
#include "render/cairo/area_coverage.h"

#include <cairo.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace iconsynth;

namespace {

// The coverage of a polygon (device pixels) over `region`, a byte a pixel, row by row.
std::vector<unsigned char> polygon_coverage(const std::vector<std::pair<double, double>>& points, const render::PixelBox& region) {
  render::AreaCoverage coverage;
  coverage.begin(region, 0.1);
  coverage.move_to(points[0].first, points[0].second);
  for (std::size_t i = 1; i < points.size(); ++i) coverage.line_to(points[i].first, points[i].second);
  std::vector<unsigned char> bytes(std::size_t(region.width()) * std::size_t(region.height()));
  coverage.write(bytes.data(), region.width());
  return bytes;
}

int at(const std::vector<unsigned char>& bytes, const render::PixelBox& region, int x, int y) {
  return bytes[std::size_t(y - region.y0) * std::size_t(region.width()) + std::size_t(x - region.x0)];
}

}  // namespace

TEST_CASE("A square on whole pixels covers its pixels fully and no others", "[render][cairo]") {
  const render::PixelBox region{0, 0, 8, 8};
  const auto bytes = polygon_coverage({{2, 2}, {6, 2}, {6, 5}, {2, 5}}, region);
  for (int y = 0; y < 8; ++y) {
    for (int x = 0; x < 8; ++x) CHECK(at(bytes, region, x, y) == (x >= 2 && x < 6 && y >= 2 && y < 5 ? 255 : 0));
  }
}

TEST_CASE("A pixel's byte is the share of it an edge leaves covered, in either winding", "[render][cairo]") {
  const render::PixelBox region{0, 0, 6, 6};
  // Edges a quarter and a half into pixels; the same square traced the other way round.
  for (const bool reversed : {false, true}) {
    std::vector<std::pair<double, double>> square{{1.25, 1}, {4.5, 1}, {4.5, 4}, {1.25, 4}};
    if (reversed) square = {{1.25, 1}, {1.25, 4}, {4.5, 4}, {4.5, 1}};
    const auto bytes = polygon_coverage(square, region);
    CHECK(at(bytes, region, 1, 2) == 191);  // 0.75 × 255, rounded
    CHECK(at(bytes, region, 2, 2) == 255);
    CHECK(at(bytes, region, 4, 2) == 128);  // 0.5 × 255, rounded
    CHECK(at(bytes, region, 5, 2) == 0);
  }
}

TEST_CASE("A slanted edge covers each pixel by the area under it", "[render][cairo]") {
  // The triangle (0,0) (4,0) (0,4): its hypotenuse x + y = 4 cuts the pixels it crosses
  // corner to corner, in half; the pixels below it are whole.
  const render::PixelBox region{0, 0, 4, 4};
  const auto bytes = polygon_coverage({{0, 0}, {4, 0}, {0, 4}}, region);
  CHECK(at(bytes, region, 1, 1) == 255);
  CHECK(at(bytes, region, 2, 1) == 128);
  CHECK(at(bytes, region, 3, 0) == 128);
  CHECK(at(bytes, region, 3, 1) == 0);
  int sum = 0;
  for (unsigned char b : bytes) sum += b;
  CHECK(std::abs(sum - 8 * 255) <= 4);  // the triangle's area, 8 px
}

TEST_CASE("Ink left of the region still winds the pixels to its right, and ink elsewhere outside it none", "[render][cairo]") {
  const render::PixelBox whole{0, 0, 10, 10}, part{4, 3, 8, 6};
  const std::vector<std::pair<double, double>> shape{{-3, 1.5}, {6.5, 0.5}, {9.3, 8.25}, {1.5, 9.75}};
  const auto all = polygon_coverage(shape, whole), some = polygon_coverage(shape, part);
  for (int y = part.y0; y < part.y1; ++y) {
    for (int x = part.x0; x < part.x1; ++x) CHECK(at(some, part, x, y) == at(all, whole, x, y));
  }
}

TEST_CASE("Overlapping outlines of one winding cover like one (nonzero), clamped to full", "[render][cairo]") {
  const render::PixelBox region{0, 0, 6, 6};
  render::AreaCoverage coverage;
  coverage.begin(region, 0.1);
  for (double x0 : {1.0, 2.0}) {
    coverage.move_to(x0, 1), coverage.line_to(x0 + 3, 1), coverage.line_to(x0 + 3, 4), coverage.line_to(x0, 4), coverage.close_path();
  }
  std::vector<unsigned char> bytes(36);
  coverage.write(bytes.data(), 6);
  CHECK(at(bytes, region, 1, 2) == 255);
  CHECK(at(bytes, region, 3, 2) == 255);  // covered twice
  CHECK(at(bytes, region, 5, 2) == 0);
}

TEST_CASE("A curve is cut into lines within the tolerance: a circle covers its area", "[render][cairo]") {
  // Four cubic arcs of radius 10 around (16, 16).
  constexpr double r = 10, k = 0.5522847498 * r, cx = 16, cy = 16;
  const render::PixelBox region{0, 0, 32, 32};
  render::AreaCoverage coverage;
  coverage.begin(region, 0.1);
  coverage.move_to(cx + r, cy);
  coverage.curve_to(cx + r, cy + k, cx + k, cy + r, cx, cy + r);
  coverage.curve_to(cx - k, cy + r, cx - r, cy + k, cx - r, cy);
  coverage.curve_to(cx - r, cy - k, cx - k, cy - r, cx, cy - r);
  coverage.curve_to(cx + k, cy - r, cx + r, cy - k, cx + r, cy);
  std::vector<unsigned char> bytes(32 * 32);
  coverage.write(bytes.data(), 32);
  double area = 0;
  for (unsigned char b : bytes) area += b / 255.0;
  CHECK(area == Approx(M_PI * r * r).epsilon(0.01));
  CHECK(at(bytes, region, 16, 16) == 255);
  CHECK(at(bytes, region, 16, 27) == 0);
}

TEST_CASE("A fixed-point path moved by whole pixels gives the same bytes, wherever it is counted from", "[render][cairo]") {
  // A slanted quadrilateral and a curve, in 24.8 fixed point, at odd sub-pixel places.
  const std::vector<std::int64_t> shape{CAIRO_PATH_MOVE_TO,  301, 517,  CAIRO_PATH_LINE_TO, 1801, 389, CAIRO_PATH_CURVE_TO, 2300, 900,
                                        2011,                1700, 1533, 2047,                CAIRO_PATH_LINE_TO,  420,  1499, CAIRO_PATH_CLOSE_PATH};
  const auto coverage_at = [&](int dx, int dy, int at_x, int at_y) {
    std::vector<std::int64_t> words = shape;
    for (std::size_t i = 0; i < words.size();) {
      const std::int64_t type = words[i++];
      const int points = type == CAIRO_PATH_CURVE_TO ? 3 : type == CAIRO_PATH_CLOSE_PATH ? 0 : 1;
      for (int p = 0; p < points; ++p, i += 2) words[i] += 256 * (dx - at_x), words[i + 1] += 256 * (dy - at_y);
    }
    const render::PixelBox region{dx, dy, dx + 12, dy + 12};
    render::AreaCoverage coverage;
    coverage.begin_fixed_path(words, at_x, at_y, region, 0.1);
    std::vector<unsigned char> bytes(144);
    coverage.write(bytes.data(), 12);
    return bytes;
  };
  const auto here = coverage_at(0, 0, 0, 0);
  CHECK(std::count(here.begin(), here.end(), 0) < 144);
  CHECK(coverage_at(37, 211, 0, 0) == here);
  CHECK(coverage_at(37, 211, 30, 200) == here);
  CHECK(coverage_at(-5, 3, -9, 1) == here);
}
