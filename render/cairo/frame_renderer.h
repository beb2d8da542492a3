#pragma once
// Renders the frames of one scene at one size into one reused image, as a player does. What does
// not change between frames is prepared once or kept from the frame before:
//   - each part's outline as Cairo path data, and each element's bounds;
//   - the leading elements that never move (the links), drawn once as the backdrop every frame
//     starts from;
//   - each part's coverage (a mask of the element's box: coverage_mask.h; byte for byte when it
//     is small, as runs when large), drawn again only when its element's transform changes, so a
//     module at rest is composited, not rasterised;
//   - every mask drawn, by a key of what decides its pixels (coverage_mask.h, coverage_cache.h):
//     the modules swell together, and where their centres sit alike on the pixel grid (the 2×2
//     ring's at every multiple of 24 px, unless a swelling card reaches past the canvas) one
//     mask serves four; and a loop played again rasterises nothing;
//   - the image itself: only the boxes where something moved, appeared or faded since the frame
//     before are restored to the backdrop and composited again, run by run of each mask's
//     rows (full runs filled, empty columns skipped, partial ones blended through tables of
//     the scene's colours: opaque_ink.h), and a frame that shows the same pose as the one
//     before costs nothing. A row's lowest layer is written straight onto the columns where the
//     backdrop is transparent (one pass, not a clear and a blend), and each part of an element
//     is blended only over the pixels it may ink (a die within its card's box).
// What a first play cannot keep, it draws with less: a fill whose edge an opaque stroke of the
// same outline hides (a duotone card) is drawn from its inside alone (inside_mask.h), and from
// 64 px up, worker threads draw masks beside the caller and, while it composites a frame, the
// masks of the next two frames of a play in order (mask_workers.h).
// Every frame is pixel for pixel what render_frame draws: coverage is Cairo's own, and it is
// composited with the arithmetic Cairo uses (tests check every frame of every variant).

#include "render/cairo/coverage_cache.h"
#include "render/cairo/coverage_mask.h"
#include "render/cairo/mask_workers.h"
#include "render/cairo/opaque_ink.h"
#include "render/cairo/surface.h"
#include "render/scene/evaluate.h"

#include <cairo.h>

#include <memory>
#include <span>
#include <vector>

namespace iconsynth::render {

class FrameRenderer {
 public:
  // Memory for coverage masks kept between frames: every mask of a loop of the built-in icon at
  // 1024 px fits (10.4 MiB for duotone-strong, the busiest).
  static constexpr std::size_t kDefaultMaskBudget = std::size_t{64} << 20;

  // Threads that draw masks beside the caller's by default: one fewer than the machine's cores,
  // at most three (mask_workers.h).
  static int default_workers();

  // `scene` must outlive the renderer; std::invalid_argument when `size` is out of range.
  // `workers` threads (0: none) share out the masks of a frame with the caller, and draw ahead
  // those of the next frames of a play in order (render(double), frames evenly apart); they
  // start with the first frame given by number that needs two masks drawn (a play's first
  // draws every mask), as many as the process has left
  // (renderers on every core, as build's and the preview's, share the machine's few). Frames
  // given as FrameScenes are drawn by the caller alone.
  FrameRenderer(const AnimatedScene& scene, int size, std::size_t mask_budget_bytes = kDefaultMaskBudget,
                int workers = default_workers());

  // Frame `frame` of the scene (any real frame, in any order; consecutive frames are cheapest).
  // The image stays valid, and unchanged, until the next call.
  const ImageSurface& render(double frame);
  const ImageSurface& render(const FrameScene& frame);

  // Work counted since construction.
  struct Counts {
    long rasterised = 0;       // part masks drawn (by this thread or a worker)
    long inside_only = 0;      // of those, fills drawn from their inside alone (inside_mask.h)
    long reused = 0;           // part masks found drawn (for another element, or an earlier frame)
  };
  Counts counts() const { return counts_; }
  // Memory the masks kept hold.
  std::size_t mask_bytes() const { return masks_.bytes(); }

 private:
  struct RegionDeleter {
    void operator()(cairo_region_t* r) const { cairo_region_destroy(r); }
  };
  struct SurfaceDeleter {
    void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
  };
  // A part that reaches the box redrawn: its mask (column 0 at canvas (origin_x, origin_y)),
  // the pixels of the box it covers, and its colour with the element's opacity; `ink` when
  // both are opaque.
  struct Layer {
    const CoverageMask* mask;
    PixelBox in;
    int origin_x, origin_y;
    spec::Rgba color;
    double opacity;
    const OpaqueInk* ink;
  };
  struct ElementCache {
    geometry::Affine transform;  // what the masks show; valid only when `rasterised`
    bool rasterised = false;
    PixelBox box;                // the element's ink box at that transform (may reach past the canvas)
    std::vector<std::shared_ptr<CoverageMask>> masks;  // [part], over `box`
  };

