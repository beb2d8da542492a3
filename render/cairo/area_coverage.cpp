#include "render/cairo/area_coverage.h"

#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace iconsynth::render {

namespace {

// The most lines a curve is cut into: a curve wider than the canvas many times over still comes
// out within a pixel or two of its course.
constexpr int kMostCurveLines = 256;

// A whole pixel's area in the cells' fixed point. Integer cells add up the same in any order,
// so a row's running sum is the same over any region and in any number of lanes.
constexpr int kAreaBits = 16;
constexpr std::int32_t kFullArea = std::int32_t{1} << kAreaBits;

std::int32_t area(double a) { return static_cast<std::int32_t>(a * kFullArea + (a < 0 ? -0.5 : 0.5)); }

// The coverage byte of a running sum: its magnitude (either winding direction), at most full.
unsigned char coverage_byte(std::int32_t sum) {
  const std::int32_t magnitude = std::min(sum < 0 ? -sum : sum, kFullArea);
  return static_cast<unsigned char>((magnitude * 255 + kFullArea / 2) >> kAreaBits);
}

// Writes one row's coverage: the running sum of its cells, a byte a pixel; and clears the
// cells for the next outline.
void write_row(std::int32_t* cells, unsigned char* out, int width) {
  int x = 0;
  std::int32_t sum = 0;
#if defined(__SSE2__)
  // Four pixels at a time: the running sum within the four by two shifted adds, then the four
  // bytes as the scalar loop computes them. Sixteen cells with nothing in them (most of a fill,
  // and the space around it) keep the sum: sixteen bytes of its coverage.
  __m128i carry = _mm_setzero_si128();
  const __m128i zero = _mm_setzero_si128(), full = _mm_set1_epi32(kFullArea), half = _mm_set1_epi32(kFullArea / 2);
  const auto load = [&](int at) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(cells + at)); };
  for (; x + 4 <= width; x += 4) {
    if (x + 16 <= width) {
      const __m128i any = _mm_or_si128(_mm_or_si128(load(x), load(x + 4)), _mm_or_si128(load(x + 8), load(x + 12)));
      if (_mm_movemask_epi8(_mm_cmpeq_epi32(any, zero)) == 0xffff) {
        std::memset(out + x, coverage_byte(_mm_cvtsi128_si32(carry)), 16);
        x += 12;
        continue;
      }
    }
    __m128i v = load(x);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(cells + x), zero);
    v = _mm_add_epi32(v, _mm_slli_si128(v, 4));
    v = _mm_add_epi32(v, _mm_slli_si128(v, 8));
    v = _mm_add_epi32(v, carry);
    carry = _mm_shuffle_epi32(v, _MM_SHUFFLE(3, 3, 3, 3));
    const __m128i sign = _mm_srai_epi32(v, 31);
    __m128i m = _mm_sub_epi32(_mm_xor_si128(v, sign), sign);
    const __m128i over = _mm_cmpgt_epi32(m, full);
    m = _mm_or_si128(_mm_and_si128(over, full), _mm_andnot_si128(over, m));
    m = _mm_srli_epi32(_mm_add_epi32(_mm_sub_epi32(_mm_slli_epi32(m, 8), m), half), kAreaBits);
    m = _mm_packs_epi32(m, m);
    m = _mm_packus_epi16(m, m);
    const std::int32_t bytes = _mm_cvtsi128_si32(m);
    std::memcpy(out + x, &bytes, 4);
  }
  sum = _mm_cvtsi128_si32(carry);
#endif
  for (; x < width; ++x) {
    sum += cells[x];
    cells[x] = 0;
    out[x] = coverage_byte(sum);
  }
}

}  // namespace

void AreaCoverage::begin(const PixelBox& region, double tolerance) {
  region_ = region;
  tolerance_ = tolerance;
  width_ = std::max(0, region.width());
  height_ = std::max(0, region.height());
  // write() leaves the cells it read cleared: only cells an unwritten outline left, or new
  // ones, need clearing here.
  const std::size_t cells = std::size_t(width_ + 2) * std::size_t(height_);
  if (dirty_) std::fill(cells_.begin(), cells_.end(), 0);
  if (cells_.size() < cells) cells_.resize(cells, 0);
  dirty_ = true;
  open_ = false;
}

