#include "render/cairo/draw.h"

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
    if (paths) {
      set_path(cr, (*paths)[i]);
    } else {
      trace(cr, parts[i].path);
    }
    set_color(cr, parts[i].paint.color, group ? 1.0 : fe.opacity);
    ink_path(cr, parts[i].paint);
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
