#include "render/cairo/frame_renderer.h"

#include "render/cairo/cairo_blend.h"
#include "render/cairo/draw.h"
#include "render/cairo/raster.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace iconsynth::render {

namespace {

// Pixels added around an element's bounds: anti-aliasing touches the pixel an edge crosses, and
// a margin costs little.
constexpr int kMargin = 2;

// A stroke at least this wide on each side of its outline (in pixels) covers every pixel the
// outline's edge crosses: such a pixel lies within √2 of the outline, and Cairo flattens the
// fill's edge and the stroke's sides each to within a quarter pixel at most (curve_tolerance; the
// inside mask its own to 0.05), so 1.96 px would do.
constexpr double kHidingHalfWidth = 2;

// The masks kept byte for byte (see job_for): from a few words a row (a module's box is 29 × 29
// px at 64 px, 93 × 93 at 256) to about 128 × 128 px.
constexpr std::int64_t kDenseMaskPixelsFrom = 24 * 24, kDenseMaskPixelsTo = 128 * 128;

// The smallest size whose masks take long enough to draw to be worth handing to another thread.
constexpr int kWorkersFrom = 64;

// How many frames of a play in order the workers draw ahead: two keep them busy while the caller
// composites one and draws its share of the next.
constexpr int kFramesAhead = 2;

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

}  // namespace

int FrameRenderer::default_workers() { return worker_threads_at_most(); }

FrameRenderer::FrameRenderer(const AnimatedScene& scene, int size, std::size_t mask_budget_bytes, int workers)
    : scene_(&scene), size_(size), px_per_unit_(size / scene.grid), backdrop_((check_output_size(size), size), size),
      image_(size, size), cr_(make_context(image_.get())), rasteriser_(size_, px_per_unit_), region_(cairo_region_create()),
      masks_(mask_budget_bytes), worker_threads_(std::max(0, workers)) {
  cairo_set_tolerance(cr_.get(), curve_tolerance(size_));  // as draw_frame flattens at this size
  for (const Element& e : scene.elements) {
    auto& paths = paths_.emplace_back();
    geometry::Bounds& bounds = local_bounds_.emplace_back();
    auto& part_bounds = part_bounds_.emplace_back();
    for (const Part& part : e.parts) {
      paths.push_back(cairo_path_data(part.path));
      geometry::Bounds& own = part_bounds.emplace_back();
      const geometry::Bounds hull = part.path.control_bounds();
      if (hull.empty()) continue;
      // Round caps and joins reach half the width beyond the outline.
      const double reach = part.paint.kind == Paint::Kind::Stroke ? part.paint.stroke_width / 2 : 0;
      own.add(hull.min - Eigen::Vector2d::Constant(reach));
      own.add(hull.max + Eigen::Vector2d::Constant(reach));
      bounds.add(own.min);
      bounds.add(own.max);
    }
    cache_.emplace_back().masks.resize(e.parts.size());
    // A fill whose outline a later opaque stroke of the element traces.
    auto& hiding = hiding_stroke_.emplace_back(e.parts.size(), -1);
    for (std::size_t p = 0; p < e.parts.size(); ++p) {
      for (std::size_t q = p + 1; q < e.parts.size() && e.parts[p].paint.kind == Paint::Kind::Fill; ++q) {
        const Part& over = e.parts[q];
        if (over.paint.kind == Paint::Kind::Stroke && over.paint.color.a == 255 && over.path == e.parts[p].path) {
          hiding[p] = static_cast<int>(q);
        }
      }
    }
  }
  // Every opaque colour of the scene, and its blends over the others.
  std::vector<std::uint32_t> opaque;
  for (const Element& e : scene.elements) {
    for (const Part& part : e.parts) {
      const std::uint32_t pixel = opaque_pixel(part.paint.color);
      if (part.paint.color.a == 255 && std::find(opaque.begin(), opaque.end(), pixel) == opaque.end()) opaque.push_back(pixel);
    }
  }
  for (std::uint32_t pixel : opaque) inks_.emplace_back(pixel, opaque);
  // The backdrop: the leading elements that never move, fade or swell, drawn once as
  // draw_frame draws them (first, on a transparent canvas).
  while (backdrop_count_ < scene.elements.size() && is_static(scene.elements[backdrop_count_])) ++backdrop_count_;
  if (backdrop_count_ > 0) {
    const FrameScene rest = evaluate(scene, 0);
    CairoContext cr = make_context(backdrop_.get());
    cairo_set_tolerance(cr.get(), curve_tolerance(size_));
    cairo_scale(cr.get(), px_per_unit_, px_per_unit_);
    for (std::size_t i = 0; i < backdrop_count_; ++i) draw_element(cr.get(), rest.elements[i], &paths_[i]);
  }
  // Each backdrop row's inked stretches: restoring clears the rest. Stretches a few pixels apart
  // are joined (copying a transparent pixel is as right as clearing it).
  constexpr int kJoinGap = 16;
  const unsigned char* backdrop = backdrop_.data();  // flushes the backdrop once: frames copy its pixels directly
  backdrop_row_ink_.assign(1, 0);
  for (int y = 0; y < size; ++y) {
    const auto* row = reinterpret_cast<const std::uint32_t*>(backdrop + std::ptrdiff_t{y} * backdrop_.stride());
    const std::size_t first = backdrop_ink_.size();
    for (int x = 0; x < size;) {
      if (row[x] == 0) {
        ++x;
        while (x + 2 <= size && (row[x] | row[x + 1]) == 0) x += 2;
        continue;
      }
      int end = x + 1;
      while (end < size && row[end] != 0) ++end;
      if (backdrop_ink_.size() > first && x - backdrop_ink_.back().second < kJoinGap) {
        backdrop_ink_.back().second = end;
      } else {
        backdrop_ink_.emplace_back(x, end);
      }
      x = end;
    }
    backdrop_row_ink_.push_back(static_cast<std::uint32_t>(backdrop_ink_.size()));
  }
}

