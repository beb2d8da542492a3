#include "render/svg/animated_svg.h"

#include "render/compare/report_files.h"
#include "render/svg/css_text.h"
#include "render/svg/svg_ink.h"
#include "render/svg/svg_shapes.h"
#include "spec/color.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

namespace iconsynth::render::svg {

namespace {

// The weight every rule reads: the page's value, clamped to the range the samples cover.
constexpr const char* kClampedWeight = "--iconsynth-w";

// Keys are written this much early. Browsers keep times in whole microseconds, so a sample taken
// at a key's own time may land just before it; 2 µs early, it lands after, in the segment the key
// starts, as in Lottie's half-open segments. No frame can see the difference.
constexpr double kKeyLeadMs = 0.002;

// Concatenates by appending: GCC 12 reports a false -Wrestrict on `"literal" + std::string`.
template <class... Parts>
std::string cat(const Parts&... parts) {
  std::string out;
  (out += ... += parts);
  return out;
}

std::string scoped(const std::string& selector) { return cat(".", kScope, " ", selector); }

// The stylesheet and the body as they are written, with names handed out in order of first use.
class Document {
 public:
  Document(const AnimatedScene& scene, const SvgOptions& options)
      : scene_(scene), size_(options.size), pretty_(options.pretty), duration_ms_(duration_ms(scene)) {}

  void add_element(const Element& element) {
    std::string declarations;
    const auto declare = [&declarations](const std::string& text) {
      if (!declarations.empty()) declarations += ';';
      declarations += text;
    };
    const Eigen::Vector2d at = element.position.at(0);
    if (at != Eigen::Vector2d::Zero()) declare("translate:" + translate_value(at));
    if (element.rotation != 0) declare("rotate:" + css_number(element.rotation) + "deg");
    if (element.scale.at(0) != 1) declare("scale:" + css_number(element.scale.at(0)));
    if (element.opacity.at(0) != 1) declare("opacity:" + css_number(element.opacity.at(0)));
    std::vector<std::string> animations;
    if (!element.position.is_static()) animations.push_back(keyframes("translate", element.position, translate_value));
    if (!element.scale.is_static()) animations.push_back(keyframes("scale", element.scale, plain_value));
    if (!element.opacity.is_static()) animations.push_back(keyframes("opacity", element.opacity, plain_value));
    if (!animations.empty()) {
      std::string list;
      for (const std::string& name : animations) {
        if (!list.empty()) list += ',';
        list += name + " " + css_number(duration_ms_, 3) + "ms linear both";
      }
      declare("animation:" + list);
    }
    const std::string name = cat("e", std::to_string(++element_count_));
    if (!declarations.empty()) rule(scoped("." + name), declarations);

    body_ += pretty_ ? "\n  " : "";
    body_ += "<g class=\"" + name + "\">";
    for (const Part& part : element.parts) add_part(element, part);
    body_ += pretty_ ? "\n  </g>" : "</g>";
  }

