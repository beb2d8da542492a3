#include "render/cairo/motion_plot.h"

#include "geometry/ring.h"
#include "render/cairo/vector_output.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <stdexcept>
#include <vector>

namespace iconsynth::render {

namespace {

constexpr double kMarginLeft = 70, kMarginRight = 150, kMarginTop = 56, kMarginBottom = 64, kPanelGap = 48;
constexpr double kSampleStep = 0.25;  // frames between curve samples

void set_rgb(cairo_t* cr, std::uint32_t rgb, double alpha = 1.0) {
  cairo_set_source_rgba(cr, ((rgb >> 16) & 255) / 255.0, ((rgb >> 8) & 255) / 255.0, (rgb & 255) / 255.0, alpha);
}

void text(cairo_t* cr, double x, double y, const std::string& s, double size, double align = 0, std::uint32_t rgb = 0x374151) {
  cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, size);
  cairo_text_extents_t ext;
  cairo_text_extents(cr, s.c_str(), &ext);
  set_rgb(cr, rgb);
  cairo_move_to(cr, x - align * ext.x_advance, y);
  cairo_show_text(cr, s.c_str());
}

std::string format(double v, const char* fmt) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, fmt, v);
  return buffer;
}

// A round tick step for a span: 1, 2, 5, 10, 20, 50 … frames.
double tick_step(double span, int target_ticks) {
  const double raw = span / target_ticks;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0}) {
    if (raw <= m * magnitude) return m * magnitude;
  }
  return 10 * magnitude;
}

template <class Map>
void polyline(cairo_t* cr, const motion::Track<double>& track, double from, double to, Map map) {
  cairo_new_path(cr);
  for (double f = from; f <= to + 1e-9; f += kSampleStep) {
    const auto [px, py] = map(f, track.at(f));
    cairo_line_to(cr, px, py);
  }
}

// Keyframe dots and, for Bézier segments, the two handles in (frame, value) space.
template <class Map>
void keys_and_handles(cairo_t* cr, const motion::Track<double>& track, std::uint32_t rgb, Map map) {
  const auto& keys = track.keys();
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const auto [kx, ky] = map(keys[i].frame, keys[i].value);
    if (i + 1 < keys.size() && keys[i].ease.kind == motion::Easing::Kind::Bezier && keys[i + 1].value != keys[i].value) {
      const auto& e = keys[i].ease;
      const double dt = keys[i + 1].frame - keys[i].frame, dv = keys[i + 1].value - keys[i].value;
      const auto [h1x, h1y] = map(keys[i].frame + e.x1 * dt, keys[i].value + e.y1 * dv);
      const auto [h2x, h2y] = map(keys[i].frame + e.x2 * dt, keys[i].value + e.y2 * dv);
      const auto [nx, ny] = map(keys[i + 1].frame, keys[i + 1].value);
      set_rgb(cr, rgb, 0.55);
      cairo_set_line_width(cr, 1);
      const double dash[] = {3, 3};
      cairo_set_dash(cr, dash, 2, 0);
      cairo_move_to(cr, kx, ky);
      cairo_line_to(cr, h1x, h1y);
      cairo_move_to(cr, nx, ny);
      cairo_line_to(cr, h2x, h2y);
      cairo_stroke(cr);
      cairo_set_dash(cr, nullptr, 0, 0);
      for (auto [hx, hy] : {std::pair{h1x, h1y}, std::pair{h2x, h2y}}) {
        cairo_rectangle(cr, hx - 2.5, hy - 2.5, 5, 5);
        cairo_stroke(cr);
      }
    }
    set_rgb(cr, rgb);
    cairo_arc(cr, kx, ky, 3.5, 0, 2 * M_PI);
    cairo_fill(cr);
  }
}