FrameRenderer::InkBox FrameRenderer::ink_box(std::size_t element, const FrameElement& fe) const {
  return ink_box(local_bounds_[element], fe);
}

FrameRenderer::InkBox FrameRenderer::ink_box(const geometry::Bounds& b, const FrameElement& fe) const {
  if (b.empty()) return {};
  geometry::Bounds on_canvas;
  for (const Eigen::Vector2d& corner : {b.min, b.max, Eigen::Vector2d(b.min.x(), b.max.y()), Eigen::Vector2d(b.max.x(), b.min.y())}) {
    on_canvas.add(fe.transform * corner * px_per_unit_);
  }
  // Far outside the canvas an element shows nothing: its box is kept within reach of the canvas.
  const auto pixel = [this](double v) { return static_cast<int>(std::clamp(v, -4.0 * size_, 5.0 * size_)); };
  const PixelBox box{pixel(std::floor(on_canvas.min.x()) - kMargin), pixel(std::floor(on_canvas.min.y()) - kMargin),
                     pixel(std::ceil(on_canvas.max.x()) + kMargin), pixel(std::ceil(on_canvas.max.y()) + kMargin)};
  const bool clipped = on_canvas.min.x() < 0 || on_canvas.min.y() < 0 || on_canvas.max.x() > size_ || on_canvas.max.y() > size_;
  return {box, clipped};
}

PixelBox FrameRenderer::box_of(std::size_t element, const FrameElement& fe) const {
  const PixelBox box = ink_box(element, fe).box.intersected({0, 0, size_, size_});
  return box.empty() ? PixelBox{} : box;
}

void FrameRenderer::want_masks(std::size_t element, const FrameElement& fe) {
  ElementCache& cache = cache_[element];
  if (cache.rasterised && cache.transform.matrix() == fe.transform.matrix()) return;
  cache.transform = fe.transform;
  cache.rasterised = true;
  const InkBox ink = ink_box(element, fe);
  cache.box = ink.box;
  if (ink.box.intersected({0, 0, size_, size_}).empty()) return;
  for (std::size_t p = 0; p < fe.element->parts.size(); ++p) {
    MaskJob job = job_for(element, p, fe, ink);
    if (std::shared_ptr<CoverageMask> same = masks_.find(job.key, job.hash)) {
      cache.masks[p] = std::move(same);
      ++counts_.reused;
      continue;
    }
    // Wanted already by another element of this frame?
    std::size_t j = 0;
    while (j < jobs_.size() && !(jobs_[j].hash == job.hash && jobs_[j].key == job.key)) ++j;
    if (j == jobs_.size()) {
      jobs_.push_back(std::move(job));
    } else {
      ++counts_.reused;
    }
    wanted_.push_back({element, p, j});
  }
}