  // The whole document, scope class filled in.
  std::string finish() {
    // Triggers other than "on load" switch the animations off until their moment comes; removing
    // and restoring `animation` is what restarts a CSS animation, on every hover.
    rule(cat(".", kScope, "[", kPlayAttribute, "=hover]:not(:hover,.", kPlayClass, ") *,",  //
             ":not(:hover)>.", kScope, "[", kPlayAttribute, "=parent-hover]:not(.", kPlayClass, ") *,",  //
             ".", kScope, "[", kPlayAttribute, "=class]:not(.", kPlayClass, ") *"),
         "animation:none");
    rules_ += pretty_ ? "\n" : "";
    rules_ += "@media (prefers-reduced-motion:reduce){" + scoped("*") + "{animation:none!important}}";

    // will-change:contents keeps Chromium from compositing the animated groups: a composited
    // layer is rasterised once (at the largest scale it animates to) and resampled, which blurs
    // thin strokes at icon sizes (measured at 128 px: mean error 6.2 against Cairo instead of
    // 0.6). Drawn on the main thread, every frame is rasterised as a still SVG is.
    std::string head = cat(".", kScope, "{", kClampedWeight, ":clamp(", css_number(spec::kMinWeight), ",var(", kWeightProperty,
                           ",", css_number(scene_.variant.weight), "),", css_number(spec::kMaxWeight), ");will-change:contents}");
    // Standalone (an <img>, a file opened on its own) the <svg> is the document root and no page
    // sets its colour: it then shows the variant's. Inline, it takes the page's.
    head += cat(pretty_ ? "\n" : "", ".", kScope, ":root{color:", spec::to_hex(scene_.primary), "}");

    std::string out = cat("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"", kScope, "\" viewBox=\"0 0 ", css_number(scene_.grid),
                          " ", css_number(scene_.grid), "\" width=\"", std::to_string(size_), "\" height=\"",
                          std::to_string(size_), "\" role=\"img\">");
    const std::string nl = pretty_ ? "\n  " : "";
    const std::string title = scene_.meta.title.empty() ? scene_.icon_id : scene_.meta.title;
    out += nl + "<title>" + escape_html(title) + "</title>";
    if (!scene_.meta.description.empty()) out += nl + "<desc>" + escape_html(scene_.meta.description) + "</desc>";
    out += nl + "<style>" + (pretty_ ? "\n" : "") + head + (pretty_ ? "\n" : "") + rules_ + (pretty_ ? "\n  " : "") + "</style>";
    out += body_;
    out += pretty_ ? "\n</svg>\n" : "</svg>";

    return fill_scope(out, scene_.icon_id);
  }

 private:
  static std::string translate_value(const Eigen::Vector2d& p) { return css_number(p.x()) + "px " + css_number(p.y()) + "px"; }
  static std::string plain_value(const double& v) { return css_number(v); }

  void rule(const std::string& selector, const std::string& declarations) {
    if (pretty_ && !rules_.empty()) rules_ += '\n';
    rules_ += selector + "{" + declarations + "}";
  }

  // The keyframe offset of `frame`, in percent of the animation (see kKeyLeadMs).
  std::string offset(double frame) const {
    if (frame <= 0) return "0%";
    const double ms = frame / scene_.frame_rate * 1000 - kKeyLeadMs;
    const double percent = std::floor(ms / duration_ms_ * 100 * 1e5) / 1e5;
    if (percent > 100) throw std::logic_error("a keyframe lies after the animation's end");
    return css_number(percent, 5) + "%";
  }

  // Names the @keyframes rule of one track (identical tracks share one) and returns its name.
  template <class T, class Format>
  std::string keyframes(const char* property, const motion::Track<T>& track, Format format) {
    const auto& keys = track.keys();
    std::string body;
    const auto key = [&](const std::string& at, const T& value, const std::string& timing) {
      if (pretty_) body += "\n  ";
      body += at + "{" + property + ":" + format(value);
      if (timing != "linear") body += ";animation-timing-function:" + timing;
      body += "}";
    };
    std::string last_offset;
    if (keys.front().frame > 0) key("0%", keys.front().value, "linear");
    for (std::size_t i = 0; i < keys.size(); ++i) {
      const std::string at = offset(keys[i].frame);
      if (at == last_offset) throw std::logic_error("two keyframes share the offset " + at);
      last_offset = at;
      key(at, keys[i].value, i + 1 < keys.size() ? timing_function(keys[i].ease) : "linear");
    }
    if (last_offset != "100%") key("100%", keys.back().value, "linear");

    const auto [slot, added] = keyframes_.try_emplace(body, cat(kScope, "-k", std::to_string(keyframes_.size() + 1)));
    if (added) rule("@keyframes " + slot->second, body + (pretty_ ? "\n" : ""));
    return slot->second;
  }

  std::string paint_declarations(const Paint& paint) const {
    const std::string ink = svg::ink(paint, scene_.theme);
    if (paint.kind == Paint::Kind::Fill) return "fill:" + ink;
    return "fill:none;stroke:" + ink + ";stroke-linecap:round;stroke-linejoin:round";
  }

