#include "render/cairo/frame_renderer.h"

#include "render/cairo/draw.h"
#include "render/cairo/raster.h"

#include <cmath>
#include <cstring>

namespace iconsynth::render {

namespace {

// Pixels added around an element's bounds: anti-aliasing touches the pixel an edge crosses, and
// a margin costs little.
constexpr int kMargin = 2;

bool is_static(const Element& e) { return e.position.is_static() && e.scale.is_static() && e.opacity.is_static(); }

bool same_pose(const FrameElement& a, const FrameElement& b) {
  if (a.opacity <= 0 && b.opacity <= 0) return true;  // an invisible element's position does not show
  return a.opacity == b.opacity && a.transform.matrix() == b.transform.matrix();
}

// Cairo's image compositor draws an opaque colour by blending it into the image by coverage
// (a lerp, each product rounded as (x + 0x7f + (x >> 8)) >> 8 on two channels at a time); pixman,
// which Cairo uses for a translucent colour or a mask, rounds with 0x80. Opaque parts are
// composited here with Cairo's arithmetic, so they match what cairo_fill and cairo_stroke draw.
std::uint32_t times_coverage(std::uint32_t two_channels, std::uint8_t coverage) {
  const std::uint32_t t = (two_channels & 0xff00ff) * coverage + 0x7f007f;
  return ((t + ((t >> 8) & 0xff00ff)) >> 8) & 0xff00ff;
}
std::uint32_t saturated_sum(std::uint32_t a, std::uint32_t b) {
  std::uint32_t t = a + b;
  t |= 0x1000100 - ((t >> 8) & 0xff00ff);
  return t & 0xff00ff;
}
std::uint32_t blend(std::uint32_t color, std::uint8_t coverage, std::uint32_t under) {
  const std::uint8_t rest = 255 - coverage;
  return saturated_sum(times_coverage(color, coverage), times_coverage(under, rest)) |
         saturated_sum(times_coverage(color >> 8, coverage), times_coverage(under >> 8, rest)) << 8;
}

// Cairo turns colour components into 16 bits this way; it takes a colour whose alpha is at least
// 0xff00 for opaque.
std::uint16_t cairo_short(double d) { return static_cast<std::uint16_t>(d * (65535.0 / 65536.0) * 65536.0 + 0.5); }

}  // namespace

FrameRenderer::FrameRenderer(const AnimatedScene& scene, int size)
    : scene_(&scene), size_(size), px_per_unit_(size / scene.grid), backdrop_((check_output_size(size), size), size),
      image_(size, size), cr_(make_context(image_.get())) {
  for (const Element& e : scene.elements) {
    auto& paths = paths_.emplace_back();
    geometry::Bounds& bounds = local_bounds_.emplace_back();
    for (const Part& part : e.parts) {
      paths.push_back(cairo_path_data(part.path));
      const geometry::Bounds hull = part.path.control_bounds();
      if (hull.empty()) continue;
      // Round caps and joins reach half the width beyond the outline.
      const double reach = part.paint.kind == Paint::Kind::Stroke ? part.paint.stroke_width / 2 : 0;
      bounds.add(hull.min - Eigen::Vector2d::Constant(reach));
      bounds.add(hull.max + Eigen::Vector2d::Constant(reach));
    }
    cache_.emplace_back().masks.resize(e.parts.size());
  }
  // The backdrop: the leading elements that never move, fade or swell, drawn once as
  // draw_frame draws them (first, on a transparent canvas).
  while (backdrop_count_ < scene.elements.size() && is_static(scene.elements[backdrop_count_])) ++backdrop_count_;
  if (backdrop_count_ > 0) {
    const FrameScene rest = evaluate(scene, 0);
    CairoContext cr = make_context(backdrop_.get());
    cairo_scale(cr.get(), px_per_unit_, px_per_unit_);
    for (std::size_t i = 0; i < backdrop_count_; ++i) draw_element(cr.get(), rest.elements[i], &paths_[i]);
  }
  backdrop_.data();  // flushes the backdrop once: frames copy its pixels directly
}

FrameRenderer::Box FrameRenderer::box_of(std::size_t element, const FrameElement& fe) const {
  const geometry::Bounds& b = local_bounds_[element];
  if (b.empty()) return {};
  geometry::Bounds on_canvas;
  for (const Eigen::Vector2d& corner : {b.min, b.max, Eigen::Vector2d(b.min.x(), b.max.y()), Eigen::Vector2d(b.max.x(), b.min.y())}) {
    on_canvas.add(fe.transform * corner * px_per_unit_);
  }
  const auto clamped = [this](double v) { return static_cast<int>(std::clamp(v, 0.0, double(size_))); };
  const Box box{clamped(std::floor(on_canvas.min.x()) - kMargin), clamped(std::floor(on_canvas.min.y()) - kMargin),
                clamped(std::ceil(on_canvas.max.x()) + kMargin), clamped(std::ceil(on_canvas.max.y()) + kMargin)};
  return box.empty() ? Box{} : box;
}

void FrameRenderer::rasterise(std::size_t element, const FrameElement& fe) {
  ElementCache& cache = cache_[element];
  if (cache.rasterised && cache.transform.matrix() == fe.transform.matrix()) return;
  const Box old = cache.box;
  cache.transform = fe.transform;
  cache.rasterised = true;
  cache.box = box_of(element, fe);
  const Box& b = cache.box;
  if (b.empty()) return;
  const int width = b.x1 - b.x0, height = b.y1 - b.y0;
  const int stride = cairo_format_stride_for_width(CAIRO_FORMAT_A8, width);
  const bool same_size = old.x1 - old.x0 == width && old.y1 - old.y0 == height;
  const std::vector<Part>& parts = fe.element->parts;
  for (std::size_t p = 0; p < parts.size(); ++p) {
    Mask& mask = cache.masks[p];
    if (!same_size || !mask.surface) {
      mask.surface.reset();  // before its pixels move
      mask.pixels.assign(std::size_t(stride) * height, 0);
      mask.surface.reset(cairo_image_surface_create_for_data(mask.pixels.data(), CAIRO_FORMAT_A8, width, height, stride));
    } else {
      cairo_surface_flush(mask.surface.get());
      std::fill(mask.pixels.begin(), mask.pixels.end(), 0);
      cairo_surface_mark_dirty(mask.surface.get());
    }
    // The part as draw_element draws it (the same steps from draw.h), in opaque white: each mask
    // pixel is the coverage Cairo would blend the paint with. The device offset puts canvas pixel
    // (x0, y0) at the mask's origin; a whole-pixel shift changes no coverage.
    cairo_surface_set_device_offset(mask.surface.get(), -b.x0, -b.y0);
    CairoContext cr = make_context(mask.surface.get());
    cairo_scale(cr.get(), px_per_unit_, px_per_unit_);
    apply_transform(cr.get(), fe.transform);
    set_path(cr.get(), paths_[element][p]);
    cairo_set_source_rgb(cr.get(), 1, 1, 1);
    ink_path(cr.get(), parts[p].paint);
    cr.reset();
    cairo_surface_flush(mask.surface.get());
  }
}

void FrameRenderer::redraw(const FrameScene& frame, const Box& r) {
  cairo_surface_t* surface = image_.get();
  const int stride = image_.stride();
  unsigned char* pixels = cairo_image_surface_get_data(surface);
  // Back to the backdrop inside the box.
  cairo_surface_flush(surface);
  const unsigned char* backdrop = cairo_image_surface_get_data(backdrop_.get());
  for (int y = r.y0; y < r.y1; ++y) {
    const std::ptrdiff_t at = std::ptrdiff_t{y} * stride + std::ptrdiff_t{r.x0} * 4;
    if (backdrop_count_ > 0) {
      std::memcpy(pixels + at, backdrop + at, std::size_t(r.x1 - r.x0) * 4);
    } else {
      std::memset(pixels + at, 0, std::size_t(r.x1 - r.x0) * 4);
    }
  }
  // Then every part that reaches the box, back to front.
  for (std::size_t i = backdrop_count_; i < frame.elements.size(); ++i) {
    const FrameElement& fe = frame.elements[i];
    if (!shown_boxes_[i].intersects(r)) continue;
    const ElementCache& cache = cache_[i];
    const Box in = cache.box.intersected(r);
    if (in.empty()) continue;
    const std::vector<Part>& parts = fe.element->parts;
    for (std::size_t p = 0; p < parts.size(); ++p) {
      const spec::Rgba c = parts[p].paint.color;
      const unsigned char* mask = cache.masks[p].pixels.data();
      const int mask_stride = cairo_image_surface_get_stride(cache.masks[p].surface.get());
      if (c.a == 255 && fe.opacity == 1) {
        const std::uint32_t color = 0xff000000u | std::uint32_t{c.r} << 16 | std::uint32_t{c.g} << 8 | c.b;
        const int width = in.x1 - in.x0;
        for (int y = in.y0; y < in.y1; ++y) {
          std::uint32_t* row = reinterpret_cast<std::uint32_t*>(pixels + std::ptrdiff_t{y} * stride) + in.x0;
          const unsigned char* coverage = mask + std::ptrdiff_t{y - cache.box.y0} * mask_stride + (in.x0 - cache.box.x0);
          for (int x = 0; x < width;) {
            // Masks are mostly empty or full: skip or fill eight pixels at a time.
            if (x + 8 <= width) {
              std::uint64_t eight;
              std::memcpy(&eight, coverage + x, 8);
              if (eight == 0) {
                x += 8;
                continue;
              }
              if (eight == ~std::uint64_t{0}) {
                std::fill(row + x, row + x + 8, color);
                x += 8;
                continue;
              }
            }
            const std::uint8_t a = coverage[x];
            if (a == 255) {
              row[x] = color;
            } else if (a != 0) {
              row[x] = blend(color, a, row[x]);
            }
            ++x;
          }
        }
        continue;
      }
      // A translucent paint: pixman blends it through the mask, as Cairo does when it draws.
      cairo_surface_mark_dirty_rectangle(surface, r.x0, r.y0, r.x1 - r.x0, r.y1 - r.y0);
      cairo_t* cr = cr_.get();
      cairo_save(cr);
      cairo_rectangle(cr, in.x0, in.y0, in.x1 - in.x0, in.y1 - in.y0);
      cairo_clip(cr);
      cairo_set_source_rgba(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0, c.a / 255.0 * fe.opacity);
      cairo_mask_surface(cr, cache.masks[p].surface.get(), 0, 0);
      cairo_restore(cr);
      cairo_surface_flush(surface);
    }
  }
  cairo_surface_mark_dirty_rectangle(surface, r.x0, r.y0, r.x1 - r.x0, r.y1 - r.y0);
}

void FrameRenderer::redraw_directly(const FrameScene& frame) {
  cairo_surface_t* surface = image_.get();
  cairo_surface_flush(surface);
  std::memcpy(cairo_image_surface_get_data(surface), cairo_image_surface_get_data(backdrop_.get()),
              std::size_t(image_.stride()) * size_);
  cairo_surface_mark_dirty(surface);
  cairo_t* cr = cr_.get();
  cairo_save(cr);
  cairo_scale(cr, px_per_unit_, px_per_unit_);
  for (std::size_t i = backdrop_count_; i < frame.elements.size(); ++i) draw_element(cr, frame.elements[i], &paths_[i]);
  cairo_restore(cr);
}

const ImageSurface& FrameRenderer::render(double frame) {
  evaluate(*scene_, frame, frame_);
  return render(frame_);
}

const ImageSurface& FrameRenderer::render(const FrameScene& frame) {
  const std::size_t n = frame.elements.size();
  if (frame.scene != scene_ || n != paths_.size()) throw std::invalid_argument("FrameRenderer: a frame of another scene");
  // The boxes each changed element covered and now covers.
  std::vector<Box>& dirty = dirty_;  // kept across frames: no allocation per frame
  dirty.clear();
  const bool first = shown_.empty();
  shown_boxes_.resize(n);
  for (std::size_t i = backdrop_count_; i < n; ++i) {
    const FrameElement& now = frame.elements[i];
    if (!first && same_pose(now, shown_[i])) continue;
    if (!shown_boxes_[i].empty()) dirty.push_back(shown_boxes_[i]);
    shown_boxes_[i] = now.opacity > 0 ? box_of(i, now) : Box{};
    if (!shown_boxes_[i].empty()) dirty.push_back(shown_boxes_[i]);
  }
  if (first) dirty.assign(1, Box{0, 0, size_, size_});
  shown_.assign(frame.elements.begin(), frame.elements.end());
  if (dirty.empty()) return image_;

  // Cases where compositing masks would not be Cairo's arithmetic: an element that fades as one
  // layer (a group, see draw_element), or a paint alpha just under 1 that Cairo takes for opaque.
  bool directly = false;
  for (std::size_t i = backdrop_count_; i < n; ++i) {
    const FrameElement& fe = frame.elements[i];
    if (fe.opacity <= 0) continue;
    if (fe.opacity < 1 && fe.element->parts.size() > 1) directly = true;
    for (const Part& part : fe.element->parts) {
      const double alpha = part.paint.color.a / 255.0 * fe.opacity;
      if (alpha < 1 && cairo_short(alpha) >= 0xff00) directly = true;
    }
  }
  if (directly) {
    redraw_directly(frame);
    return image_;
  }

  // Boxes that overlap merge into their bounding box (until none overlap), so no pixel is
  // composited twice.
  for (bool merged = true; merged;) {
    merged = false;
    for (std::size_t i = 0; i < dirty.size() && !merged; ++i) {
      for (std::size_t j = i + 1; j < dirty.size(); ++j) {
        if (!dirty[i].intersects(dirty[j])) continue;
        dirty[i] = dirty[i].united(dirty[j]);
        dirty.erase(dirty.begin() + static_cast<std::ptrdiff_t>(j));
        merged = true;
        break;
      }
    }
  }
  for (std::size_t i = backdrop_count_; i < n; ++i) {
    if (shown_boxes_[i].empty()) continue;
    for (const Box& box : dirty) {
      if (!shown_boxes_[i].intersects(box)) continue;
      rasterise(i, frame.elements[i]);
      break;
    }
  }
  for (const Box& box : dirty) redraw(frame, box);
  return image_;
}

}  // namespace iconsynth::render