MaskJob FrameRenderer::job_for(std::size_t element, std::size_t part, const FrameElement& fe, const InkBox& ink) {
  const Part& p = fe.element->parts[part];
  MaskJob job{fe.transform, &paths_[element][part], p.paint, ink.box, {}, 0, edge_hidden(element, part, fe)};
  rasteriser_.key(fe.transform, paths_[element][part], p.paint, ink.box, ink.clipped, job.key);
  if (job.inside_only) job.key[PartRasteriser::kKindWord] = PartRasteriser::kInsideOnly;
  // Masks of middling size are kept byte for byte while the masks take at most half the budget:
  // a first play composites most masks once or twice, and taking runs out costs more than it
  // saves. Large ones (from about 512 px) are kept as runs: their long full and empty stretches
  // cost a run each, and a loop's masks take a fifth of the bytes; so are tiny ones (at icon
  // sizes), where a row is a run or two.
  const std::int64_t pixels = std::int64_t{ink.box.width()} * ink.box.height();
  job.dense = pixels >= kDenseMaskPixelsFrom && pixels <= kDenseMaskPixelsTo && masks_.bytes() <= masks_.budget() / 2;
  job.hash = hash_of_key(job.key);
  return job;
}

void FrameRenderer::draw_wanted() {
  std::vector<std::shared_ptr<CoverageMask>> drawn;
  if (workers_ && (jobs_.size() > 1 || workers_->posted(jobs_.front().key, jobs_.front().hash))) {
    drawn = workers_->draw(std::move(jobs_), rasteriser_);
  } else {
    for (MaskJob& job : jobs_) drawn.push_back(draw_mask(rasteriser_, std::move(job)));
  }
  jobs_.clear();
  for (const std::shared_ptr<CoverageMask>& mask : drawn) keep(mask);
  for (const Wanted& w : wanted_) cache_[w.element].masks[w.part] = drawn[w.job];
  wanted_.clear();
}

void FrameRenderer::keep(const std::shared_ptr<CoverageMask>& mask) {
  masks_.insert(mask);
  ++counts_.rasterised;
  if (mask->key()[PartRasteriser::kKindWord] == PartRasteriser::kInsideOnly) ++counts_.inside_only;
}

void FrameRenderer::draw_ahead(double step) {
  std::vector<MaskJob> jobs;
  for (int k = 1; k <= kFramesAhead; ++k) {
    const double next = last_frame_ + k * step;
    if (next < 0 || next > scene_->frame_count - 1) break;
    if (step > 0 ? next <= ahead_to_ : next >= ahead_to_) continue;  // posted by the frame before
    post_ahead(next, jobs);
    ahead_to_ = next;
  }
  workers_->ahead(std::move(jobs));
}

void FrameRenderer::post_ahead(double next, std::vector<MaskJob>& jobs) {
  evaluate(*scene_, next, ahead_);
  for (std::size_t i = backdrop_count_; i < ahead_.elements.size(); ++i) {
    const FrameElement& fe = ahead_.elements[i];
    if (fe.opacity <= 0 || (cache_[i].rasterised && cache_[i].transform.matrix() == fe.transform.matrix())) continue;
    const InkBox ink = ink_box(i, fe);
    if (ink.box.intersected({0, 0, size_, size_}).empty()) continue;
    for (std::size_t p = 0; p < fe.element->parts.size(); ++p) {
      MaskJob job = job_for(i, p, fe, ink);
      if (masks_.contains(job.key, job.hash)) continue;
      if (std::none_of(jobs.begin(), jobs.end(), [&](const MaskJob& o) { return o.hash == job.hash && o.key == job.key; })) {
        jobs.push_back(std::move(job));
      }
    }
  }
}

