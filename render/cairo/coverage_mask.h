#pragma once
// A part's coverage: the A8 mask one part of an element is rasterised into, over the
// element's pixel box, and a key of everything that decides those pixels. Masks with equal keys
// are equal pixel for pixel, so elements that would rasterise the same pixels share one mask
// (the modules swell together).

#include "render/cairo/pixel_box.h"
#include "render/cairo/surface.h"
#include "render/scene/scene.h"

#include <cairo.h>

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace iconsynth::render {

// An allocator whose vectors grow without zeroing: a dense mask writes every byte itself.
template <class T>
struct UninitialisedAllocator : std::allocator<T> {
  template <class U>
  struct rebind {
    using other = UninitialisedAllocator<U>;
  };
  UninitialisedAllocator() = default;
  template <class U>
  UninitialisedAllocator(const UninitialisedAllocator<U>&) noexcept {}
  template <class U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};

class CoverageMask {
 public:
  // Where a row has ink, as runs of mask columns [x0, x1), in order and apart: a full run is all
  // 255; the others hold their coverage, one byte a column (mostly partial, some 0 or 255).
  // Columns outside every run are 0. Only the runs are kept: a part's mask is mostly empty (an
  // outline) or full (a fill).
  struct Run {
    std::int32_t x0, x1;
    std::int32_t at;  // kFull, or where the run's bytes start in the mask's coverage
    bool full() const { return at == kFull; }
  };
  static constexpr std::int32_t kFull = -1;

  // The coverage of the part whose PartRasteriser::key is `key` over `box`, moved out of an A8
  // canvas_size × canvas_size canvas (`canvas_stride` bytes a row, readable 8 bytes past its
  // last row), which is left transparent there; where `box` reaches past the canvas the mask is
  // empty.
  CoverageMask(std::vector<std::int64_t> key, unsigned char* canvas, int canvas_stride, int canvas_size, const PixelBox& box);
  // The same coverage kept byte for byte, not as runs: cheaper to take from the canvas, dearer
  // to keep (a mask a first play composites once or twice). Its rows have no runs.
  struct Dense {};
  CoverageMask(std::vector<std::int64_t> key, unsigned char* canvas, int canvas_stride, int canvas_size, const PixelBox& box, Dense);
  // A width × height mask of full runs only: row y's are runs[row_runs[y]] … runs[row_runs[y + 1]].
  CoverageMask(std::vector<std::int64_t> key, int width, int height, std::vector<Run> runs, std::vector<std::uint32_t> row_runs);

  int width() const { return width_; }
  // Whether the mask is kept byte for byte (dense_row) rather than as runs.
  bool dense() const { return dense_; }
  // Row y's coverage, a byte a column, of a dense mask.
  const std::uint8_t* dense_row(int y) const { return coverage_.data() + std::ptrdiff_t{y} * width_; }
  int height() const { return height_; }
  const Run* runs_begin(int y) const { return runs_.data() + row_runs_[std::size_t(y)]; }
  const Run* runs_end(int y) const { return runs_.data() + row_runs_[std::size_t(y) + 1]; }
  // The coverage of a run that is not full, from its column x0.
  const std::uint8_t* coverage(const Run& run) const { return coverage_.data() + run.at; }
  // The coverage at column x of row y.
  std::uint8_t at(int x, int y) const;
  // Writes the mask into an A8 image of its size (`stride` bytes a row), every byte.
  void expand(unsigned char* a8, int stride) const;
  // Memory the mask holds.
  std::size_t bytes() const;

  const std::vector<std::int64_t>& key() const { return key_; }
  std::uint64_t key_hash() const { return key_hash_; }

 private:
  std::vector<std::int64_t> key_;
  std::uint64_t key_hash_;
  int width_, height_;
  bool dense_ = false;
  std::vector<Run> runs_;
  std::vector<std::uint32_t> row_runs_;  // row y's runs: [row_runs_[y], row_runs_[y + 1])
  std::vector<std::uint8_t, UninitialisedAllocator<std::uint8_t>> coverage_;  // the bytes of every run that is not full; a dense mask's every byte
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
  // fixed-point coordinates relative to `box`; and, when the ink may reach past the canvas's
  // edge (`clipped`: there Cairo clips, and the pixels inside can change), the box's place.
  // Equal keys, equal masks (tests/render/coverage_mask_test.cpp).
  void key(const geometry::Affine& transform, const std::vector<cairo_path_data_t>& path, const Paint& paint,
           const PixelBox& box, bool clipped, std::vector<std::int64_t>& key);

  // The part's mask over `box` (which must hold all its ink on the canvas, and may reach past
  // the canvas; `key` is its key),
  // rasterised as draw_element draws it (draw.h's steps) onto the canvas, in opaque white: each
  // byte is the coverage the paint is blended with at that pixel. It is drawn on a canvas-sized
  // surface and moved out, because Cairo's coverage can change by a level with the bounds of the
  // surface it draws on. A fill's coverage is its exact area (area_coverage.h) from the
  // fixed-point points of its key, as draw_element fills the same points; a stroke, whose pen
  // reads the matrix, is Cairo's, as draw_element strokes it.
  std::shared_ptr<CoverageMask> rasterise(const geometry::Affine& transform, const std::vector<cairo_path_data_t>& path,
                                          const Paint& paint, const PixelBox& box, std::vector<std::int64_t> key, bool dense = false);

  // A fill's mask over `box` where its edge is hidden (inside_mask.h), without Cairo; `key` is
  // its key with kind() set to kInsideOnly.
  std::shared_ptr<CoverageMask> inside(const geometry::Affine& transform, const std::vector<cairo_path_data_t>& path,
                                       const PixelBox& box, std::vector<std::int64_t> key);
  // Where key() puts the paint's kind; kInsideOnly marks the key of an inside() mask.
  static constexpr std::size_t kKindWord = 2;
  static constexpr std::int64_t kInsideOnly = 2;

 private:
  // The canvas's matrix for `transform`, by the calls draw_element makes.
  cairo_matrix_t matrix(const geometry::Affine& transform);

  int size_;
  double px_per_unit_;
  std::vector<unsigned char> canvas_;  // A8, transparent between calls
  struct SurfaceDeleter {
    void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
  };
  std::unique_ptr<cairo_surface_t, SurfaceDeleter> surface_;
  CairoContext cr_;
};

// FNV-1a over the key's words: a cheap first test before comparing whole keys.
std::uint64_t hash_of_key(const std::vector<std::int64_t>& key);

}  // namespace iconsynth::render
