#include "render/cairo/frame_renderer.h"

#include "render/cairo/cairo_blend.h"
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

// Frames whose masks would not composite with Cairo's arithmetic: an element that fades as one
// layer (a group, see draw_element), or a paint alpha just under 1 that Cairo takes for opaque.
bool needs_cairo(const FrameScene& frame, std::size_t first_element) {
  for (std::size_t i = first_element; i < frame.elements.size(); ++i) {
    const FrameElement& fe = frame.elements[i];
    if (fe.opacity <= 0) continue;
    if (fe.opacity < 1 && fe.element->parts.size() > 1) return true;
    for (const Part& part : fe.element->parts) {
      const double alpha = part.paint.color.a / 255.0 * fe.opacity;
      if (alpha < 1 && cairo_blend::cairo_short(alpha) >= 0xff00) return true;
    }
  }
  return false;
}

std::uint32_t opaque_pixel(spec::Rgba c) { return 0xff000000u | std::uint32_t{c.r} << 16 | std::uint32_t{c.g} << 8 | c.b; }

// Draws opaque `color` through row `y` of `mask` (whose column 0 is canvas column `origin`) into
// canvas columns [x0, x1) of `row`: full runs are filled, mixed ones blended pixel by pixel.
void opaque_row(std::uint32_t* row, const CoverageMask& mask, int y, int origin, int x0, int x1, std::uint32_t color) {
  const unsigned char* coverage = mask.row(y);
  for (const CoverageMask::Run* run = mask.runs_begin(y); run != mask.runs_end(y); ++run) {
    const int from = std::max(run->x0 + origin, x0), to = std::min(run->x1 + origin, x1);
    if (from >= to) continue;
    if (run->full) {
      std::fill(row + from, row + to, color);
      continue;
    }
    for (int x = from; x < to; ++x) {
      const std::uint8_t a = coverage[x - origin];
      if (a == 255) {
        row[x] = color;
      } else if (a != 0) {
        row[x] = cairo_blend::blend(color, a, row[x]);
      }
    }
  }
}

}  // namespace

FrameRenderer::FrameRenderer(const AnimatedScene& scene, int size, std::size_t mask_budget_bytes)
    : scene_(&scene), size_(size), px_per_unit_(size / scene.grid), backdrop_((check_output_size(size), size), size),
      image_(size, size), cr_(make_context(image_.get())), rasteriser_(size_, px_per_unit_), region_(cairo_region_create()),
      masks_(mask_budget_bytes) {
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
  // Each backdrop row's inked columns [first, last + 1): restoring clears the rest.
  const unsigned char* backdrop = backdrop_.data();  // flushes the backdrop once: frames copy its pixels directly
  backdrop_ink_.assign(std::size_t(size), {0, 0});
  for (int y = 0; y < size; ++y) {
    const auto* row = reinterpret_cast<const std::uint32_t*>(backdrop + std::ptrdiff_t{y} * backdrop_.stride());
    int first = 0, end = size;
    while (first < size && row[first] == 0) ++first;
    while (end > first && row[end - 1] == 0) --end;
    backdrop_ink_[std::size_t(y)] = {first, end};
  }
}

PixelBox FrameRenderer::box_of(std::size_t element, const FrameElement& fe) const {
  const geometry::Bounds& b = local_bounds_[element];
  if (b.empty()) return {};
  geometry::Bounds on_canvas;
  for (const Eigen::Vector2d& corner : {b.min, b.max, Eigen::Vector2d(b.min.x(), b.max.y()), Eigen::Vector2d(b.max.x(), b.min.y())}) {
    on_canvas.add(fe.transform * corner * px_per_unit_);
  }
  const auto clamped = [this](double v) { return static_cast<int>(std::clamp(v, 0.0, double(size_))); };
  const PixelBox box{clamped(std::floor(on_canvas.min.x()) - kMargin), clamped(std::floor(on_canvas.min.y()) - kMargin),
                     clamped(std::ceil(on_canvas.max.x()) + kMargin), clamped(std::ceil(on_canvas.max.y()) + kMargin)};
  return box.empty() ? PixelBox{} : box;
}