void frame_axis(cairo_t* cr, const PlotLayout& l, int frame_count, double frame_rate, double y) {
  const double step = tick_step(frame_count, 10);
  cairo_set_line_width(cr, 1);
  for (double f = 0; f <= frame_count - 1 + 1e-9; f += step) {
    set_rgb(cr, 0x9CA3AF);
    cairo_move_to(cr, l.x(f), y);
    cairo_line_to(cr, l.x(f), y + 5);
    cairo_stroke(cr);
    text(cr, l.x(f), y + 18, format(f, "%.0f"), 11, 0.5);
    text(cr, l.x(f), y + 32, format(f * 1000 / frame_rate, "%.0f ms"), 10, 0.5, 0x6B7280);
  }
  text(cr, l.right, y + 50, "frame / time", 11, 1, 0x6B7280);
}

void grid(cairo_t* cr, const PlotLayout& l, double top, double bottom, const std::vector<std::pair<double, std::string>>& ticks) {
  cairo_set_line_width(cr, 1);
  for (const auto& [y, label] : ticks) {
    set_rgb(cr, 0xE5E7EB);
    cairo_move_to(cr, l.left, y);
    cairo_line_to(cr, l.right, y);
    cairo_stroke(cr);
    text(cr, l.left - 8, y + 4, label, 11, 1);
  }
  set_rgb(cr, 0x9CA3AF);
  cairo_rectangle(cr, l.left, top, l.right - l.left, bottom - top);
  cairo_stroke(cr);
}

}  // namespace

std::uint32_t ring_color(int ring_index) {
  // Eight, for the largest ring (geometry::kMaxRingSize): blue, red, green, amber first (the 2×2
  // ring's), then violet, cyan, pink, slate.
  static constexpr std::uint32_t kColors[] = {0x2563EB, 0xDC2626, 0x16A34A, 0xD97706,
                                              0x7C3AED, 0x0891B2, 0xDB2777, 0x475569};
  return kColors[ring_index % 8];
}

PlotLayout::PlotLayout(const motion::Choreography& c, const PlotOptions& o) : frame_count_(c.frame_count) {
  if (o.width < 480 || o.height < 320 || o.width > 8192 || o.height > 8192) {
    throw std::invalid_argument("plot size " + std::to_string(o.width) + "x" + std::to_string(o.height) +
                                " is outside 480x320 to 8192x8192");
  }
  double lo = 1, hi = 1;
  for (const auto& track : c.module_scale) {
    for (double f = 0; f < c.frame_count; f += kSampleStep) lo = std::min(lo, track.at(f)), hi = std::max(hi, track.at(f));
    for (const auto& k : track.keys()) lo = std::min(lo, k.value), hi = std::max(hi, k.value);
  }
  const double pad = std::max(0.02, (hi - lo) * 0.15);
  scale_min_ = lo - pad, scale_max_ = hi + pad;
  left = kMarginLeft, right = o.width - kMarginRight;
  const double panels = o.height - kMarginTop - kMarginBottom - kPanelGap;
  scale_top = kMarginTop, scale_bottom = kMarginTop + panels * 0.6;
  packet_top = scale_bottom + kPanelGap, packet_bottom = o.height - kMarginBottom;
}

double PlotLayout::x(double frame) const { return left + (right - left) * frame / std::max(1, frame_count_ - 1); }
double PlotLayout::y_scale(double s) const {
  return scale_bottom - (scale_bottom - scale_top) * (s - scale_min_) / (scale_max_ - scale_min_);
}
double PlotLayout::y_progress(double p) const { return packet_bottom - (packet_bottom - packet_top) * (0.05 + 0.9 * p); }

namespace {

double text_width(cairo_t* cr, const std::string& s, double size) {
  cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, size);
  cairo_text_extents_t ext;
  cairo_text_extents(cr, s.c_str(), &ext);
  return ext.x_advance;
}

// Spans [from, to) placed so that none overlaps another in its row.
class SpanRows {
 public:
  // The first row where [from, to) clears every span placed there; the span is placed there.
  int place(double from, double to) {
    for (std::size_t r = 0;; ++r) {
      if (r == rows_.size()) rows_.emplace_back();
      const bool clear = std::none_of(rows_[r].begin(), rows_[r].end(), [&](const auto& s) { return from < s.second && s.first < to; });
      if (clear) {
        rows_[r].push_back({from, to});
        return static_cast<int>(r);
      }
    }
  }

