#include "render/svg/static_svg.h"

#include "render/compare/report_files.h"
#include "render/svg/compact_path.h"
#include "render/svg/css_text.h"
#include "render/svg/svg_ink.h"
#include "render/svg/svg_shapes.h"
#include "spec/color.h"

#include <cmath>
#include <map>
#include <numbers>
#include <optional>
#include <stdexcept>

namespace iconsynth::render::svg {

namespace {

// Grid units to three decimals: a thousandth of a unit is 0.004 px at 96 px.
constexpr int kDecimals = 3;
std::string num(double v) { return css_number(v, kDecimals); }

std::string attribute(const char* name, const std::string& value) { return std::string(" ") + name + "=\"" + value + "\""; }

// A transform that only moves, turns and scales evenly: shapes absorb it into their numbers.
struct Similarity {
  double scale;
  double degrees;  // clockwise on screen, as SVG's rotate()
};
std::optional<Similarity> similarity(const geometry::Affine& t) {
  const auto& m = t.linear();
  if (std::abs(m(0, 0) - m(1, 1)) > 1e-9 || std::abs(m(1, 0) + m(0, 1)) > 1e-9) return std::nullopt;
  const double scale = std::hypot(m(0, 0), m(1, 0));
  if (!(scale > 0)) return std::nullopt;
  double degrees = std::atan2(m(1, 0), m(0, 0)) * 180 / std::numbers::pi;
  if (std::abs(degrees) < 1e-9) degrees = 0;
  return Similarity{scale, degrees};
}

// The paint the root carries for every element (each element writes only what differs).
struct RootPaint {
  bool strokes = false;     // any stroke at all: then fill none, stroke currentColor
  double stroke_width = 0;  // the most common width
};

// An element's text in two halves: its tag and geometry ("<rect x=…"), and the paint attributes
// it adds to the root's.
struct ShapeText {
  std::string shape, paint;
  std::string element() const { return shape + paint + "/>"; }
};

// Shapes in paint order, each run of two or more with the same paint in one <g> that carries it
// (a card's band and its die are both filled: the paint is written once, not per element).
std::string shared_paint(const std::vector<ShapeText>& shapes) {
  std::string out;
  for (std::size_t i = 0; i < shapes.size();) {
    std::size_t end = i + 1;
    while (end < shapes.size() && shapes[end].paint == shapes[i].paint) ++end;
    if (end - i > 1 && !shapes[i].paint.empty()) {
      out += "<g" + shapes[i].paint + ">";
      for (std::size_t k = i; k < end; ++k) out += shapes[k].shape + "/>";
      out += "</g>";
    } else {
      for (std::size_t k = i; k < end; ++k) out += shapes[k].element();
    }
    i = end;
  }
  return out;
}

// Where each visible part's ink goes, classed by role and kind: the secondary needs a CSS rule.
enum class InkClass { None, SecondaryFill, SecondaryStroke };

class StaticDocument {
 public:
  StaticDocument(const FrameScene& frame, int size) : frame_(frame), size_(size) {}

  std::string write() {
    const RootPaint root = root_paint();
    std::string body;
    std::vector<ShapeText> run;  // opaque shapes in a row, to share their paint in one <g>
    for (const FrameElement& fe : frame_.elements) {
      if (fe.opacity <= 0) continue;
      std::vector<ShapeText> parts;
      for (const Part& part : fe.element->parts) {
        ShapeText text = part_text(fe, part, root);
        if (!text.shape.empty()) parts.push_back(std::move(text));
      }
      if (parts.empty()) continue;
      if (fe.opacity >= 1) {
        run.insert(run.end(), parts.begin(), parts.end());
        continue;
      }
      body += shared_paint(run);
      run.clear();
      if (parts.size() > 1) {
        // Overlapping parts fade as one layer, as Cairo draws them.
        body += "<g" + attribute("opacity", num(fe.opacity)) + ">";
        for (const ShapeText& p : parts) body += p.element();
        body += "</g>";
      } else {
        body += parts.front().shape + parts.front().paint + attribute("opacity", num(fe.opacity)) + "/>";
      }
    }
    body += shared_paint(run);

    const AnimatedScene& scene = *frame_.scene;
    std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\"" + attribute("class", std::string(1, kScope)) +
                      attribute("viewBox", "0 0 " + num(scene.grid) + " " + num(scene.grid)) +
                      attribute("width", std::to_string(size_)) + attribute("height", std::to_string(size_));
    if (root.strokes) {
      out += attribute("fill", "none") + attribute("stroke", "currentColor") + attribute("stroke-width", num(root.stroke_width)) +
             attribute("stroke-linecap", "round") + attribute("stroke-linejoin", "round");
    } else {
      out += attribute("fill", "currentColor");
    }
    out += attribute("role", "img") + ">";
    out += "<title>" + escape_html(scene.meta.title.empty() ? scene.icon_id : scene.meta.title) + "</title>";
    // Standalone (an <img>, a file opened on its own) no page sets the colour: the variant's.
    std::string style = std::string(".") + kScope + ":root{color:" + spec::to_hex(scene.primary) + "}";
    for (const auto& [kind, name] : classes_) {
      // A plain colour first, for renderers without color-mix() or custom properties.
      const char* property = kind == InkClass::SecondaryFill ? "fill" : "stroke";
      Paint paint;
      paint.role = ColorRole::Secondary;
      style += std::string(".") + kScope + " ." + name + "{" + property + ":" + spec::to_hex(scene.secondary) + ";" + property + ":" +
               ink(paint, scene.theme) + "}";
    }
    out += "<style>" + style + "</style>" + body + "</svg>";
    return fill_scope(out, scene.icon_id);
  }