void AreaCoverage::begin_fixed_path(std::span<const std::int64_t> words, int at_x, int at_y, const PixelBox& region, double tolerance) {
  const auto points_of = [](std::int64_t type) { return type == CAIRO_PATH_CURVE_TO ? 3 : type == CAIRO_PATH_CLOSE_PATH ? 0 : 1; };
  std::int64_t min_x = 0, min_y = 0;
  bool any = false;
  for (std::size_t i = 0; i < words.size();) {
    const int points = points_of(words[i++]);
    for (int p = 0; p < points; ++p, i += 2) {
      min_x = any ? std::min(min_x, words[i]) : words[i], min_y = any ? std::min(min_y, words[i + 1]) : words[i + 1];
      any = true;
    }
  }
  // The origin: the whole pixel at the top left of the points' bounds, floor(min / 256).
  const auto floor_pixel = [](std::int64_t v) { return v >= 0 ? v / 256 : -((-v + 255) / 256); };
  const std::int64_t ox = floor_pixel(min_x), oy = floor_pixel(min_y);
  const int dx = at_x + static_cast<int>(ox), dy = at_y + static_cast<int>(oy);
  begin({region.x0 - dx, region.y0 - dy, region.x1 - dx, region.y1 - dy}, tolerance);
  const auto x = [&](std::size_t i) { return static_cast<double>(words[i] - 256 * ox) / 256; };
  const auto y = [&](std::size_t i) { return static_cast<double>(words[i] - 256 * oy) / 256; };
  for (std::size_t i = 0; i < words.size();) {
    switch (words[i++]) {
      case CAIRO_PATH_MOVE_TO: move_to(x(i), y(i + 1)), i += 2; break;
      case CAIRO_PATH_LINE_TO: line_to(x(i), y(i + 1)), i += 2; break;
      case CAIRO_PATH_CURVE_TO: curve_to(x(i), y(i + 1), x(i + 2), y(i + 3), x(i + 4), y(i + 5)), i += 6; break;
      case CAIRO_PATH_CLOSE_PATH: close_path(); break;
    }
  }
}

void AreaCoverage::move_to(double x, double y) {
  close_path();
  start_x_ = x_ = x;
  start_y_ = y_ = y;
  open_ = true;
}

void AreaCoverage::line_to(double x, double y) {
  if (!open_) move_to(x_, y_);
  add_line(x_, y_, x, y);
  x_ = x;
  y_ = y;
}

void AreaCoverage::curve_to(double x1, double y1, double x2, double y2, double x3, double y3) {
  // Evenly spaced in the curve's parameter: n lines stray at most 3/4 × (the larger second
  // difference of the control points) / n² from the curve.
  const double ddx = std::max(std::abs(x_ - 2 * x1 + x2), std::abs(x1 - 2 * x2 + x3));
  const double ddy = std::max(std::abs(y_ - 2 * y1 + y2), std::abs(y1 - 2 * y2 + y3));
  const double dd = std::sqrt(ddx * ddx + ddy * ddy);
  const int n = std::clamp(static_cast<int>(std::ceil(std::sqrt(0.75 * dd / tolerance_))), 1, kMostCurveLines);
  const double x0 = x_, y0 = y_;
  for (int i = 1; i < n; ++i) {
    const double t = double(i) / n, u = 1 - t;
    const double a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t;
    line_to(a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3);
  }
  line_to(x3, y3);
}

void AreaCoverage::close_path() {
  if (!open_) return;
  line_to(start_x_, start_y_);
  open_ = false;
}