  // Where an element's parts may ink at `fe`'s transform: the pixels, padded for anti-aliasing
  // and reaching past the canvas where the element does; and whether the ink itself may reach
  // past the canvas's edge, where Cairo clips.
  struct InkBox {
    PixelBox box;
    bool clipped = false;
  };
  InkBox ink_box(std::size_t element, const FrameElement& fe) const;
  // The same for ink within `bounds` (element units).
  InkBox ink_box(const geometry::Bounds& bounds, const FrameElement& fe) const;
  // The pixels of the canvas an element may touch at `fe`'s transform.
  PixelBox box_of(std::size_t element, const FrameElement& fe) const;
  // Draws `frame` into image_.
  void render_frame(const FrameScene& frame);
  // Keeps a mask just drawn, and counts it.
  void keep(const std::shared_ptr<CoverageMask>& mask);
  // Whether the element's part is a fill whose every edge pixel a later opaque stroke of the same
  // outline covers at `fe`, so its mask is only its inside (inside_mask.h): a duotone card's fill.
  bool edge_hidden(std::size_t element, std::size_t part, const FrameElement& fe) const;
  // Brings the element's masks to `fe`'s transform: unchanged if they show it, else a mask
  // already drawn with the same pixels (any element's, any frame's), else wanted from Cairo.
  void want_masks(std::size_t element, const FrameElement& fe);
  // The job that draws the element's part at `fe` over `box`, its key made.
  MaskJob job_for(std::size_t element, std::size_t part, const FrameElement& fe, const InkBox& ink);
  // Draws the masks wanted (with the workers, where there are), keeps them and hands them out.
  void draw_wanted();
  // Posts for the workers the masks of the next frames of a play going by `step` that no one
  // holds or draws (each frame once).
  void draw_ahead(double step);
  // Adds to `jobs` the masks of frame `next` that no one holds, nor wants twice.
  void post_ahead(double next, std::vector<MaskJob>& jobs);
  // Restores `box` to the backdrop and composites every element that reaches it.
  void redraw(const FrameScene& frame, const PixelBox& box);
  // The same for layers_, part by part over the whole box, when a paint is translucent (pixman
  // blends a translucent colour through a mask, as Cairo does when it draws).
  void redraw_translucent(const PixelBox& box);
  // Columns [x0, x1) of image row y back to the backdrop.
  void restore(std::uint32_t* row, int y, int x0, int x1) const;
  // The stretches of backdrop row y that hold ink, in order; and the row's pixels.
  std::span<const std::pair<int, int>> backdrop_ink(int y) const;
  const std::uint32_t* backdrop_row(int y) const;
  // Draws the whole frame with Cairo directly (frames with an element that fades as a group).
  void redraw_directly(const FrameScene& frame);

  const AnimatedScene* scene_;
  int size_;
  double px_per_unit_;
  std::size_t backdrop_count_ = 0;  // leading elements drawn into backdrop_ once
  std::vector<std::vector<std::vector<cairo_path_data_t>>> paths_;  // [element][part]
  std::vector<geometry::Bounds> local_bounds_;  // [element] ink bounds in element units (strokes included)
  std::vector<std::vector<geometry::Bounds>> part_bounds_;  // [element][part] the same for each part
  std::vector<ElementCache> cache_;             // [element]
  std::vector<std::vector<int>> hiding_stroke_;  // [element][part]: the stroke hiding a fill's edge, or -1
  ImageSurface backdrop_, image_;
  std::vector<std::pair<int, int>> backdrop_ink_;  // stretches of inked columns [x0, x1), row by row, in order
  std::vector<std::uint32_t> backdrop_row_ink_;    // row y's: [backdrop_row_ink_[y], backdrop_row_ink_[y + 1])
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
  std::vector<OpaqueInk> inks_;  // every opaque colour of the scene
  std::vector<Layer> layers_;
  std::vector<unsigned char> translucent_mask_;  // a mask written out whole for Cairo to blend through
  Counts counts_;
  // The masks this frame draws, and which element's part each goes to.
  struct Wanted {
    std::size_t element, part, job;
  };
  std::vector<MaskJob> jobs_;
  std::vector<Wanted> wanted_;
  static constexpr double kNoFrame = -1;
  // render(double)'s frames: the last, how far on it was from the one before (0: not in
  // order), and the furthest whose masks were posted ahead.
  double last_frame_ = kNoFrame, step_ = 0, ahead_to_ = kNoFrame;
  FrameScene ahead_;  // a frame to come, evaluated for post_ahead
  int worker_threads_;
  std::unique_ptr<MaskWorkers> workers_;  // last: stopped before what their jobs point into
};

}  // namespace iconsynth::render