 private:
  RootPaint root_paint() const {
    std::map<std::string, int> widths;  // as written, so equal numbers count together
    for (const FrameElement& fe : frame_.elements) {
      if (fe.opacity <= 0) continue;
      const std::optional<Similarity> sim = similarity(fe.transform);
      for (const Part& part : fe.element->parts) {
        if (part.paint.kind == Paint::Kind::Stroke) ++widths[num(part.paint.stroke_width * (sim ? sim->scale : 1))];
      }
    }
    RootPaint root;
    int most = 0;
    for (const auto& [width, count] : widths) {
      if (count > most) root = {true, std::stod(width)}, most = count;
    }
    return root;
  }

  // The paint attributes a part adds to the root's.
  std::string paint_attributes(const Part& part, double scale, const RootPaint& root) {
    const Paint& paint = part.paint;
    std::string out;
    const bool primary = paint.role == ColorRole::Primary;
    if (!primary) out += attribute("class", class_for(paint.kind == Paint::Kind::Fill ? InkClass::SecondaryFill : InkClass::SecondaryStroke));
    if (paint.kind == Paint::Kind::Fill) {
      if (primary && root.strokes) out += attribute("fill", "currentColor");
      if (root.strokes) out += attribute("stroke", "none");
      return out;
    }
    if (!root.strokes) {
      out += attribute("fill", "none") + attribute("stroke-linecap", "round") + attribute("stroke-linejoin", "round");
      if (primary) out += attribute("stroke", "currentColor");
    }
    const std::string width = num(paint.stroke_width * scale);
    if (!root.strokes || width != num(root.stroke_width)) out += attribute("stroke-width", width);
    return out;
  }

  std::string class_for(InkClass kind) {
    const auto [it, added] = classes_.try_emplace(kind, kind == InkClass::SecondaryFill ? "t" : "s");
    return it->second;
  }

  ShapeText part_text(const FrameElement& fe, const Part& part, const RootPaint& root) {
    const std::optional<Similarity> sim = similarity(fe.transform);
    const geometry::Bounds bounds = part.path.control_bounds();
    if (bounds.empty()) return {};
    // A fill collapsed to a point or a line (a die some weight leaves out) inks nothing.
    if (part.paint.kind == Paint::Kind::Fill && ((bounds.max - bounds.min).array() <= 1e-9).any()) return {};
    const std::optional<Shape> shape = sim ? match_shape(part.path) : std::nullopt;
    const std::string paint = paint_attributes(part, sim ? sim->scale : 1, root);
    if (!shape) {
      if (!sim) {
        // Not a similarity (never made by build_scene today): the outline as it is, under its matrix.
        const auto& m = fe.transform.matrix();
        return {"<path" + attribute("d", compact_path_data(part.path, kDecimals)) +
                    attribute("transform", "matrix(" + num(m(0, 0)) + " " + num(m(1, 0)) + " " + num(m(0, 1)) + " " + num(m(1, 1)) +
                                               " " + num(m(0, 2)) + " " + num(m(1, 2)) + ")"),
                paint};
      }
      return {"<path" + attribute("d", compact_path_data(part.path.transformed(fe.transform), kDecimals)), paint};
    }
    const auto at = [&](double x, double y) -> geometry::Point { return fe.transform * geometry::Point(x, y); };
    const auto& v = shape->values;
    switch (shape->kind) {
      case ShapeKind::Line: {
        const geometry::Point a = at(v[0], v[1]), b = at(v[2], v[3]);
        return {"<line" + attribute("x1", num(a.x())) + attribute("y1", num(a.y())) + attribute("x2", num(b.x())) +
                    attribute("y2", num(b.y())),
                paint};
      }
      case ShapeKind::Circle: {
        const geometry::Point c = at(v[0], v[1]);
        return {"<circle" + attribute("cx", num(c.x())) + attribute("cy", num(c.y())) + attribute("r", num(v[2] * sim->scale)), paint};
      }
      case ShapeKind::Rect: break;
    }
    const double width = v[2] * sim->scale, height = v[3] * sim->scale, radius = v[4] * sim->scale;
    const geometry::Point c = at(v[0] + v[2] / 2, v[1] + v[3] / 2);
    std::string text = "<rect" + attribute("x", num(c.x() - width / 2)) + attribute("y", num(c.y() - height / 2)) +
                       attribute("width", num(width)) + attribute("height", num(height));
    if (num(radius) != "0") text += attribute("rx", num(radius));
    if (sim->degrees != 0) text += attribute("transform", "rotate(" + num(sim->degrees) + " " + num(c.x()) + " " + num(c.y()) + ")");
    return {text, paint};
  }

  const FrameScene& frame_;
  int size_;
  std::map<InkClass, std::string> classes_;
};

}  // namespace

std::string write_static_svg(const FrameScene& frame, int size) {
  if (frame.scene == nullptr) throw std::logic_error("write_static_svg: a frame without its scene");
  if (size < 1) throw std::invalid_argument("write_static_svg: size " + std::to_string(size) + " px is not positive");
  return StaticDocument(frame, size).write();
}

}  // namespace iconsynth::render::svg
