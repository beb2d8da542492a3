#pragma once
// Renders the frames of one scene at one size into one reused image, as a player does. What does
// not change between frames is prepared once or kept from the frame before:
//   - each part's outline as Cairo path data, and each element's bounds;
//   - the leading elements that never move (the links), drawn once as the backdrop every frame
//     starts from;
//   - each part's coverage (an A8 mask of the element's box), rasterised again only when its
//     element's transform changes, so a module at rest is composited, not rasterised;
//   - every mask drawn, by a key of what decides its pixels (coverage_mask.h, coverage_cache.h):
//     the modules swell together, and where their centres sit alike on the pixel grid (every
//     module of the 2×2 ring at 48, 64, 256 or 1024 px) one mask serves four; and a loop
//     played again rasterises nothing;
//   - the image itself: only the boxes where something moved, appeared or faded since the frame
//     before are restored to the backdrop and composited again, run by run of each mask's
//     rows (full runs filled, empty columns skipped), and a frame that shows the same pose as
//     the one before costs nothing.
// Every frame is pixel for pixel what render_frame draws: coverage is Cairo's own, and it is
// composited with the arithmetic Cairo uses (tests check every frame of every variant).

#include "render/cairo/coverage_cache.h"
#include "render/cairo/coverage_mask.h"
#include "render/cairo/surface.h"
#include "render/scene/evaluate.h"

#include <cairo.h>

#include <memory>
#include <vector>

namespace iconsynth::render {

class FrameRenderer {
 public:
  // Memory for coverage masks kept between frames: every mask of a loop of the built-in icon at
  // 1024 px fits (about 30 MiB for outline-strong).
  static constexpr std::size_t kDefaultMaskBudget = std::size_t{64} << 20;

  // `scene` must outlive the renderer; std::invalid_argument when `size` is out of range.
  FrameRenderer(const AnimatedScene& scene, int size, std::size_t mask_budget_bytes = kDefaultMaskBudget);

  // Frame `frame` of the scene (any real frame, in any order; consecutive frames are cheapest).
  // The image stays valid, and unchanged, until the next call.
  const ImageSurface& render(double frame);
  const ImageSurface& render(const FrameScene& frame);

  // Work counted since construction.
  struct Counts {
    long rasterised = 0;       // part masks Cairo rasterised
    long reused = 0;           // part masks found drawn (for another element, or an earlier frame)
  };
  Counts counts() const { return counts_; }

 private:
  struct RegionDeleter {
    void operator()(cairo_region_t* r) const { cairo_region_destroy(r); }
  };
  // A part that reaches the box redrawn: its mask (column 0 at canvas (origin_x, origin_y)),
  // the pixels of the box it covers, and its colour with the element's opacity.
  struct Layer {
    const CoverageMask* mask;
    PixelBox in;
    int origin_x, origin_y;
    spec::Rgba color;
    double opacity;
  };
  struct ElementCache {
    geometry::Affine transform;  // what the masks show; valid only when `rasterised`
    bool rasterised = false;
    PixelBox box;                // the element's pixels at that transform
    std::vector<std::shared_ptr<CoverageMask>> masks;  // [part], over `box`
  };

  // The pixels an element may touch at `fe`'s transform (padded for anti-aliasing).
  PixelBox box_of(std::size_t element, const FrameElement& fe) const;
  // Brings the element's masks to `fe`'s transform: unchanged if they show it, else a mask
  // already drawn with the same pixels (any element's, any frame's), else rasterised by Cairo.
  void rasterise(std::size_t element, const FrameElement& fe);
  // Restores `box` to the backdrop and composites every element that reaches it.
  void redraw(const FrameScene& frame, const PixelBox& box);
  // The same for layers_, part by part over the whole box, when a paint is translucent (pixman
  // blends a translucent colour through a mask, as Cairo does when it draws).
  void redraw_translucent(const PixelBox& box);
  // Columns [x0, x1) of image row y back to the backdrop.
  void restore(std::uint32_t* row, int y, int x0, int x1) const;
  // Draws the whole frame with Cairo directly (frames with an element that fades as a group).
  void redraw_directly(const FrameScene& frame);

  const AnimatedScene* scene_;
  int size_;
  double px_per_unit_;
  std::size_t backdrop_count_ = 0;  // leading elements drawn into backdrop_ once
  std::vector<std::vector<std::vector<cairo_path_data_t>>> paths_;  // [element][part]
  std::vector<geometry::Bounds> local_bounds_;  // [element] ink bounds in element units (strokes included)
  std::vector<ElementCache> cache_;             // [element]
  ImageSurface backdrop_, image_;
  std::vector<std::pair<int, int>> backdrop_ink_;  // [row] the backdrop's inked columns [first, last + 1)
  CairoContext cr_;
  PartRasteriser rasteriser_;
  std::vector<FrameElement> shown_;  // the pose image_ shows; empty before the first frame
  std::vector<PixelBox> shown_boxes_;  // [element] the pixels it may touch in image_ (empty: invisible)
  FrameScene frame_;                 // reused by render(double)
  // Reused from frame to frame, so a frame allocates little:
  std::vector<PixelBox> dirty_;                            // boxes to redraw (may overlap)
  std::unique_ptr<cairo_region_t, RegionDeleter> region_;  // their union, as disjoint rectangles
  CoverageCache masks_;
  std::vector<std::int64_t> key_;
  std::vector<Layer> layers_;
  Counts counts_;
};

}  // namespace iconsynth::render