  void add_part(const Element& element, const Part& part) {
    const std::string where = "element '" + element.name + "' part '" + part.name + "'";
    std::string declarations = paint_declarations(part.paint);
    std::optional<Shape> shape = match_shape(part.path);
    // A die this weight leaves out is a point: it takes the shape the other weights draw.
    for (std::size_t i = 0; !shape && i < part.across_weights.size(); ++i) {
      if (const std::optional<Shape> drawn = match_shape(part.across_weights[i].path)) shape = match_shape(part.path, drawn->kind);
    }
    std::vector<Shape> across;  // the shape at each weight sample
    for (const PartAtWeight& sample : part.across_weights) {
      if (!shape) {
        // Only a path's stroke width may follow the weight: CSS cannot move a path's points.
        if (sample.path == part.path) continue;
        throw std::invalid_argument(where + " follows the stroke weight but is not a rect or circle: "
                                    "CSS can move only those shapes' geometry");
      }
      const std::optional<Shape> at = match_shape(sample.path, shape->kind);
      if (!at || at->kind != shape->kind) {
        throw std::invalid_argument(where + " changes shape between stroke weights, which CSS cannot follow");
      }
      across.push_back(*at);
    }
    if (part.paint.kind == Paint::Kind::Stroke) {
      std::vector<std::pair<double, double>> widths;
      for (const PartAtWeight& s : part.across_weights) widths.emplace_back(s.weight, s.stroke_width);
      const bool varies = std::any_of(widths.begin(), widths.end(), [&](const auto& s) { return s.second != widths.front().second; });
      declarations += ";stroke-width:" + (varies ? weight_length(widths, kClampedWeight) : css_number(part.paint.stroke_width) + "px");
    }
    std::string element_text;
    if (!shape) {
      element_text = cat("<path d=\"", path_data(part.path), "\"");
    } else {
      element_text = cat("<", element_name(shape->kind));
      const auto& names = parameter_names(shape->kind);
      for (std::size_t j = 0; j < names.size(); ++j) {
        // The variant's value as an attribute (what a user agent without SVG 2 geometry
        // properties shows), and, where it follows the weight, the CSS that moves it.
        const double value = shape->values[j];
        if (css_number(value) != "0") element_text += cat(" ", names[j], "=\"", css_number(value), "\"");
        std::vector<std::pair<double, double>> samples;
        bool varies = false;
        for (std::size_t i = 0; i < across.size(); ++i) {
          samples.emplace_back(part.across_weights[i].weight, across[i].values[j]);
          varies = varies || std::abs(across[i].values[j] - across.front().values[j]) > 1e-9;
        }
        if (!varies) continue;
        if (shape->kind == ShapeKind::Line) {
          throw std::invalid_argument(where + " moves its ends with the stroke weight: a line's ends are not CSS properties");
        }
        declarations += cat(";", names[j], ":", weight_length(samples, kClampedWeight));
      }
    }
    const auto [slot, added] = part_classes_.try_emplace(declarations, cat("p", std::to_string(part_classes_.size() + 1)));
    if (added) rule(scoped("." + slot->second), declarations);
    body_ += pretty_ ? "\n    " : "";
    body_ += element_text + " class=\"" + slot->second + "\"/>";
  }

  const AnimatedScene& scene_;
  int size_;
  bool pretty_;
  double duration_ms_;
  int element_count_ = 0;
  std::string rules_, body_;
  std::map<std::string, std::string> keyframes_;     // body → name
  std::map<std::string, std::string> part_classes_;  // declarations → class
};

}  // namespace

double duration_ms(const AnimatedScene& scene) {
  return std::round(scene.frame_count / scene.frame_rate * 1000 * 1000) / 1000;
}

std::string write_animated_svg(const AnimatedScene& scene, const SvgOptions& options) {
  if (scene.frame_count < 1 || !(scene.frame_rate > 0)) throw std::invalid_argument("the scene has no frames to animate");
  Document doc(scene, options);
  for (const Element& element : scene.elements) doc.add_element(element);
  return doc.finish();
}

}  // namespace iconsynth::render::svg