 private:
  std::vector<std::vector<std::pair<double, double>>> rows_;
};

constexpr double kEventLabelSize = 10, kEventLabelRow = 12, kPathLabelSize = 9;
constexpr double kLabelGap = 4;  // px between two labels side by side

// An event's spec path, written up along its line from the bottom of the packet panel. Each
// takes the first place right of its line that clears the paths already written (events of one
// frame, or of frames closer than a line of text, stand side by side).
void event_path(cairo_t* cr, double x, double bottom, std::vector<std::pair<double, double>>& taken, const std::string& path) {
  constexpr double kAscent = 7, kDescent = 2, kStep = kAscent + kDescent + 2;  // of 9 px text, turned
  double at = x - 4;
  const auto clashes = [&](double a) {
    return std::any_of(taken.begin(), taken.end(), [&](const auto& s) { return a - kAscent < s.second && s.first < a + kDescent; });
  };
  while (clashes(at)) at += kStep;
  taken.push_back({at - kAscent, at + kDescent});
  cairo_save(cr);
  cairo_translate(cr, at, bottom - 4);
  cairo_rotate(cr, -M_PI / 2);
  text(cr, 0, 0, path, kPathLabelSize, 0, 0x6B7280);
  cairo_restore(cr);
}

// Events: one dashed line and label per kind and frame (simultaneous ones share it). Labels go
// in the first row that clears every label there, so no two overlap.
void draw_events(cairo_t* cr, const motion::Choreography& c, const PlotLayout& l, const std::string& motion) {
  std::map<std::pair<double, int>, bool> seen;
  SpanRows label_rows;
  std::vector<std::pair<double, double>> path_columns;
  for (const motion::ChoreographyEvent& e : c.events) {
    if (e.kind == motion::ChoreographyEvent::Kind::Settled || seen[{e.frame, static_cast<int>(e.kind)}]) continue;
    seen[{e.frame, static_cast<int>(e.kind)}] = true;
    const double x = l.x(e.frame);
    set_rgb(cr, 0x6B7280, 0.6);
    const double dash[] = {4, 4};
    cairo_set_dash(cr, dash, 2, 0);
    cairo_set_line_width(cr, 1);
    cairo_move_to(cr, x, l.scale_top);
    cairo_line_to(cr, x, l.packet_bottom);
    cairo_stroke(cr);
    cairo_set_dash(cr, nullptr, 0, 0);
    std::string name(motion::event_name(e.kind));
    if (e.round >= 0) name += " r" + std::to_string(e.round + 1);
    const std::string label = name + " @" + format(e.frame, "%g");
    const int row = label_rows.place(x + 3, x + 3 + text_width(cr, label, kEventLabelSize) + kLabelGap);
    text(cr, x + 3, l.scale_top + 12 + kEventLabelRow * row, label, kEventLabelSize, 0, 0x4B5563);
    if (!motion.empty()) {
      std::string path = e.field;  // after "motions.<motion>.", which the legend says once
      std::replace(path.begin(), path.end(), '/', '.');
      event_path(cr, x, l.packet_bottom, path_columns, path);
    }
  }
}

// Top panel: each module's scale.
void draw_scale_panel(cairo_t* cr, const motion::Choreography& c, const PlotLayout& l) {
  const double last = c.frame_count - 1;
  std::vector<std::pair<double, std::string>> ticks;
  const double step = tick_step(l.scale_max() - l.scale_min(), 5);
  for (double v = std::ceil(l.scale_min() / step) * step; v <= l.scale_max(); v += step) ticks.push_back({l.y_scale(v), format(v, "%.2f")});
  grid(cr, l, l.scale_top, l.scale_bottom, ticks);
  text(cr, 14, l.scale_top - 10, "module scale", 12, 0, 0x111827);
  for (int m = static_cast<int>(c.module_scale.size()) - 1; m >= 0; --m) {
    const auto map = [&](double f, double v) { return std::pair{l.x(f), l.y_scale(v)}; };
    set_rgb(cr, ring_color(m));
    cairo_set_line_width(cr, 2.5);
    polyline(cr, c.module_scale[m], 0, last, map);
    cairo_stroke(cr);
    keys_and_handles(cr, c.module_scale[m], ring_color(m), map);
  }
}

