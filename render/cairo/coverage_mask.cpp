#include "render/cairo/coverage_mask.h"

#include "render/cairo/area_coverage.h"
#include "render/cairo/draw.h"
#include "render/cairo/inside_mask.h"
#include "render/cairo/surface.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <iterator>
#include <stdexcept>

namespace iconsynth::render {

namespace {

std::int64_t bits_of(double d) {
  std::int64_t i;
  std::memcpy(&i, &d, sizeof i);
  return i;
}

// The first n (1 … 8) of the eight bytes at p, as a word whose other bytes are 0.
std::uint64_t word_of(const unsigned char* p, int n) {
  std::uint64_t word;
  std::memcpy(&word, p, 8);
  if (n == 8) return word;
  if constexpr (std::endian::native == std::endian::little) return word & ((std::uint64_t{1} << (8 * n)) - 1);
  return word & ~(~std::uint64_t{0} >> (8 * n));
}

// The bytes [lo, hi) of a word that is not 0, its zero bytes at either end left out.
std::pair<int, int> inked_bytes(std::uint64_t word) {
  if constexpr (std::endian::native == std::endian::little) return {std::countr_zero(word) / 8, 8 - std::countl_zero(word) / 8};
  return {std::countl_zero(word) / 8, 8 - std::countr_zero(word) / 8};
}

// Where PartRasteriser::key puts a path's first command, after the box's size, the paint and the
// matrix.
constexpr std::size_t kPathWord = 11;

}  // namespace

CoverageMask::CoverageMask(std::vector<std::int64_t> key, unsigned char* canvas, int canvas_stride, int canvas_size, const PixelBox& box)
    : key_(std::move(key)), key_hash_(hash_of_key(key_)), width_(box.width()), height_(box.height()) {
  // One pass a row, a word of eight columns at a time: empty words are skipped (four at a time
  // where they can be), full ones join a full run, and each other word joins a partial run with
  // its bytes, its empty ends trimmed; the row's inked stretch is cleared once, at its end. The
  // runs and bytes are gathered in buffers kept from mask to mask, then copied at their final size.
  constexpr std::uint64_t kAll = ~std::uint64_t{0};
  thread_local std::vector<Run> runs;
  thread_local std::vector<std::uint8_t> bytes;
  runs.clear();
  std::size_t used = 0;  // of `bytes`
  row_runs_.reserve(std::size_t(height_) + 1);
  row_runs_.push_back(0);
  // The part of the box on the canvas: its columns [x0, x0 + width) and rows.
  const PixelBox on = box.intersected({0, 0, canvas_size, canvas_size});
  const int width = std::max(0, on.width()), shift = on.x0 - box.x0;
  for (int y = 0; y < height_; ++y) {
    if (box.y0 + y < on.y0 || box.y0 + y >= on.y1 || width == 0) {
      row_runs_.push_back(static_cast<std::uint32_t>(runs.size()));
      continue;
    }
    unsigned char* row = canvas + std::ptrdiff_t{box.y0 + y} * canvas_stride + on.x0;
    const std::size_t first = runs.size();
    int ink_from = -1, ink_to = 0;  // the columns read that held ink
    const auto word_at = [row](int x) { return word_of(row + x, 8); };
    int x = 0;
    for (;;) {
      while (x + 32 <= width && (word_at(x) | word_at(x + 8) | word_at(x + 16) | word_at(x + 24)) == 0) x += 32;
      while (x + 8 <= width && word_at(x) == 0) x += 8;
      if (x >= width) break;
      const int n = std::min(8, width - x);
      const std::uint64_t word = word_of(row + x, n);
      if (word == 0) break;  // the row's last, short word
      if (word == kAll) {
        const int from = x;
        for (x += 8; x + 32 <= width && (word_at(x) & word_at(x + 8) & word_at(x + 16) & word_at(x + 24)) == kAll;) x += 32;
        while (x + 8 <= width && word_at(x) == kAll) x += 8;
        if (runs.size() > first && runs.back().x1 == from + shift && runs.back().full()) {
          runs.back().x1 = x + shift;
        } else {
          runs.push_back({from + shift, x + shift, kFull});
        }
        if (ink_from < 0) ink_from = from;
        ink_to = x;
        continue;
      }
      const auto [lo, hi] = inked_bytes(word);
      if (runs.size() > first && runs.back().x1 == x + lo + shift && !runs.back().full()) {
        runs.back().x1 = x + hi + shift;
      } else {
        runs.push_back({x + lo + shift, x + hi + shift, static_cast<std::int32_t>(used)});
      }
      if (used + 8 > bytes.size()) bytes.resize(std::max<std::size_t>(256, bytes.size() * 2));
      std::memcpy(bytes.data() + used, row + x + lo, 8);  // eight read, hi - lo kept
      used += std::size_t(hi - lo);
      if (ink_from < 0) ink_from = x;
      ink_to = x + n;
      x += 8;
    }
    if (ink_from >= 0) std::memset(row + ink_from, 0, std::size_t(ink_to - ink_from));
    row_runs_.push_back(static_cast<std::uint32_t>(runs.size()));
  }
  runs_.assign(runs.begin(), runs.end());
  coverage_.assign(bytes.begin(), bytes.begin() + std::ptrdiff_t(used));
}

CoverageMask::CoverageMask(std::vector<std::int64_t> key, unsigned char* canvas, int canvas_stride, int canvas_size, const PixelBox& box,
                           Dense)
    : key_(std::move(key)), key_hash_(hash_of_key(key_)), width_(box.width()), height_(box.height()), dense_(true),
      row_runs_(std::size_t(std::max(0, height_)) + 1, 0) {
  coverage_.resize(std::size_t(std::max(0, width_)) * std::size_t(std::max(0, height_)));
  const PixelBox on = box.intersected({0, 0, canvas_size, canvas_size});
  // Every byte is copied from the canvas when the box lies on it; the rest are 0.
  if (on != box) std::fill(coverage_.begin(), coverage_.end(), 0);
  if (on.empty()) return;
  for (int y = on.y0; y < on.y1; ++y) {
    unsigned char* row = canvas + std::ptrdiff_t{y} * canvas_stride + on.x0;
    std::memcpy(coverage_.data() + std::ptrdiff_t{y - box.y0} * width_ + (on.x0 - box.x0), row, std::size_t(on.width()));
    std::memset(row, 0, std::size_t(on.width()));
  }
}

CoverageMask::CoverageMask(std::vector<std::int64_t> key, int width, int height, std::vector<Run> runs,
                           std::vector<std::uint32_t> row_runs)
    : key_(std::move(key)), key_hash_(hash_of_key(key_)), width_(width), height_(height), runs_(std::move(runs)),
      row_runs_(std::move(row_runs)) {}

std::uint8_t CoverageMask::at(int x, int y) const {
  if (dense_) return dense_row(y)[x];
  for (const Run* run = runs_begin(y); run != runs_end(y); ++run) {
    if (x < run->x0) break;
    if (x < run->x1) return run->full() ? 255 : coverage(*run)[x - run->x0];
  }
  return 0;
}

void CoverageMask::expand(unsigned char* a8, int stride) const {
  for (int y = 0; y < height_; ++y) {
    unsigned char* row = a8 + std::ptrdiff_t{y} * stride;
    if (dense_) {
      std::memcpy(row, dense_row(y), std::size_t(width_));
      continue;
    }
    std::memset(row, 0, std::size_t(width_));
    for (const Run* run = runs_begin(y); run != runs_end(y); ++run) {
      if (run->full()) {
        std::memset(row + run->x0, 255, std::size_t(run->x1 - run->x0));
      } else {
        std::memcpy(row + run->x0, coverage(*run), std::size_t(run->x1 - run->x0));
      }
    }
  }
}

std::size_t CoverageMask::bytes() const {
  return sizeof(*this) + runs_.capacity() * sizeof(Run) + row_runs_.capacity() * sizeof(std::uint32_t) + coverage_.capacity() +
         key_.capacity() * sizeof(std::int64_t);
}

PartRasteriser::PartRasteriser(int size, double px_per_unit)
    : size_(size), px_per_unit_(px_per_unit),
      // Eight bytes more: a mask reads its rows eight bytes at a time, past their end.
      canvas_(std::size_t(cairo_format_stride_for_width(CAIRO_FORMAT_A8, size)) * std::size_t(size) + 8, 0),
      surface_(cairo_image_surface_create_for_data(canvas_.data(), CAIRO_FORMAT_A8, size, size,
                                                   cairo_format_stride_for_width(CAIRO_FORMAT_A8, size))),
      cr_(make_context(surface_.get())) {
  cairo_set_source_rgb(cr_.get(), 1, 1, 1);
  cairo_set_tolerance(cr_.get(), curve_tolerance(size));  // as draw_frame flattens at this size
}

cairo_matrix_t PartRasteriser::matrix(const geometry::Affine& transform) {
  // What cairo_scale and then apply_transform make of the canvas's identity matrix: Cairo's own
  // products, without its state.
  cairo_matrix_t scale, element, ctm;
  cairo_matrix_init_scale(&scale, px_per_unit_, px_per_unit_);
  const auto& m = transform.matrix();
  cairo_matrix_init(&element, m(0, 0), m(1, 0), m(0, 1), m(1, 1), m(0, 2), m(1, 2));
  cairo_matrix_multiply(&ctm, &element, &scale);
  return ctm;
}

void PartRasteriser::key(const geometry::Affine& transform, const std::vector<cairo_path_data_t>& path, const Paint& paint,
                         const PixelBox& box, bool clipped, std::vector<std::int64_t>& key) {
  const cairo_matrix_t ctm = matrix(transform);

  // A fill's pixels follow from its fixed-point points alone (Cairo flattens and scan-converts
  // them in device space), so fills at different scales whose points round alike share a mask; a
  // stroke's pen also reads the matrix.
  const bool stroke = paint.kind == Paint::Kind::Stroke;
  const double stroke_width = stroke ? paint.stroke_width : 0;
  const auto linear = [stroke](double d) { return stroke ? bits_of(d) : 0; };
  // A word for each command and two for each point, after the header: written in place.
  std::size_t words = kPathWord;
  for (std::size_t i = 0; i < path.size(); i += static_cast<std::size_t>(path[i].header.length)) {
    words += 2 * static_cast<std::size_t>(path[i].header.length) - 1;
  }
  key.resize(words);
  const std::int64_t header[] = {box.width(), box.height(), static_cast<std::int64_t>(paint.kind), bits_of(stroke_width),
                                 linear(ctm.xx), linear(ctm.yx), linear(ctm.xy), linear(ctm.yy), clipped,
                                 clipped ? box.x0 : 0, clipped ? box.y0 : 0};
  static_assert(std::size(header) == kPathWord);
  std::copy(std::begin(header), std::end(header), key.begin());
  std::int64_t* word = key.data() + kPathWord;
  for (std::size_t i = 0; i < path.size(); i += static_cast<std::size_t>(path[i].header.length)) {
    *word++ = path[i].header.type;
    for (std::size_t j = 1; j < static_cast<std::size_t>(path[i].header.length); ++j) {
      double x = path[i + j].point.x, y = path[i + j].point.y;
      cairo_matrix_transform_point(&ctm, &x, &y);  // Cairo's own arithmetic for a path point
      // Cairo's 24.8 fixed-point device coordinate (its magic-number conversion rounds half to
      // even, as nearbyint does), relative to the box.
      *word++ = static_cast<std::int64_t>(std::nearbyint(x * 256)) - std::int64_t{256} * box.x0;
      *word++ = static_cast<std::int64_t>(std::nearbyint(y * 256)) - std::int64_t{256} * box.y0;
    }
  }
}

std::shared_ptr<CoverageMask> PartRasteriser::rasterise(const geometry::Affine& transform,
                                                        const std::vector<cairo_path_data_t>& path, const Paint& paint,
                                                        const PixelBox& box, std::vector<std::int64_t> key, bool dense) {
  cairo_t* cr = cr_.get();
  if (paint.kind == Paint::Kind::Fill) {
    // A fill's pixels follow from its fixed-point points alone, which the key holds.
    const PixelBox region = box.intersected({0, 0, size_, size_});
    if (!region.empty()) {
      thread_local AreaCoverage coverage;
      coverage.begin_fixed_path(std::span(key).subspan(kPathWord), box.x0, box.y0, region, curve_tolerance(size_));
      const int stride = cairo_image_surface_get_stride(surface_.get());
      coverage.write(canvas_.data() + std::ptrdiff_t{region.y0} * stride + region.x0, stride);
    }
  } else {
    cairo_save(cr);
    cairo_scale(cr, px_per_unit_, px_per_unit_);
    apply_transform(cr, transform);
    set_path(cr, path);
    ink_path(cr, paint);
    cairo_restore(cr);
  }
  cairo_surface_flush(surface_.get());
  const int stride = cairo_image_surface_get_stride(surface_.get());
  auto mask = dense ? std::make_shared<CoverageMask>(std::move(key), canvas_.data(), stride, size_, box, CoverageMask::Dense{})
                    : std::make_shared<CoverageMask>(std::move(key), canvas_.data(), stride, size_, box);
  cairo_surface_mark_dirty(surface_.get());
  return mask;
}

std::shared_ptr<CoverageMask> PartRasteriser::inside(const geometry::Affine& transform, const std::vector<cairo_path_data_t>& path,
                                                     const PixelBox& box, std::vector<std::int64_t> key) {
  return inside_mask(path, matrix(transform), box, std::move(key));
}

std::uint64_t hash_of_key(const std::vector<std::int64_t>& key) {
  std::uint64_t h = 14695981039346656037ull;
  for (std::int64_t word : key) h = (h ^ static_cast<std::uint64_t>(word)) * 1099511628211ull;
  return h;
}

}  // namespace iconsynth::render
