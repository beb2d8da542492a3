// Exact-area coverage: each pixel's byte is the share of its square an outline covers.
#include "render/cairo/area_coverage.h"

#include <catch2/catch.hpp>

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
