#include "render/cairo/draw.h"

#include "render/cairo/area_coverage.h"
#include "render/cairo/cairo_blend.h"

#include <cmath>
#include <cstdint>

namespace iconsynth::render {

namespace {

void trace(cairo_t* cr, const geometry::Path& path) {
  cairo_new_path(cr);
  for (const geometry::PathCommand& c : path.commands()) {
    const auto& p = c.points;
    switch (c.verb) {
      case geometry::Verb::Move: cairo_move_to(cr, p[0].x(), p[0].y()); break;
      case geometry::Verb::Line: cairo_line_to(cr, p[0].x(), p[0].y()); break;
      case geometry::Verb::Cubic:
        cairo_curve_to(cr, p[0].x(), p[0].y(), p[1].x(), p[1].y(), p[2].x(), p[2].y());
        break;
      case geometry::Verb::Close: cairo_close_path(cr); break;
    }
  }
}

// Whether no clip reaches into `region` (device pixels) of `target`: Cairo reports no clip and
// a clip it cannot list as rectangles alike, so a clip whose extents are the whole surface
// counts as none (this file draws no clip but whole rectangles).
bool unclipped(cairo_t* cr, cairo_surface_t* target, const PixelBox& region) {
  cairo_save(cr);
  cairo_identity_matrix(cr);
  double x0, y0, x1, y1;
  cairo_clip_extents(cr, &x0, &y0, &x1, &y1);
  cairo_rectangle_list_t* list = cairo_copy_clip_rectangle_list(cr);
  cairo_restore(cr);
  bool none = false;
  if (list->status == CAIRO_STATUS_CLIP_NOT_REPRESENTABLE) {
    none = x0 <= 0 && y0 <= 0 && x1 >= cairo_image_surface_get_width(target) && y1 >= cairo_image_surface_get_height(target);
  } else if (list->status == CAIRO_STATUS_SUCCESS && list->num_rectangles == 1) {
    const cairo_rectangle_t& r = list->rectangles[0];
    none = r.x <= region.x0 && r.y <= region.y0 && r.x + r.width >= region.x1 && r.y + r.height >= region.y1;
  }
  cairo_rectangle_list_destroy(list);
  return none;
}

// Draws an opaque solid source through `coverage` (an A8 image of `region`, `stride` bytes a
// row) into `target` as cairo_fill would: Cairo blends an opaque colour by its own lerp
// (cairo_blend.h), not through pixman as cairo_mask does. Returns false, drawing nothing, for
// any other source, operator, pixel format or clip.
bool blend_opaque(cairo_t* cr, cairo_surface_t* target, const PixelBox& region, const unsigned char* coverage, int stride) {
  double r, g, b, a;
  if (cairo_get_operator(cr) != CAIRO_OPERATOR_OVER) return false;
  if (cairo_pattern_get_rgba(cairo_get_source(cr), &r, &g, &b, &a) != CAIRO_STATUS_SUCCESS) return false;
  if (cairo_blend::cairo_short(a) != 0xffff) return false;
  const cairo_format_t format = cairo_image_surface_get_format(target);
  if (format != CAIRO_FORMAT_ARGB32 && format != CAIRO_FORMAT_RGB24) return false;
  if (!unclipped(cr, target, region)) return false;
  const auto byte = [](double d) { return std::uint32_t{cairo_blend::cairo_short(d)} >> 8; };
  const std::uint32_t pixel = 0xff000000u | byte(r) << 16 | byte(g) << 8 | byte(b);
  cairo_surface_flush(target);
  unsigned char* data = cairo_image_surface_get_data(target);
  const int target_stride = cairo_image_surface_get_stride(target);
  for (int y = region.y0; y < region.y1; ++y) {
    auto* row = reinterpret_cast<std::uint32_t*>(data + std::ptrdiff_t{y} * target_stride);
    const unsigned char* c = coverage + std::ptrdiff_t{y - region.y0} * stride;
    for (int x = region.x0; x < region.x1; ++x) {
      const unsigned char cover = c[x - region.x0];
      if (cover == 255) {
        row[x] = pixel;
      } else if (cover != 0) {
        row[x] = cairo_blend::blend(pixel, cover, row[x]);
      }
    }
  }
  cairo_surface_mark_dirty_rectangle(target, region.x0, region.y0, region.width(), region.height());
  cairo_new_path(cr);
  return true;
}

// Fills `path` (user units) into an image surface by exact-area coverage, as the frame
// renderer's masks are drawn (coverage_mask.h): its points rounded to Cairo's 24.8 fixed point
// on the canvas, the coverage composited with the current source by Cairo's arithmetic for a
// fill (blend_opaque; else cairo_mask, through pixman as Cairo blends a translucent fill).
// Returns false, drawing nothing, where the target is not a plain image surface (a vector
// document, a group, a scaled device): Cairo fills those itself.
bool fill_by_area(cairo_t* cr, const std::vector<cairo_path_data_t>& path) {
  cairo_surface_t* target = cairo_get_group_target(cr);
  if (target != cairo_get_target(cr) || cairo_surface_get_type(target) != CAIRO_SURFACE_TYPE_IMAGE) return false;
  double offset_x, offset_y, sx, sy;
  cairo_surface_get_device_offset(target, &offset_x, &offset_y);
  cairo_surface_get_device_scale(target, &sx, &sy);
  if (offset_x != 0 || offset_y != 0 || sx != 1 || sy != 1) return false;
  cairo_matrix_t ctm;
  cairo_get_matrix(cr, &ctm);
  // The path as the frame renderer's mask keys hold it (PartRasteriser::key): each command, then
  // its points in Cairo's 24.8 fixed point on the device.
  thread_local std::vector<std::int64_t> words;
  words.clear();
  // Points far off the canvas (past what an int holds in pixels, or not numbers): Cairo's own.
  constexpr double kFar = 256.0 * (1 << 22);
  double x0 = HUGE_VAL, y0 = HUGE_VAL, x1 = -HUGE_VAL, y1 = -HUGE_VAL;
  for (std::size_t i = 0; i < path.size(); i += static_cast<std::size_t>(path[i].header.length)) {
    words.push_back(path[i].header.type);
    for (std::size_t j = 1; j < static_cast<std::size_t>(path[i].header.length); ++j) {
      double x = path[i + j].point.x, y = path[i + j].point.y;
      cairo_matrix_transform_point(&ctm, &x, &y);
      x = std::nearbyint(x * 256), y = std::nearbyint(y * 256);
      x0 = std::min(x0, x), y0 = std::min(y0, y), x1 = std::max(x1, x), y1 = std::max(y1, y);
      if (!(std::abs(x) < kFar && std::abs(y) < kFar)) return false;
      words.push_back(static_cast<std::int64_t>(x)), words.push_back(static_cast<std::int64_t>(y));
    }
  }
  if (x0 > x1) return true;  // no points, nothing to fill
  const PixelBox surface{0, 0, cairo_image_surface_get_width(target), cairo_image_surface_get_height(target)};
  const PixelBox region = PixelBox{static_cast<int>(std::floor(x0 / 256)) - 1, static_cast<int>(std::floor(y0 / 256)) - 1,
                                   static_cast<int>(std::ceil(x1 / 256)) + 1, static_cast<int>(std::ceil(y1 / 256)) + 1}
                              .intersected(surface);
  if (region.empty()) return true;
  thread_local AreaCoverage coverage;
  coverage.begin_fixed_path(words, 0, 0, region, cairo_get_tolerance(cr));
  const int stride = cairo_format_stride_for_width(CAIRO_FORMAT_A8, region.width());
  thread_local std::vector<unsigned char> a8;
  a8.resize(std::size_t(stride) * std::size_t(region.height()));
  coverage.write(a8.data(), stride);
  if (blend_opaque(cr, target, region, a8.data(), stride)) return true;
  cairo_surface_t* mask = cairo_image_surface_create_for_data(a8.data(), CAIRO_FORMAT_A8, region.width(), region.height(), stride);
  cairo_save(cr);
  cairo_identity_matrix(cr);
  cairo_mask_surface(cr, mask, region.x0, region.y0);
  cairo_restore(cr);
  cairo_surface_destroy(mask);
  cairo_new_path(cr);
  return true;
}

void set_color(cairo_t* cr, spec::Rgba c, double opacity) {
  cairo_set_source_rgba(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0, c.a / 255.0 * opacity);
}

}  // namespace

double curve_tolerance(double size_px) { return size_px >= kCoarseCurvesFrom ? 0.25 : 0.1; }

void apply_transform(cairo_t* cr, const geometry::Affine& transform) {
  const auto& m = transform.matrix();
  cairo_matrix_t matrix;
  cairo_matrix_init(&matrix, m(0, 0), m(1, 0), m(0, 1), m(1, 1), m(0, 2), m(1, 2));
  cairo_transform(cr, &matrix);
}

void set_path(cairo_t* cr, const std::vector<cairo_path_data_t>& data) {
  // cairo_path_t's data is not const, but cairo_append_path only reads it.
  const cairo_path_t path{CAIRO_STATUS_SUCCESS, const_cast<cairo_path_data_t*>(data.data()), static_cast<int>(data.size())};
  cairo_new_path(cr);
  cairo_append_path(cr, &path);
}

void ink_path(cairo_t* cr, const Paint& paint) {
  if (paint.kind == Paint::Kind::Fill) {
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
    cairo_fill(cr);
  } else {
    // Width in element-local units: it scales with the element's transform, as in Lottie.
    cairo_set_line_width(cr, paint.stroke_width);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_stroke(cr);
  }
}

void ink_part(cairo_t* cr, const std::vector<cairo_path_data_t>& data, const Paint& paint) {
  if (paint.kind == Paint::Kind::Fill && fill_by_area(cr, data)) return;
  set_path(cr, data);
  ink_path(cr, paint);
}

std::vector<cairo_path_data_t> cairo_path_data(const geometry::Path& path) {
  std::vector<cairo_path_data_t> data;
  const auto header = [&](cairo_path_data_type_t type, int length) {
    cairo_path_data_t h;
    h.header.type = type;
    h.header.length = length;
    data.push_back(h);
  };
  const auto point = [&](const geometry::Point& p) {
    cairo_path_data_t d;
    d.point.x = p.x();
    d.point.y = p.y();
    data.push_back(d);
  };
  for (const geometry::PathCommand& c : path.commands()) {
    switch (c.verb) {
      case geometry::Verb::Move: header(CAIRO_PATH_MOVE_TO, 2), point(c.points[0]); break;
      case geometry::Verb::Line: header(CAIRO_PATH_LINE_TO, 2), point(c.points[0]); break;
      case geometry::Verb::Cubic:
        header(CAIRO_PATH_CURVE_TO, 4);
        for (const geometry::Point& p : c.points) point(p);
        break;
      case geometry::Verb::Close: header(CAIRO_PATH_CLOSE_PATH, 1); break;
    }
  }
  return data;
}

void draw_element(cairo_t* cr, const FrameElement& fe, const std::vector<std::vector<cairo_path_data_t>>* paths) {
  if (fe.opacity <= 0) return;
  cairo_save(cr);
  apply_transform(cr, fe.transform);
  const std::vector<Part>& parts = fe.element->parts;
  // Overlapping parts fade as one layer (as a Lottie layer's opacity does), so a partly
  // transparent element composites in a group; a single part can carry the alpha itself.
  const bool group = fe.opacity < 1 && parts.size() > 1;
  if (group) cairo_push_group(cr);
  for (std::size_t i = 0; i < parts.size(); ++i) {
    set_color(cr, parts[i].paint.color, group ? 1.0 : fe.opacity);
    if (paths) {
      ink_part(cr, (*paths)[i], parts[i].paint);
    } else if (parts[i].paint.kind == Paint::Kind::Fill) {
      ink_part(cr, cairo_path_data(parts[i].path), parts[i].paint);
    } else {
      trace(cr, parts[i].path);
      ink_path(cr, parts[i].paint);
    }
  }
  if (group) {
    cairo_pop_group_to_source(cr);
    cairo_paint_with_alpha(cr, fe.opacity);
  }
  cairo_restore(cr);
}

void draw_frame(cairo_t* cr, const FrameScene& frame, double px_per_unit) {
  cairo_save(cr);
  cairo_set_tolerance(cr, curve_tolerance(px_per_unit * frame.scene->grid));
  cairo_scale(cr, px_per_unit, px_per_unit);
  for (const FrameElement& fe : frame.elements) draw_element(cr, fe);
  cairo_restore(cr);
}

}  // namespace iconsynth::render
