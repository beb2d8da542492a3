#include "render/cairo/coverage_mask.h"

#include "render/cairo/draw.h"
#include "render/cairo/surface.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>

namespace iconsynth::render {

namespace {

std::int64_t bits_of(double d) {
  std::int64_t i;
  std::memcpy(&i, &d, sizeof i);
  return i;
}

}  // namespace

CoverageMask::CoverageMask(std::vector<std::int64_t> key, unsigned char* canvas, int canvas_stride, const PixelBox& box)
    : key_(std::move(key)), key_hash_(hash_of_key(key_)), width_(box.width()), height_(box.height()),
      stride_(cairo_format_stride_for_width(CAIRO_FORMAT_A8, width_)),
      pixels_(new unsigned char[std::size_t(stride_) * std::size_t(height_)]) {
  // One pass a row: each eight columns are moved (the canvas cleared behind them) and sorted
  // into runs: all 0 (no run), all 255 (a full run) or mixed; neighbours of one kind join.
  row_runs_.reserve(std::size_t(height_) + 1);
  row_runs_.push_back(0);
  for (int y = 0; y < height_; ++y) {
    unsigned char* from = canvas + std::ptrdiff_t{box.y0 + y} * canvas_stride + box.x0;
    unsigned char* to = pixels_.get() + std::ptrdiff_t{y} * stride_;
    for (int x = 0; x < width_; x += 8) {
      const int n = std::min(8, width_ - x);
      std::uint64_t eight = 0;
      if (n == 8) {
        std::memcpy(&eight, from + x, 8);
        std::memcpy(to + x, &eight, 8);
        std::memset(from + x, 0, 8);
      } else {
        for (int i = 0; i < n; ++i) {
          eight |= std::uint64_t{from[x + i]} << (8 * i);
          to[x + i] = from[x + i];
          from[x + i] = 0;
        }
      }
      if (eight == 0) continue;
      const bool full = eight == ~std::uint64_t{0} >> (64 - 8 * n);
      if (runs_.size() > row_runs_.back() && runs_.back().x1 == x && runs_.back().full == full) {
        runs_.back().x1 = x + n;
      } else {
        runs_.push_back({x, x + n, full});
      }
    }
    std::fill(to + width_, to + stride_, 0);  // the row's padding
    row_runs_.push_back(runs_.size());
  }
  surface_.reset(cairo_image_surface_create_for_data(pixels_.get(), CAIRO_FORMAT_A8, width_, height_, stride_));
  if (cairo_surface_status(surface_.get()) != CAIRO_STATUS_SUCCESS) throw std::runtime_error("cairo: cannot make a coverage mask");
}

PartRasteriser::PartRasteriser(int size, double px_per_unit)
    : size_(size), px_per_unit_(px_per_unit),
      canvas_(std::size_t(cairo_format_stride_for_width(CAIRO_FORMAT_A8, size)) * std::size_t(size), 0),
      surface_(cairo_image_surface_create_for_data(canvas_.data(), CAIRO_FORMAT_A8, size, size,
                                                   cairo_format_stride_for_width(CAIRO_FORMAT_A8, size))),
      cr_(make_context(surface_.get())) {
  cairo_set_source_rgb(cr_.get(), 1, 1, 1);
}

void PartRasteriser::key(const geometry::Affine& transform, const std::vector<cairo_path_data_t>& path, const Paint& paint,
                         const PixelBox& box, std::vector<std::int64_t>& key) {
  // The matrix, by the same calls as rasterise makes.
  cairo_t* cr = cr_.get();
  cairo_save(cr);
  cairo_scale(cr, px_per_unit_, px_per_unit_);
  apply_transform(cr, transform);
  cairo_matrix_t ctm;
  cairo_get_matrix(cr, &ctm);
  cairo_restore(cr);

  const double stroke_width = paint.kind == Paint::Kind::Stroke ? paint.stroke_width : 0;
  const bool at_edge = box.x0 <= 0 || box.y0 <= 0 || box.x1 >= size_ || box.y1 >= size_;
  key.assign({box.width(), box.height(), static_cast<std::int64_t>(paint.kind), bits_of(stroke_width), bits_of(ctm.xx),
              bits_of(ctm.yx), bits_of(ctm.xy), bits_of(ctm.yy), at_edge ? box.x0 : -1, at_edge ? box.y0 : -1});
  for (std::size_t i = 0; i < path.size(); i += static_cast<std::size_t>(path[i].header.length)) {
    key.push_back(path[i].header.type);
    for (std::size_t j = 1; j < static_cast<std::size_t>(path[i].header.length); ++j) {
      double x = path[i + j].point.x, y = path[i + j].point.y;
      cairo_matrix_transform_point(&ctm, &x, &y);  // Cairo's own arithmetic for a path point
      // Cairo's 24.8 fixed-point device coordinate (its magic-number conversion rounds half to
      // even, as nearbyint does), relative to the box.
      key.push_back(static_cast<std::int64_t>(std::nearbyint(x * 256)) - std::int64_t{256} * box.x0);
      key.push_back(static_cast<std::int64_t>(std::nearbyint(y * 256)) - std::int64_t{256} * box.y0);
    }
  }
}

std::shared_ptr<CoverageMask> PartRasteriser::rasterise(const geometry::Affine& transform,
                                                        const std::vector<cairo_path_data_t>& path, const Paint& paint,
                                                        const PixelBox& box, std::vector<std::int64_t> key) {
  cairo_t* cr = cr_.get();
  cairo_save(cr);
  cairo_scale(cr, px_per_unit_, px_per_unit_);
  apply_transform(cr, transform);
  set_path(cr, path);
  ink_path(cr, paint);
  cairo_restore(cr);
  cairo_surface_flush(surface_.get());
  auto mask = std::make_shared<CoverageMask>(std::move(key), canvas_.data(), cairo_image_surface_get_stride(surface_.get()),
                                             box.intersected({0, 0, size_, size_}));
  cairo_surface_mark_dirty(surface_.get());
  return mask;
}

std::uint64_t hash_of_key(const std::vector<std::int64_t>& key) {
  std::uint64_t h = 14695981039346656037ull;
  for (std::int64_t word : key) h = (h ^ static_cast<std::uint64_t>(word)) * 1099511628211ull;
  return h;
}

}  // namespace iconsynth::render