bool FrameRenderer::edge_hidden(std::size_t element, std::size_t part, const FrameElement& fe) const {
  const int stroke = hiding_stroke_[element][part];
  if (stroke < 0 || fe.opacity != 1) return false;
  // The stroke's half width on the canvas, along the transform's narrowest direction.
  const auto& m = fe.transform.linear();
  const double sum = m.squaredNorm(), det = m.determinant();
  const double narrowest = std::sqrt(std::max(0.0, (sum - std::sqrt(std::max(0.0, sum * sum - 4 * det * det))) / 2));
  return fe.element->parts[std::size_t(stroke)].paint.stroke_width / 2 * narrowest * px_per_unit_ >= kHidingHalfWidth;
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
      const spec::Rgba color = parts[p].paint.color;
      const OpaqueInk* ink = nullptr;
      if (color.a == 255 && fe.opacity == 1) {
        ink = &*std::find_if(inks_.begin(), inks_.end(), [&](const OpaqueInk& i) { return i.color() == opaque_pixel(color); });
      }
      translucent = translucent || ink == nullptr;
      // Blended over the pixels the part itself may ink, where its mask is not empty.
      const PixelBox in = parts.size() > 1 && ink ? cache.box.intersected(ink_box(part_bounds_[i][p], fe).box) : cache.box;
      layers_.push_back({cache.masks[p].get(), in.intersected(r), cache.box.x0, cache.box.y0, color, fe.opacity, ink});
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
  const auto reaches = [](const Layer& layer, int y) { return y >= layer.in.y0 && y < layer.in.y1 && layer.in.x0 < layer.in.x1; };
  for (int y = r.y0; y < r.y1; ++y) {
    auto* row = reinterpret_cast<std::uint32_t*>(pixels + std::ptrdiff_t{y} * stride);
    auto layer = std::find_if(layers_.begin(), layers_.end(), [&](const Layer& l) { return reaches(l, y); });
    if (layer == layers_.end()) {
      restore(row, y, r.x0, r.x1);
      continue;
    }
    // The lowest layer goes straight onto the columns where the backdrop is transparent, which
    // are written once, not cleared first; over the backdrop's ink it is blended.
    const int mask_y = y - layer->origin_y;
    int x = r.x0;
    for (const auto& [ink0, ink1] : backdrop_ink(y)) {
      const int from = std::clamp(ink0, x, r.x1), to = std::clamp(ink1, from, r.x1);
      if (from == to) continue;
      layer->ink->draw_row_over_clear(row, *layer->mask, mask_y, layer->origin_x, x, from);
      std::copy(backdrop_row(y) + from, backdrop_row(y) + to, row + from);
      layer->ink->draw_row(row, *layer->mask, mask_y, layer->origin_x, std::max(from, layer->in.x0), std::min(to, layer->in.x1));
      x = to;
    }
    layer->ink->draw_row_over_clear(row, *layer->mask, mask_y, layer->origin_x, x, r.x1);
    for (++layer; layer != layers_.end(); ++layer) {
      if (y < layer->in.y0 || y >= layer->in.y1) continue;
      layer->ink->draw_row(row, *layer->mask, y - layer->origin_y, layer->origin_x, layer->in.x0, layer->in.x1);
    }
  }
  cairo_surface_mark_dirty_rectangle(surface, r.x0, r.y0, r.width(), r.height());
}

void FrameRenderer::restore(std::uint32_t* row, int y, int x0, int x1) const {
  // Transparent outside the backdrop's ink on this row: cleared without reading the backdrop.
  int x = x0;
  for (const auto& [ink0, ink1] : backdrop_ink(y)) {
    const int from = std::clamp(ink0, x, x1), to = std::clamp(ink1, from, x1);
    if (from == to) continue;
    std::fill(row + x, row + from, 0u);
    std::copy(backdrop_row(y) + from, backdrop_row(y) + to, row + from);
    x = to;
  }
  std::fill(row + x, row + x1, 0u);
}

std::span<const std::pair<int, int>> FrameRenderer::backdrop_ink(int y) const {
  return {backdrop_ink_.data() + backdrop_row_ink_[std::size_t(y)], backdrop_ink_.data() + backdrop_row_ink_[std::size_t(y) + 1]};
}