void FrameRenderer::rasterise(std::size_t element, const FrameElement& fe) {
  ElementCache& cache = cache_[element];
  if (cache.rasterised && cache.transform.matrix() == fe.transform.matrix()) return;
  cache.transform = fe.transform;
  cache.rasterised = true;
  cache.box = box_of(element, fe);
  const PixelBox& b = cache.box;
  if (b.empty()) return;
  const std::vector<Part>& parts = fe.element->parts;
  for (std::size_t p = 0; p < parts.size(); ++p) {
    rasteriser_.key(fe.transform, paths_[element][p], parts[p].paint, b, key_);
    const std::uint64_t hash = hash_of_key(key_);
    std::shared_ptr<CoverageMask>& mask = cache.masks[p];
    if (std::shared_ptr<CoverageMask> same = masks_.find(key_, hash)) {
      mask = std::move(same);
      ++counts_.reused;
      continue;
    }
    mask = rasteriser_.rasterise(fe.transform, paths_[element][p], parts[p].paint, b, key_);
    masks_.insert(mask);
    ++counts_.rasterised;
  }
}

void FrameRenderer::redraw(const FrameScene& frame, const PixelBox& r) {
  // The parts that reach the box, back to front. An element shown there has masks at its pose
  // (render rasterised it), over its shown box.
  layers_.clear();
  bool translucent = false;
  for (std::size_t i = backdrop_count_; i < frame.elements.size(); ++i) {
    if (!shown_boxes_[i].intersects(r)) continue;
    const FrameElement& fe = frame.elements[i];
    const ElementCache& cache = cache_[i];
    const std::vector<Part>& parts = fe.element->parts;
    for (std::size_t p = 0; p < parts.size(); ++p) {
      translucent = translucent || parts[p].paint.color.a != 255 || fe.opacity != 1;
      layers_.push_back({cache.masks[p].get(), cache.box.intersected(r), cache.box.x0, cache.box.y0, parts[p].paint.color,
                         fe.opacity});
    }
  }
  if (translucent) {
    redraw_translucent(r);
    return;
  }
  // Row by row, so each row is restored and composited while it is in the cache.
  cairo_surface_t* surface = image_.get();
  cairo_surface_flush(surface);
  const int stride = image_.stride();
  unsigned char* pixels = cairo_image_surface_get_data(surface);
  for (int y = r.y0; y < r.y1; ++y) {
    auto* row = reinterpret_cast<std::uint32_t*>(pixels + std::ptrdiff_t{y} * stride);
    restore(row, y, r.x0, r.x1);
    for (const Layer& layer : layers_) {
      if (y < layer.in.y0 || y >= layer.in.y1) continue;
      opaque_row(row, *layer.mask, y - layer.origin_y, layer.origin_x, layer.in.x0, layer.in.x1, opaque_pixel(layer.color));
    }
  }
  cairo_surface_mark_dirty_rectangle(surface, r.x0, r.y0, r.width(), r.height());
}

void FrameRenderer::restore(std::uint32_t* row, int y, int x0, int x1) const {
  // Transparent outside the backdrop's ink on this row: cleared without reading the backdrop.
  const auto [ink0, ink1] = backdrop_ink_[std::size_t(y)];
  const int from = std::clamp(ink0, x0, x1), to = std::clamp(ink1, from, x1);
  std::fill(row + x0, row + from, 0u);
  if (from < to) {
    const auto* backdrop = reinterpret_cast<const std::uint32_t*>(cairo_image_surface_get_data(backdrop_.get()) +
                                                                  std::ptrdiff_t{y} * backdrop_.stride());
    std::copy(backdrop + from, backdrop + to, row + from);
  }
  std::fill(row + to, row + x1, 0u);
}

