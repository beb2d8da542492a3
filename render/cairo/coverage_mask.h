#pragma once
// A part's coverage: the A8 mask Cairo rasterises one part of an element into, over the
// element's pixel box, and a key of everything that decides those pixels. Masks with equal keys
// are equal pixel for pixel, so elements that would rasterise the same pixels share one mask
// (the modules swell together).

#include "render/cairo/pixel_box.h"
#include "render/cairo/surface.h"
#include "render/scene/scene.h"

#include <cairo.h>

#include <cstdint>
#include <memory>
#include <vector>

namespace iconsynth::render {

class CoverageMask {
 public:
  struct SurfaceDeleter {
    void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
  };

  // The coverage of the part whose PartRasteriser::key is `key`, moved out of `box` of an A8
  // canvas (`canvas_stride` bytes a row), which is left transparent there.
  CoverageMask(std::vector<std::int64_t> key, unsigned char* canvas, int canvas_stride, const PixelBox& box);

  int width() const { return width_; }
  int height() const { return height_; }
  int stride() const { return stride_; }
  const unsigned char* row(int y) const { return pixels_.get() + std::ptrdiff_t{y} * stride_; }
  // An A8 Cairo surface over the pixels, to mask with.
  cairo_surface_t* surface() const { return surface_.get(); }
  // Where a row has ink, as runs of mask columns [x0, x1): `full` runs are all 255, the others
  // are read pixel by pixel. Columns outside every run are 0.
  struct Run {
    int x0, x1;
    bool full;
  };
  const Run* runs_begin(int y) const { return runs_.data() + row_runs_[std::size_t(y)]; }
  const Run* runs_end(int y) const { return runs_.data() + row_runs_[std::size_t(y) + 1]; }

  const std::vector<std::int64_t>& key() const { return key_; }
  std::uint64_t key_hash() const { return key_hash_; }

 private:
  std::vector<std::int64_t> key_;
  std::uint64_t key_hash_;
  int width_, height_, stride_;
  std::unique_ptr<unsigned char[]> pixels_;
  std::unique_ptr<cairo_surface_t, SurfaceDeleter> surface_;
  std::vector<Run> runs_;
  std::vector<std::size_t> row_runs_;  // row y's runs: [row_runs_[y], row_runs_[y + 1])
};

// The one place that knows how a part is rasterised into a mask and what decides its pixels,
// on a size × size canvas.
class PartRasteriser {
 public:
  explicit PartRasteriser(int size, double px_per_unit);

  // Fills `key` with what decides the coverage of `path`, inked as `paint` says, at the
  // element's `transform`, relative to `box`. Cairo turns each point into 24.8 fixed-point
  // device coordinates, and from there rasterises with integer arithmetic a whole-pixel move
  // does not change, reading only the linear part of its matrix (pen shape, stroke offsets).
  // So the key holds the box's size, the paint, the linear part's bits, and each point's
  // fixed-point coordinates relative to `box`; and, when `box` touches the canvas's edge
  // (where Cairo clips), its place. Equal keys, equal masks (tests/render/coverage_mask_test.cpp).
  void key(const geometry::Affine& transform, const std::vector<cairo_path_data_t>& path, const Paint& paint,
           const PixelBox& box, std::vector<std::int64_t>& key);

  // The part's mask over `box` (which must hold all its ink on the canvas; `key` is its key),
  // rasterised as draw_element draws it (draw.h's steps) onto the canvas, in opaque white: each
  // byte is the coverage Cairo blends its paint with at that pixel. It is drawn on a
  // canvas-sized surface and moved out, because Cairo's coverage can change by a level with the
  // bounds of the surface it draws on.
  std::shared_ptr<CoverageMask> rasterise(const geometry::Affine& transform, const std::vector<cairo_path_data_t>& path,
                                          const Paint& paint, const PixelBox& box, std::vector<std::int64_t> key);

 private:
  int size_;
  double px_per_unit_;
  std::vector<unsigned char> canvas_;  // A8, transparent between calls
  std::unique_ptr<cairo_surface_t, CoverageMask::SurfaceDeleter> surface_;
  CairoContext cr_;
};

// FNV-1a over the key's words: a cheap first test before comparing whole keys.
std::uint64_t hash_of_key(const std::vector<std::int64_t>& key);

}  // namespace iconsynth::render