// Bottom panel: packet progress (solid) and visibility (thin steps).
void draw_packet_panel(cairo_t* cr, const motion::Choreography& c, const PlotLayout& l) {
  const double last = c.frame_count - 1;
  grid(cr, l, l.packet_top, l.packet_bottom, {{l.y_progress(0), "0"}, {l.y_progress(0.5), "0.5"}, {l.y_progress(1), "1"}});
  text(cr, 14, l.packet_top - 10, "packet progress (solid) and opacity (thin)", 12, 0, 0x111827);
  for (const motion::PacketMotion& p : c.packets) {
    const auto map = [&](double f, double v) { return std::pair{l.x(f), l.y_progress(v)}; };
    set_rgb(cr, ring_color(p.sender), 0.7);
    cairo_set_line_width(cr, 1);
    polyline(cr, p.opacity, 0, last, map);
    cairo_stroke(cr);
    set_rgb(cr, ring_color(p.sender));
    cairo_set_line_width(cr, 2.5);
    polyline(cr, p.progress, p.depart, p.land, map);
    cairo_stroke(cr);
    keys_and_handles(cr, p.progress, ring_color(p.sender), map);
  }
}

// Legend: ring positions, and what the marks mean.
void draw_legend(cairo_t* cr, const motion::Choreography& c, const PlotLayout& l, const std::string& motion) {
  double ly = l.scale_top + 8;
  for (int m = 0; m < static_cast<int>(c.module_scale.size()); ++m, ly += 20) {
    set_rgb(cr, ring_color(m));
    cairo_rectangle(cr, l.right + 16, ly - 9, 14, 10);
    cairo_fill(cr);
    const std::string name = geometry::position_name(m, static_cast<int>(c.module_scale.size()));
    text(cr, l.right + 36, ly, name + ": module, packet", 11);
  }
  text(cr, l.right + 16, ly + 8, "dots: keyframes", 10, 0, 0x6B7280);
  text(cr, l.right + 16, ly + 22, "squares: easing handles", 10, 0, 0x6B7280);
  if (!motion.empty()) {
    text(cr, l.right + 16, ly + 44, "along each event line:", 10, 0, 0x6B7280);
    text(cr, l.right + 16, ly + 58, "its timing's --set path,", 10, 0, 0x6B7280);
    text(cr, l.right + 16, ly + 72, "after motions." + motion + ".", 10, 0, 0x6B7280);
  }
}

}  // namespace

void draw_motion_plot(cairo_t* cr, const motion::Choreography& c, double frame_rate, const PlotOptions& o) {
  const PlotLayout l(c, o);
  cairo_save(cr);
  set_rgb(cr, 0xFFFFFF);
  cairo_paint(cr);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  text(cr, l.left, 28, o.title, 16, 0, 0x111827);
  draw_events(cr, c, l, o.motion);
  draw_scale_panel(cr, c, l);
  draw_packet_panel(cr, c, l);
  frame_axis(cr, l, c.frame_count, frame_rate, l.packet_bottom);
  draw_legend(cr, c, l, o.motion);
  cairo_restore(cr);
}

std::string motion_plot_png(const motion::Choreography& c, double frame_rate, const PlotOptions& o) {
  PlotLayout check(c, o);  // validates the size before allocating
  ImageSurface image(o.width, o.height);
  CairoContext cr = make_context(image.get());
  draw_motion_plot(cr.get(), c, frame_rate, o);
  return image.png_bytes();
}

std::string motion_plot_svg(const motion::Choreography& c, double frame_rate, const PlotOptions& o) {
  PlotLayout check(c, o);
  return svg_document(o.width, o.height, [&](cairo_t* cr) { draw_motion_plot(cr, c, frame_rate, o); });
}

}  // namespace iconsynth::render
