#include "render/svg/compact_path.h"

#include "render/svg/css_text.h"

#include <cmath>
#include <optional>
#include <vector>

namespace iconsynth::render::svg {

namespace {

using geometry::PathCommand;
using geometry::Point;
using geometry::Verb;

// An axis-aligned quarter of an ellipse, as geometry's corner arcs draw it.
struct QuarterArc {
  double rx, ry;
  bool clockwise;  // on screen (y down): SVG's sweep flag 1
};

// The arc a cubic from `from` draws, if it is one: each handle a kappa of the way to the corner.
std::optional<QuarterArc> quarter_arc(const Point& from, const PathCommand& c, double tolerance) {
  const Point& to = c.points[2];
  for (const Point& corner : {Point(to.x(), from.y()), Point(from.x(), to.y())}) {
    const Point h1 = from + geometry::kQuarterArcKappa * (corner - from), h2 = to + geometry::kQuarterArcKappa * (corner - to);
    if ((h1 - c.points[0]).cwiseAbs().maxCoeff() > tolerance || (h2 - c.points[1]).cwiseAbs().maxCoeff() > tolerance) continue;
    const Eigen::Vector2d in = corner - from, out = to - corner;
    const double turn = in.x() * out.y() - in.y() * out.x();
    if (turn == 0) continue;  // not a turn: a straight cubic, written as one
    return QuarterArc{std::abs(to.x() - from.x()), std::abs(to.y() - from.y()), turn > 0};
  }
  return std::nullopt;
}

class Writer {
 public:
  explicit Writer(int decimals) : decimals_(decimals), step_(std::pow(10.0, -decimals)) {}

  std::string write(const geometry::Path& path) {
    const auto& commands = path.commands();
    for (std::size_t i = 0; i < commands.size(); ++i) {
      const PathCommand& c = commands[i];
      switch (c.verb) {
        case Verb::Move: {
          const Point to = rounded(c.points[0]);
          if (d_.empty()) {
            d_ += 'M' + numbers({to.x(), to.y()});
          } else {
            ending_at('M', {}, to);  // after Z the pen is at the last contour's start
          }
          start_ = at_ = to;
          break;
        }
        case Verb::Line: {
          const Point to = rounded(c.points[0]);
          const bool closes_next = i + 1 < commands.size() && commands[i + 1].verb == Verb::Close && to == start_;
          if (to != at_ && !closes_next) line(to);
          at_ = to;
          break;
        }
        case Verb::Cubic: cubic(c); break;
        case Verb::Close:
          d_ += 'Z';
          at_ = start_;
          break;
      }
    }
    return d_;
  }

 private:
  Point rounded(const Point& p) const { return Point(std::round(p.x() / step_) * step_, std::round(p.y() / step_) * step_); }

  // Numbers separated by a space, or by nothing before a minus.
  std::string numbers(const std::vector<double>& values) const {
    std::string out;
    for (double v : values) {
      const std::string text = css_number(v, decimals_);
      if (!out.empty() && text[0] != '-') out += ' ';
      out += text;
    }
    return out;
  }

  // A command ending at `to`, absolute or relative to the pen, whichever is shorter: `lead` are
  // its numbers before the end point (an arc's radii and flags), `x` and `y` which of the end
  // point's coordinates it writes (H: x, V: y, the rest both).
  void ending_at(char letter, std::vector<double> lead, const Point& to, bool x = true, bool y = true) {
    const auto with = [&](const Point& p) {
      std::vector<double> values = lead;
      if (x) values.push_back(p.x());
      if (y) values.push_back(p.y());
      return numbers(values);
    };
    const std::string absolute = with(to), relative = with(rounded(to - at_));
    d_ += relative.size() < absolute.size() ? static_cast<char>(letter - 'A' + 'a') + relative : letter + absolute;
  }

  void line(const Point& to) {
    if (to.y() == at_.y()) {
      ending_at('H', {}, to, true, false);
    } else if (to.x() == at_.x()) {
      ending_at('V', {}, to, false, true);
    } else {
      ending_at('L', {}, to);
    }
  }

  void cubic(const PathCommand& c) {
    const Point h1 = rounded(c.points[0]), h2 = rounded(c.points[1]), to = rounded(c.points[2]);
    if (h1 == at_ && h2 == at_ && to == at_) return;  // a corner of radius 0
    if (const std::optional<QuarterArc> arc = quarter_arc(at_, {Verb::Cubic, {h1, h2, to}}, 1.5 * step_)) {
      ending_at('A', {arc->rx, arc->ry, 0, 0, arc->clockwise ? 1.0 : 0.0}, to);
    } else if (h1 == at_ && h2 == to) {
      line(to);  // a straight cubic
    } else {
      d_ += 'C' + numbers({h1.x(), h1.y(), h2.x(), h2.y(), to.x(), to.y()});
    }
    at_ = to;
  }

  int decimals_;
  double step_;
  Point start_ = Point::Zero(), at_ = Point::Zero();
  std::string d_;
};

}  // namespace

std::string compact_path_data(const geometry::Path& path, int decimals) { return Writer(decimals).write(path); }

}  // namespace iconsynth::render::svg
