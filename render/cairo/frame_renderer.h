#pragma once
// Renders the frames of one scene at one size into one reused image, as a player does. What does
// not change between frames is prepared once or kept from the frame before:
//   - each part's outline as Cairo path data, and each element's bounds;
//   - the leading elements that never move (the links), drawn once as the backdrop every frame
//     starts from;
//   - each part's coverage (an A8 mask of the element's box), rasterised again only when its
//     element's transform changes, so a module at rest is composited, not rasterised;
//   - the image itself: only the boxes where something moved, appeared or faded since the frame
//     before are restored to the backdrop and composited again, and a frame that shows the same
//     pose as the one before costs nothing.
// Every frame is pixel for pixel what render_frame draws: coverage is Cairo's own, and it is
// composited with the arithmetic Cairo uses (tests check every frame of every variant).

#include "render/cairo/surface.h"
#include "render/scene/evaluate.h"

#include <cairo.h>

#include <algorithm>
#include <memory>
#include <vector>

namespace iconsynth::render {

class FrameRenderer {
 public:
  // `scene` must outlive the renderer; std::invalid_argument when `size` is out of range.
  FrameRenderer(const AnimatedScene& scene, int size);

  // Frame `frame` of the scene (any real frame, in any order; consecutive frames are cheapest).
  // The image stays valid, and unchanged, until the next call.
  const ImageSurface& render(double frame);
  const ImageSurface& render(const FrameScene& frame);

 private:
  // Pixels [x0, x1) × [y0, y1) of the canvas.
  struct Box {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    bool empty() const { return x0 >= x1 || y0 >= y1; }
    bool intersects(const Box& o) const { return x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1; }
    Box united(const Box& o) const { return {std::min(x0, o.x0), std::min(y0, o.y0), std::max(x1, o.x1), std::max(y1, o.y1)}; }
    Box intersected(const Box& o) const { return {std::max(x0, o.x0), std::max(y0, o.y0), std::min(x1, o.x1), std::min(y1, o.y1)}; }
  };
  struct SurfaceDeleter {
    void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
  };
  // One part's coverage at its element's cached transform, over the element's box.
  struct Mask {
    std::vector<unsigned char> pixels;
    std::unique_ptr<cairo_surface_t, SurfaceDeleter> surface;  // A8 over `pixels`
  };
  struct ElementCache {
    geometry::Affine transform;  // what the masks show; valid only when `rasterised`
    bool rasterised = false;
    Box box;                     // the element's pixels at that transform
    std::vector<Mask> masks;     // [part]
  };

  // The pixels an element may touch at `fe`'s transform (padded for anti-aliasing).
  Box box_of(std::size_t element, const FrameElement& fe) const;
  // Rasterises the element's parts into its masks unless they already show its transform.
  void rasterise(std::size_t element, const FrameElement& fe);
  // Restores `box` to the backdrop and composites every element that reaches it.
  void redraw(const FrameScene& frame, const Box& box);
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
  CairoContext cr_;
  std::vector<FrameElement> shown_;  // the pose image_ shows; empty before the first frame
  std::vector<Box> shown_boxes_;     // [element] the pixels it may touch in image_ (empty: invisible)
  FrameScene frame_;                 // reused by render(double)
  std::vector<Box> dirty_;           // reused by render(const FrameScene&)
};

}  // namespace iconsynth::render