void AreaCoverage::add_line(double x0, double y0, double x1, double y1) {
  if (y0 == y1 || !std::isfinite(x0 + y0 + x1 + y1)) return;
  // Only the region's rows: the part above or below it covers none of its pixels.
  const double top = std::max(std::min(y0, y1), double(region_.y0));
  const double bottom = std::min(std::max(y0, y1), double(region_.y1));
  if (top >= bottom) return;
  const double dxdy = (x1 - x0) / (y1 - y0);
  const auto x_at = [&](double y) { return x0 + (y - y0) * dxdy; };
  const double ya = y0 < y1 ? top : bottom, yb = y0 < y1 ? bottom : top;  // in the line's direction
  const double xa = x_at(ya), xb = x_at(yb);
  // Split where it crosses the region's left or right side: left of it, a line winds every
  // pixel of its rows (drawn on the left side); right of it, none.
  const double left = region_.x0, right = region_.x1;
  double cuts[2];
  int n = 0;
  for (double side : {left, right}) {
    if ((xa < side) != (xb < side)) cuts[n++] = ya + (side - xa) / (xb - xa) * (yb - ya);
  }
  if (n == 2 && (cuts[0] - cuts[1]) * (yb - ya) > 0) std::swap(cuts[0], cuts[1]);
  double px = xa, py = ya;
  const auto piece = [&](double qx, double qy) {
    const double mid = (px + qx) / 2;
    if (mid < left) {
      add_clipped_line(left, py, left, qy);
    } else if (mid <= right) {
      add_clipped_line(std::clamp(px, left, right), py, std::clamp(qx, left, right), qy);
    }
    px = qx;
    py = qy;
  };
  for (int i = 0; i < n; ++i) piece(x_at(cuts[i]), cuts[i]);
  piece(xb, yb);
}

// Works in device coordinates, not the region's: the same line adds the same areas whatever
// region it is drawn over (the frame renderer's masks and draw_element take different ones).
void AreaCoverage::add_clipped_line(double x0, double y0, double x1, double y1) {
  if (y0 == y1) return;
  const double dir = y0 < y1 ? 1 : -1;
  if (y0 > y1) {
    std::swap(x0, x1);
    std::swap(y0, y1);
  }
  const double dxdy = (x1 - x0) / (y1 - y0);
  const std::size_t row_cells = std::size_t(width_ + 2);
  double x = x0;
  const int last_row = std::min(region_.y1, static_cast<int>(std::ceil(y1)));
  for (int y = std::max(region_.y0, static_cast<int>(std::floor(y0))); y < last_row; ++y) {
    std::int32_t* row = cells_.data() + std::size_t(y - region_.y0) * row_cells;
    const double dy = std::min(double(y + 1), y1) - std::max(double(y), y0);
    const double x_next = x + dxdy * dy;
    const double d = dy * dir;
    const double xl = std::min(x, x_next), xr = std::max(x, x_next);
    const double xl_floor = std::floor(xl);
    const int il = static_cast<int>(xl_floor), ir = static_cast<int>(std::ceil(xr));
    const int cl = il - region_.x0, cr = ir - region_.x0;  // their cells
    if (ir <= il + 1) {
      // Within one column: the area left of the line's middle goes to this cell, the rest on.
      const double right_share = (x + x_next) / 2 - xl_floor;
      row[cl] += area(d - d * right_share);
      row[cl + 1] += area(d * right_share);
    } else {
      // Across columns: the covered area grows as a triangle, then evenly, then tapers.
      const double s = 1 / (xr - xl);
      const double fl = xl - xl_floor;
      const double first = 0.5 * s * (1 - fl) * (1 - fl);
      const double fr = xr - ir + 1;
      const double last = 0.5 * s * fr * fr;
      row[cl] += area(d * first);
      if (ir == il + 2) {
        row[cl + 1] += area(d * (1 - first - last));
      } else {
        const double second = s * (1.5 - fl);
        row[cl + 1] += area(d * (second - first));
        for (int i = cl + 2; i < cr - 1; ++i) row[i] += area(d * s);
        const double before_last = second + (ir - il - 3) * s;
        row[cr - 1] += area(d * (1 - before_last - last));
      }
      row[cr] += area(d * last);
    }
    x = x_next;
  }
}

void AreaCoverage::write(unsigned char* a8, int stride) {
  close_path();
  const std::size_t row_cells = std::size_t(width_ + 2);
  for (int y = 0; y < height_; ++y) {
    std::int32_t* row = cells_.data() + std::size_t(y) * row_cells;
    write_row(row, a8 + std::ptrdiff_t(y) * stride, width_);
    row[width_] = row[width_ + 1] = 0;  // the two cells past the last column, never summed
  }
  dirty_ = false;
}

}  // namespace iconsynth::render