const std::uint32_t* FrameRenderer::backdrop_row(int y) const {
  return reinterpret_cast<const std::uint32_t*>(cairo_image_surface_get_data(backdrop_.get()) + std::ptrdiff_t{y} * backdrop_.stride());
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
    if (layer.ink) {
      for (int y = layer.in.y0; y < layer.in.y1; ++y) {
        auto* row = reinterpret_cast<std::uint32_t*>(pixels + std::ptrdiff_t{y} * stride);
        layer.ink->draw_row(row, *layer.mask, y - layer.origin_y, layer.origin_x, layer.in.x0, layer.in.x1);
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
    const CoverageMask& mask = *layer.mask;
    const int stride = cairo_format_stride_for_width(CAIRO_FORMAT_A8, mask.width());
    translucent_mask_.resize(std::size_t(stride) * std::size_t(mask.height()));
    mask.expand(translucent_mask_.data(), stride);
    const std::unique_ptr<cairo_surface_t, SurfaceDeleter> a8(
        cairo_image_surface_create_for_data(translucent_mask_.data(), CAIRO_FORMAT_A8, mask.width(), mask.height(), stride));
    cairo_surface_set_device_offset(a8.get(), -layer.origin_x, -layer.origin_y);
    cairo_mask_surface(cr, a8.get(), 0, 0);
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
  // Frames played in order: the next are likely as far on again.
  step_ = frame - last_frame_;
  if (!std::isfinite(step_) || step_ == 0 || last_frame_ == kNoFrame) step_ = 0;
  if (step_ == 0 || ahead_to_ == kNoFrame || std::abs(ahead_to_ - frame) > 2 * std::abs(step_)) ahead_to_ = frame;
  last_frame_ = frame;
  render_frame(frame_);
  return image_;
}

const ImageSurface& FrameRenderer::render(const FrameScene& frame) {
  last_frame_ = ahead_to_ = kNoFrame;
  step_ = 0;
  render_frame(frame);
  return image_;
}

void FrameRenderer::render_frame(const FrameScene& frame) {
  const std::size_t n = frame.elements.size();
  if (frame.scene != scene_ || n != paths_.size()) throw std::invalid_argument("FrameRenderer: a frame of another scene");
  // The boxes each changed element covered and now covers.
  dirty_.clear();
  const bool first = shown_.empty();
  shown_boxes_.resize(n);
  for (std::size_t i = backdrop_count_; i < n; ++i) {
    const FrameElement& now = frame.elements[i];
    if (!first && same_pose(now, shown_[i])) continue;
    const PixelBox was = shown_boxes_[i];
    shown_boxes_[i] = now.opacity > 0 ? box_of(i, now) : PixelBox{};
    // Boxes that overlap (a card swelling, a packet a step on) as the one box around both: redrawn
    // pixels come out as they were, and a region of fewer boxes is cheaper to make.
    if (!was.empty() && was.intersects(shown_boxes_[i])) {
      dirty_.push_back(was.united(shown_boxes_[i]));
      continue;
    }
    if (!was.empty()) dirty_.push_back(was);
    if (!shown_boxes_[i].empty()) dirty_.push_back(shown_boxes_[i]);
  }
  if (first) dirty_.assign(1, PixelBox{0, 0, size_, size_});
  shown_.assign(frame.elements.begin(), frame.elements.end());
  if (dirty_.empty()) return;
  if (needs_cairo(frame, backdrop_count_)) {
    redraw_directly(frame);
    return;
  }

  // The union of the boxes as disjoint rectangles (Cairo's regions), so no pixel is drawn
  // twice and none outside the boxes is touched.
  cairo_region_t* region = region_.get();
  cairo_region_subtract(region, region);
  for (const PixelBox& box : dirty_) {
    const cairo_rectangle_int_t r{box.x0, box.y0, box.width(), box.height()};
    cairo_region_union_rectangle(region, &r);
  }
  // Every visible element that reaches them needs masks at its pose: those drawn ahead are
  // kept first, then the others found or drawn.
  const long kept = counts_.rasterised;
  if (workers_) {
    for (const std::shared_ptr<CoverageMask>& mask : workers_->take_drawn()) keep(mask);
  }
  for (std::size_t i = backdrop_count_; i < n; ++i) {
    if (shown_boxes_[i].empty()) continue;
    const cairo_rectangle_int_t box{shown_boxes_[i].x0, shown_boxes_[i].y0, shown_boxes_[i].width(), shown_boxes_[i].height()};
    if (cairo_region_contains_rectangle(region, &box) != CAIRO_REGION_OVERLAP_OUT) want_masks(i, frame.elements[i]);
  }
  // Workers for a play by frame number, from its first frame (every mask drawn) on.
  const bool by_number = last_frame_ != kNoFrame;
  if (jobs_.size() > 1 && !workers_ && worker_threads_ > 0 && size_ >= kWorkersFrom && by_number) {
    workers_ = std::make_unique<MaskWorkers>(size_, px_per_unit_, worker_threads_);
    if (workers_->threads() == 0) {  // other renderers hold them all: this one draws alone
      workers_.reset();
      worker_threads_ = 0;
    }
  }
  if (!jobs_.empty()) draw_wanted();
  // While this frame is composited, the workers draw the next one's masks (unless this one
  // needed none drawn: a loop played again).
  if (workers_ && counts_.rasterised > kept && step_ != 0) draw_ahead(step_);
  for (int i = 0, count = cairo_region_num_rectangles(region); i < count; ++i) {
    cairo_rectangle_int_t r;
    cairo_region_get_rectangle(region, i, &r);
    redraw(frame, {r.x, r.y, r.x + r.width, r.y + r.height});
  }
}

}  // namespace iconsynth::render
