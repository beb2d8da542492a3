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

void draw_part(cairo_t* cr, const Part& part, double opacity) {
  trace(cr, part.path);
  set_color(cr, part.paint.color, opacity);
  if (part.paint.kind == Paint::Kind::Fill) {
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
    cairo_fill(cr);
  } else {
    // Width in element-local units: it scales with the element's transform, as in Lottie.
    cairo_set_line_width(cr, part.paint.stroke_width);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_stroke(cr);
  }
}

}  // namespace

void draw_frame(cairo_t* cr, const FrameScene& frame, double px_per_unit) {
  cairo_save(cr);
  cairo_scale(cr, px_per_unit, px_per_unit);
  for (const FrameElement& fe : frame.elements) {
    if (fe.opacity <= 0) continue;
    cairo_save(cr);
    const auto& m = fe.transform.matrix();
    cairo_matrix_t matrix;
    cairo_matrix_init(&matrix, m(0, 0), m(1, 0), m(0, 1), m(1, 1), m(0, 2), m(1, 2));
    cairo_transform(cr, &matrix);
    const std::vector<Part>& parts = fe.element->parts;
    // Overlapping parts fade as one layer (as a Lottie layer's opacity does), so a partly
    // transparent element composites in a group; a single part can carry the alpha itself.
    const bool group = fe.opacity < 1 && parts.size() > 1;
    if (group) cairo_push_group(cr);
    for (const Part& part : parts) draw_part(cr, part, group ? 1.0 : fe.opacity);
    if (group) {
      cairo_pop_group_to_source(cr);
      cairo_paint_with_alpha(cr, fe.opacity);
    }
    cairo_restore(cr);
  }
  cairo_restore(cr);
}

}  // namespace iconsynth::render