void FrameRenderer::redraw_translucent(const PixelBox& r) {
  cairo_surface_t* surface = image_.get();
  const int stride = image_.stride();
  unsigned char* pixels = cairo_image_surface_get_data(surface);
  // Back to the backdrop inside the box.
  cairo_surface_flush(surface);
  for (int y = r.y0; y < r.y1; ++y) restore(reinterpret_cast<std::uint32_t*>(pixels + std::ptrdiff_t{y} * stride), y, r.x0, r.x1);
  // Then every layer, back to front.
  for (const Layer& layer : layers_) {
    if (layer.in.empty()) continue;
    const spec::Rgba c = layer.color;
    if (c.a == 255 && layer.opacity == 1) {
      for (int y = layer.in.y0; y < layer.in.y1; ++y) {
        auto* row = reinterpret_cast<std::uint32_t*>(pixels + std::ptrdiff_t{y} * stride);
        opaque_row(row, *layer.mask, y - layer.origin_y, layer.origin_x, layer.in.x0, layer.in.x1, opaque_pixel(c));
      }
      continue;
    }
    // A translucent paint: pixman blends it through the mask, as Cairo does when it draws. A
    // shared mask may sit at another element's box: placed at this one's.
    cairo_surface_mark_dirty_rectangle(surface, r.x0, r.y0, r.width(), r.height());
    cairo_t* cr = cr_.get();
    cairo_save(cr);
    cairo_rectangle(cr, layer.in.x0, layer.in.y0, layer.in.width(), layer.in.height());
    cairo_clip(cr);
    cairo_set_source_rgba(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0, c.a / 255.0 * layer.opacity);
    cairo_surface_set_device_offset(layer.mask->surface(), -layer.origin_x, -layer.origin_y);
    cairo_mask_surface(cr, layer.mask->surface(), 0, 0);
    cairo_restore(cr);
    cairo_surface_flush(surface);
  }
  cairo_surface_mark_dirty_rectangle(surface, r.x0, r.y0, r.width(), r.height());
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
  dirty_.clear();
  const bool first = shown_.empty();
  shown_boxes_.resize(n);
  for (std::size_t i = backdrop_count_; i < n; ++i) {
    const FrameElement& now = frame.elements[i];
    if (!first && same_pose(now, shown_[i])) continue;
    if (!shown_boxes_[i].empty()) dirty_.push_back(shown_boxes_[i]);
    shown_boxes_[i] = now.opacity > 0 ? box_of(i, now) : PixelBox{};
    if (!shown_boxes_[i].empty()) dirty_.push_back(shown_boxes_[i]);
  }
  if (first) dirty_.assign(1, PixelBox{0, 0, size_, size_});
  shown_.assign(frame.elements.begin(), frame.elements.end());
  if (dirty_.empty()) return image_;
  if (needs_cairo(frame, backdrop_count_)) {
    redraw_directly(frame);
    return image_;
  }

  // The union of the boxes as disjoint rectangles (Cairo's regions), so no pixel is drawn
  // twice and none outside the boxes is touched.
  cairo_region_t* region = region_.get();
  cairo_region_subtract(region, region);
  for (const PixelBox& box : dirty_) {
    const cairo_rectangle_int_t r{box.x0, box.y0, box.width(), box.height()};
    cairo_region_union_rectangle(region, &r);
  }
  // Every visible element that reaches them needs masks at its pose.
  for (std::size_t i = backdrop_count_; i < n; ++i) {
    if (shown_boxes_[i].empty()) continue;
    const cairo_rectangle_int_t box{shown_boxes_[i].x0, shown_boxes_[i].y0, shown_boxes_[i].width(), shown_boxes_[i].height()};
    if (cairo_region_contains_rectangle(region, &box) != CAIRO_REGION_OVERLAP_OUT) rasterise(i, frame.elements[i]);
  }
  for (int i = 0, count = cairo_region_num_rectangles(region); i < count; ++i) {
    cairo_rectangle_int_t r;
    cairo_region_get_rectangle(region, i, &r);
    redraw(frame, {r.x, r.y, r.x + r.width, r.y + r.height});
  }
  return image_;
}

}  // namespace iconsynth::render
