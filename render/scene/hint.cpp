#include "render/scene/hint.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

namespace iconsynth::render {

namespace {

using geometry::Path;
using geometry::PathCommand;
using geometry::Point;
using geometry::Verb;

constexpr double kEps = 1e-9;
constexpr double kOnGrid = 1e-6;  // px: an ink edge this close to a whole pixel is on it

bool on_grid(double px) { return std::abs(px - std::round(px)) < kOnGrid; }

// What an axis-parallel ink edge at `px` costs in softness, per px of its length: the grey it
// leaves in the pixels it crosses, 2·min(f, 1 − f) for f its distance into a pixel (0 on the grid).
double softness_cost(double px) {
  const double f = px - std::floor(px);
  return on_grid(px) ? 0.0 : 2 * std::min(f, 1 - f);
}

// How an edge is inked, which decides where its ink lies and what must reach whole pixels.
enum class Role {
  Fill,    // a filled outline's side: the ink ends on the edge
  Stroke,  // a stroked side: ink half the width to either side (it hides a fill on the same line)
};

// A straight edge of one contour: a line along a local axis at a signed coordinate, in units.
struct ContourEdge {
  int axis;
  double at;
  Role role;
  double length;
};

// One part's outline and stroke at one weight.
struct Shape {
  Path path;
  double width = 0;  // stroke width, units (0 for fills)
  bool stroked = false;
};

// The straight edges of each contour of `shape`: its axis-parallel lines. (A link's round cap is
// not one: at every preset weight it ends under its card's ink, so the card's edge, on the grid,
// is where the link is seen to end; moving the cap would only thin the neck where they meet.)
std::vector<std::vector<ContourEdge>> contour_edges(const Shape& shape) {
  std::vector<std::vector<ContourEdge>> contours;
  const Role side = shape.stroked ? Role::Stroke : Role::Fill;
  Point start = Point::Zero(), at = Point::Zero();
  const auto line = [&](const Point& from, const Point& to) {
    const Point d = to - from;
    if (std::abs(d.y()) < kEps && std::abs(d.x()) > kEps) contours.back().push_back({1, from.y(), side, std::abs(d.x())});
    if (std::abs(d.x()) < kEps && std::abs(d.y()) > kEps) contours.back().push_back({0, from.x(), side, std::abs(d.y())});
  };
  for (const PathCommand& c : shape.path.commands()) {
    switch (c.verb) {
      case Verb::Move:
        contours.emplace_back();
        start = at = c.points[0];
        break;
      case Verb::Line:
        line(at, c.points[0]);
        at = c.points[0];
        break;
      case Verb::Cubic:
        at = c.points[2];
        break;
      case Verb::Close:
        line(at, start);
        at = start;
        break;
    }
  }
  return contours;
}

// An edge pair ±at of an element on one local axis, as the fit places it.
struct Feature {
  double at;      // units, ≥ 0
  Role role;
  double width;   // stroke width, units (Stroke)
  double length;  // of its straight lines, both sides together, units: what its crispness is worth
};

// Whether a stroke at ±at is so wide that it fills the contour: no inner side shows.
bool fills_in(Role role, double at, double width) { return role == Role::Stroke && at - width / 2 <= kEps; }

// The ink of a feature's + side, as offsets from the element's origin (the − side mirrors it):
// a fill's edge; a stroke's two sides, or its outer side alone when it fills the contour in.
std::vector<double> ink_of(Role role, double at, double width, bool filled) {
  if (role == Role::Fill) return {at};
  if (filled) return {at + width / 2};
  return {at - width / 2, at + width / 2};
}

// Where one axis of an element lands: its origin and each feature's new `at`, in px.
struct Placement {
  double origin = 0;
  std::vector<double> at;
  double cost = 0;     // softness the ink edges leave (softness_cost × length, px); 0 all on the grid
  bool strokes_on_grid = true;  // every stroked edge pair on whole pixels
  double worst = 0;    // largest move of any ink edge, px
  bool ok = true;      // every ink edge within kMaxHintShiftPx, in its order

  // Better: feasible, less soft, smaller moves, a smaller origin move, nearer the centre of the
  // canvas (so mirror images choose alike), then the smaller origin.
  bool better_than(const Placement& other, double exact_origin, double centre) const {
    if (ok != other.ok) return ok;
    if (std::abs(cost - other.cost) > kEps) return cost < other.cost;
    if (std::abs(worst - other.worst) > kEps) return worst < other.worst;
    const double moved = std::abs(origin - exact_origin), other_moved = std::abs(other.origin - exact_origin);
    if (std::abs(moved - other_moved) > kEps) return moved < other_moved;
    const double off = std::abs(origin - centre), other_off = std::abs(other.origin - centre);
    if (std::abs(off - other_off) > kEps) return off < other_off;
    return origin < other.origin;
  }
};

// The features of one axis in px, outermost first, with their hinted stroke widths.
struct AxisProblem {
  double origin = 0;                 // exact, px on the canvas
  std::vector<Feature> features;     // px
  std::vector<double> hinted_width;  // px, per feature
};

// The feature placement for one candidate origin: each feature, outermost first, at the whole
// pixel nearest to it that keeps every ink edge within budget and in order; else where it was.
Placement place(const AxisProblem& problem, double origin) {
  Placement p;
  p.origin = origin;
  const double o = problem.origin;
  // (exact, hinted) ink offsets placed so far on the + side; the origin itself stays between the sides.
  std::vector<std::pair<double, double>> placed{{0.0, origin - o}};
  for (std::size_t i = 0; i < problem.features.size(); ++i) {
    const Feature& f = problem.features[i];
    const double w = f.width, wn = problem.hinted_width[i];
    // A stroke that fills its contour in must still (an edge ring opening inside it is no fit).
    const bool filled = fills_in(f.role, f.at, w);
    const auto ink_offsets = [&](Role role, double at, double width) { return ink_of(role, at, width, filled); };
    const auto keeps_shape = [&](double at) { return !filled || fills_in(f.role, at, wn); };
    const std::vector<double> exact_ink = ink_offsets(f.role, f.at, w);
    const auto moved_by = [&](double at) {
      double worst = 0;
      const std::vector<double> ink = ink_offsets(f.role, at, wn);
      for (std::size_t k = 0; k < ink.size(); ++k) {
        worst = std::max({worst, std::abs(origin + ink[k] - (o + exact_ink[k])), std::abs(origin - ink[k] - (o - exact_ink[k]))});
      }
      return worst;
    };
    const auto in_order = [&](double at) {
      const std::vector<double> ink = ink_offsets(f.role, at, wn);
      for (std::size_t k = 0; k < ink.size(); ++k) {
        for (const auto& [e, h] : placed) {
          const double ek = o + exact_ink[k], hk = origin + ink[k];
          if (e + o < ek - kEps && !(h + o < hk - kEps)) return false;
          if (e + o > ek + kEps && !(h + o > hk + kEps)) return false;
        }
      }
      return true;
    };
    const auto on_pixels = [&](double at) {
      for (double k : ink_offsets(f.role, at, wn)) {
        if (!on_grid(origin + k) || !on_grid(origin - k)) return false;
      }
      return true;
    };
    std::optional<double> chosen;
    if (f.at > 0) {
      // Whole pixels near the exact ink: the reference ink edge on n, for n about its place.
      const double offset = f.role == Role::Fill ? 0.0 : wn / 2;
      const double n0 = std::round(origin + f.at + offset);
      // The smallest move wins; on a tie the inner place, a choice mirror images make alike.
      double best = 0;
      for (double n = n0 - 1; n <= n0 + 1; ++n) {
        const double at = n - origin - offset;
        if (at <= 0 || !on_pixels(at) || !keeps_shape(at) || moved_by(at) > kMaxHintShiftPx + kEps || !in_order(at)) continue;
        if (!chosen || moved_by(at) < best - kEps || (moved_by(at) < best + kEps && at < *chosen)) chosen = at, best = moved_by(at);
      }
    }
    // Off the grid, the edge stays where it was (a stroke's sides move by half its width's change).
    const double at = chosen.value_or(f.at);
    if (f.role == Role::Stroke && !(chosen || (f.at == 0 && on_pixels(0)))) p.strokes_on_grid = false;
    for (double k : ink_offsets(f.role, at, wn)) p.cost += f.length / 2 * (softness_cost(origin + k) + softness_cost(origin - k));
    const double moved = moved_by(at);
    p.worst = std::max(p.worst, moved);
    if (moved > kMaxHintShiftPx + kEps || !in_order(at) || !keeps_shape(at)) p.ok = false;
    const std::vector<double> ink = ink_offsets(f.role, at, wn);
    for (std::size_t k = 0; k < ink.size(); ++k) placed.push_back({exact_ink[k], ink[k] + origin - o});
    p.at.push_back(at);
  }
  return p;
}

// The best placement of one axis: the origin on the half-pixel lattice within half a pixel of
// where it was, or at `fixed`.
Placement fit_axis(const AxisProblem& problem, double centre, std::optional<double> fixed) {
  std::vector<double> candidates;
  if (fixed) {
    candidates.push_back(*fixed);
  } else if (problem.features.empty()) {
    candidates.push_back(problem.origin);
  } else {
    for (double k = std::ceil(2 * (problem.origin - kMaxHintShiftPx) - kEps); k / 2 <= problem.origin + kMaxHintShiftPx + kEps; ++k) {
      candidates.push_back(k / 2);
    }
  }
  std::optional<Placement> best;
  for (double origin : candidates) {
    Placement p = place(problem, origin);
    if (!best || p.better_than(*best, problem.origin, centre)) best = std::move(p);
  }
  return *best;
}

// The path these commands draw.
Path path_of(const std::vector<PathCommand>& commands) {
  Path out;
  for (const PathCommand& c : commands) {
    switch (c.verb) {
      case Verb::Move: out.move_to(c.points[0]); break;
      case Verb::Line: out.line_to(c.points[0]); break;
      case Verb::Cubic: out.cubic_to(c.points[0], c.points[1], c.points[2]); break;
      case Verb::Close: out.close(); break;
    }
  }
  return out;
}

// A part's outline and stroke at `weight`: the variant's as it is, others from its samples
// (linear between them, as players key them).
Shape shape_at(const Part& part, double weight, double variant_weight) {
  const bool stroked = part.paint.kind == Paint::Kind::Stroke;
  if (part.across_weights.empty() || std::abs(weight - variant_weight) < kEps) return {part.path, part.paint.stroke_width, stroked};
  const auto& s = part.across_weights;
  std::size_t i = 0;
  while (i + 2 < s.size() && s[i + 1].weight <= weight) ++i;
  const PartAtWeight& a = s[i];
  const PartAtWeight& b = s[std::min(i + 1, s.size() - 1)];
  if (std::abs(weight - a.weight) < kEps || a.weight == b.weight) return {a.path, a.stroke_width, stroked};
  if (std::abs(weight - b.weight) < kEps) return {b.path, b.stroke_width, stroked};
  const double u = (weight - a.weight) / (b.weight - a.weight);
  Shape out{a.path, a.stroke_width + (b.stroke_width - a.stroke_width) * u, stroked};
  std::vector<PathCommand> commands = a.path.commands();
  for (std::size_t c = 0; c < commands.size(); ++c) {
    const auto& q = b.path.commands()[c].points;
    for (std::size_t k = 0; k < 3; ++k) commands[c].points[k] += (q[k] - commands[c].points[k]) * u;
  }
  out.path = path_of(commands);
  return out;
}

// The weights an element's parts are sampled at, with the variant's among them.
std::vector<double> sample_weights(const Element& e, double variant_weight) {
  std::vector<double> weights{variant_weight};
  for (const Part& part : e.parts) {
    for (const PartAtWeight& s : part.across_weights) weights.push_back(s.weight);
  }
  std::sort(weights.begin(), weights.end());
  weights.erase(std::unique(weights.begin(), weights.end(), [](double a, double b) { return std::abs(a - b) < kEps; }), weights.end());
  return weights;
}

// A path with each point moved, axis by axis, by `move(contour, axis, coordinate)`.
template <class Move>
Path moved_path(const Path& path, Move move) {
  std::vector<PathCommand> commands = path.commands();
  int contour = -1;
  for (PathCommand& c : commands) {
    if (c.verb == Verb::Move) ++contour;
    const int points = c.verb == Verb::Cubic ? 3 : c.verb == Verb::Close ? 0 : 1;
    for (int k = 0; k < points; ++k) {
      for (int axis = 0; axis < 2; ++axis) c.points[k][axis] += move(contour, axis, c.points[k][axis]);
    }
  }
  return path_of(commands);
}

// Whether two paths have the same commands, their points within kEps.
bool same_path(const Path& a, const Path& b) {
  if (a.commands().size() != b.commands().size()) return false;
  for (std::size_t i = 0; i < a.commands().size(); ++i) {
    const PathCommand &x = a.commands()[i], &y = b.commands()[i];
    if (x.verb != y.verb) return false;
    for (std::size_t k = 0; k < 3; ++k) {
      if ((x.points[k] - y.points[k]).cwiseAbs().maxCoeff() > kEps) return false;
    }
  }
  return true;
}

// A one-contour path that geometry::rounded_rect drew (clockwise): what a stroke along it inks
// is then a band two rounded rectangles bound.
struct RoundedRect {
  Point center;
  Eigen::Vector2d half;
  double radius;
};
std::optional<RoundedRect> as_rounded_rect(const Path& path) {
  if (path.contour_count() != 1 || path.commands().back().verb != Verb::Close) return std::nullopt;
  const geometry::Bounds b = path.control_bounds();
  const RoundedRect r{(b.min + b.max) / 2, (b.max - b.min) / 2, path.commands().front().points[0].x() - b.min.x()};
  for (const geometry::SharpCorners sharp : {geometry::SharpCorners::Keep, geometry::SharpCorners::Drop}) {
    if (same_path(path, geometry::rounded_rect(r.center, r.half, r.radius, geometry::Winding::Clockwise, sharp))) return r;
  }
  return std::nullopt;
}

// How far the inner side's corner radius is from running out, units: it kinks where this is 0.
double inner_radius_margin(const RoundedRect& r, double width) { return r.radius - width / 2; }

}  // namespace

std::optional<Path> stroke_band(const Path& path, double width) {
  const std::optional<RoundedRect> r = as_rounded_rect(path);
  if (!r || r->half.minCoeff() - width / 2 <= kEps) return std::nullopt;
  const Eigen::Vector2d d = Eigen::Vector2d::Constant(width / 2);
  // Corner curves kept at radius 0, so the band has the same commands at every weight.
  const auto keep = geometry::SharpCorners::Keep;
  Path band = geometry::rounded_rect(r->center, r->half + d, r->radius + width / 2, geometry::Winding::Clockwise, keep);
  band.append(geometry::rounded_rect(r->center, r->half - d, std::max(0.0, inner_radius_margin(*r, width)), geometry::Winding::CounterClockwise, keep));
  return band;
}

namespace {

// A stroke's samples across weights with one more where its band's inner corner radius runs out
// (between two samples the stroke is linear in the weight, its band's inner corner is not).
std::vector<PartAtWeight> with_inner_kinks(const std::vector<PartAtWeight>& samples) {
  std::vector<PartAtWeight> out;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    if (i > 0) {
      const PartAtWeight &a = samples[i - 1], &b = samples[i];
      const auto ra = as_rounded_rect(a.path), rb = as_rounded_rect(b.path);
      if (ra && rb) {
        const double ga = inner_radius_margin(*ra, a.stroke_width), gb = inner_radius_margin(*rb, b.stroke_width);
        if ((ga > kEps && gb < -kEps) || (ga < -kEps && gb > kEps)) {
          const double u = ga / (ga - gb);
          std::vector<PathCommand> commands = a.path.commands();
          for (std::size_t c = 0; c < commands.size(); ++c) {
            for (std::size_t k = 0; k < 3; ++k) commands[c].points[k] += (b.path.commands()[c].points[k] - commands[c].points[k]) * u;
          }
          out.push_back({a.weight + (b.weight - a.weight) * u, path_of(commands), a.stroke_width + (b.stroke_width - a.stroke_width) * u});
        }
      }
    }
    out.push_back(samples[i]);
  }
  return out;
}

// `e` with every stroke drawn as its filled band (stroke_band), at every weight it is sampled
// at: a band's two sides can land on whole pixels independently, where one width cannot put both
// sides of a card on them. Nothing when `e` has no stroke, or a stroke that is not a rounded
// rectangle's or fills it in at some weight.
std::optional<Element> banded(const Element& e) {
  Element out = e;
  bool any = false;
  for (Part& part : out.parts) {
    if (part.paint.kind != Paint::Kind::Stroke) continue;
    const std::optional<Path> band = stroke_band(part.path, part.paint.stroke_width);
    if (!band) return std::nullopt;
    std::vector<PartAtWeight> samples = with_inner_kinks(part.across_weights);
    for (PartAtWeight& s : samples) {
      const std::optional<Path> b = stroke_band(s.path, s.stroke_width);
      if (!b) return std::nullopt;
      s.path = *b;
      s.stroke_width = 0;
    }
    part.across_weights = std::move(samples);
    part.path = *band;
    part.paint.kind = Paint::Kind::Fill;
    part.paint.stroke_width = 0;
    any = true;
  }
  if (!any) return std::nullopt;
  return out;
}

// Exact → hinted positions on one canvas axis (px), from every fitted element: what moving
// elements follow. The first element to place a position keeps it (links before modules).
class AxisMap {
 public:
  void add(double exact, double hinted) {
    for (const auto& [e, h] : pairs_) {
      if (std::abs(e - exact) < kOnGrid) return;
    }
    pairs_.push_back({exact, hinted});
  }
  // Piecewise linear through the positions placed, monotone; shifted like the nearest outside them.
  double operator()(double x) {
    if (!sorted_) sort();
    if (pairs_.empty()) return x;
    if (x <= pairs_.front().first) return x + pairs_.front().second - pairs_.front().first;
    if (x >= pairs_.back().first) return x + pairs_.back().second - pairs_.back().first;
    std::size_t i = 0;
    while (pairs_[i + 1].first < x) ++i;
    const auto& [e0, h0] = pairs_[i];
    const auto& [e1, h1] = pairs_[i + 1];
    return h0 + (h1 - h0) * (x - e0) / (e1 - e0);
  }

 private:
  void sort() {
    std::sort(pairs_.begin(), pairs_.end());
    std::vector<std::pair<double, double>> monotone;
    for (const auto& p : pairs_) {
      if (monotone.empty() || (p.first > monotone.back().first + kOnGrid && p.second >= monotone.back().second)) monotone.push_back(p);
    }
    pairs_ = std::move(monotone);
    sorted_ = true;
  }
  std::vector<std::pair<double, double>> pairs_;
  bool sorted_ = false;
};

class Fitter {
 public:
  // `variant_stem_px`: the width strokes of the variant's weight get; other widths follow the rule.
  Fitter(const AnimatedScene& scene, int size, const HintRules& rules, double variant_stem_px)
      : ppu_(size / scene.grid), centre_(size / 2.0), variant_weight_(scene.variant.weight), variant_stem_px_(variant_stem_px), rules_(rules) {}

  // The width a stroke `width` units wide gets, px: its exact width for an element that keeps
  // it, else the scene's stem at the variant's weight and the rule's at the other samples.
  double stem_px(double width) const {
    if (exact_width_) return width * ppu_;
    if (std::abs(width - variant_weight_) >= kEps) return hinted_stem_px(width, ppu_, rules_.default_weight);
    return variant_stem_px_;
  }
  double stem(double width) const { return stem_px(width) / ppu_; }
  // Elements whose strokes the scene's stem could not put on the grid (drawn as bands, or kept at
  // their exact width): the judge then tries the other stem too.
  int kept_exact() const { return kept_exact_; }

  // Stems, anchor, edges and points of a still element; stems alone for one that moves or turns.
  // A stroke takes the scene's stem only where that puts both its sides on whole pixels, within
  // budget and with every edge in its order; an element whose strokes it cannot place so keeps
  // their exact width, so hinting never leaves a stroke thinner and still grey (weight 2.5 at
  // 32 px: cards whose sides fall at 1.33 and 4.67 px have no symmetric whole-pixel place within
  // half a pixel), nor lets a heavier stroke close the clearance round a die.
  // Such an element is first tried as bands (band_fit): its strokes drawn as fills whose sides
  // each take their own whole pixel (at 32 px weight 2.5's cards get 4 px outer sides and 3 px
  // inner ones, mirror images of each other across the ring).
  void fit(Element& e) {
    Element with_stem = e;
    const Trial stem = trial(with_stem, false);
    if (stem.strokes_on_grid && stem.ok) {
      e = std::move(with_stem);
    } else if (std::optional<Element> band = rules_.bands ? band_fit(e) : std::nullopt) {
      e = std::move(*band);
      ++kept_exact_;
    } else {
      trial(e, true);
      ++kept_exact_;
    }
    commit();
  }

  // `e` as bands with every visible side of them on whole pixels at the variant's weight, or
  // nothing. Only a still element that is not turned at all: its sides are then the canvas's.
  std::optional<Element> band_fit(const Element& e) {
    pending_.clear();
    const bool still = e.position.is_static() && std::abs(e.scale.at(0) - 1) < kEps;
    if (!still || std::abs(std::remainder(e.rotation, 360.0)) > kEps) return std::nullopt;
    // A fill under a stroke of the same outline (the duotone card) shows no side of its own.
    std::vector<bool> hidden, stroked;
    for (const Part& part : e.parts) {
      stroked.push_back(part.paint.kind == Paint::Kind::Stroke);
      hidden.push_back(part.paint.kind == Paint::Kind::Fill && std::any_of(e.parts.begin(), e.parts.end(), [&](const Part& p) {
                         return p.paint.kind == Paint::Kind::Stroke && p.path == part.path;
                       }));
    }
    std::optional<Element> band = banded(e);
    if (!band) return std::nullopt;
    std::vector<std::vector<PartAtWeight>> samples(band->parts.size());
    bool crisp = true;
    for (double w : sample_weights(*band, variant_weight_)) {
      std::vector<Shape> shapes;
      for (const Part& part : band->parts) shapes.push_back(shape_at(part, w, variant_weight_));
      const bool at_variant = std::abs(w - variant_weight_) < kEps;
      const bool on_pixels = place_sides(shapes, hidden, stroked, band->position.at(0), at_variant);
      crisp = crisp && (on_pixels || !at_variant);
      for (std::size_t i = 0; i < shapes.size(); ++i) samples[i].push_back({w, shapes[i].path, shapes[i].width});
    }
    if (!crisp) {
      pending_.clear();
      return std::nullopt;
    }
    for (std::size_t i = 0; i < band->parts.size(); ++i) {
      Part& part = band->parts[i];
      const auto variant = std::find_if(samples[i].begin(), samples[i].end(), [&](const PartAtWeight& x) { return std::abs(x.weight - variant_weight_) < kEps; });
      part.path = variant->path;
      const bool varies = std::any_of(samples[i].begin(), samples[i].end(), [&](const PartAtWeight& x) { return !(x.path == part.path); });
      part.across_weights = follows_weight(*band) && varies ? samples[i] : std::vector<PartAtWeight>{};
    }
    return band;
  }

  // The sides of a band fit, at one weight: on each axis every straight edge (visible ones first,
  // longest first, then outermost) to the nearest whole pixel within half a pixel wherever that
  // keeps its order with the edges placed before it, else where it was; a tie goes toward the
  // element's origin, so mirror images choose alike. The origin stays. Whether every side of the
  // bands (the parts that were `stroked`) reached a whole pixel with every side still in order.
  bool place_sides(std::vector<Shape>& shapes, const std::vector<bool>& hidden, const std::vector<bool>& stroked, const Eigen::Vector2d& rest,
                   bool at_variant) {
    std::vector<std::vector<std::vector<ContourEdge>>> edges;  // [shape][contour]
    for (const Shape& s : shapes) edges.push_back(contour_edges(s));
    std::array<std::vector<std::pair<double, double>>, 2> moved;  // signed at → at', units
    bool crisp = true;
    for (int a = 0; a < 2; ++a) {
      struct Side {
        double at, length;
        bool visible, band;
      };
      std::vector<Side> sides;
      for (std::size_t s = 0; s < shapes.size(); ++s) {
        for (const auto& contour : edges[s]) {
          for (const ContourEdge& edge : contour) {
            if (edge.axis != a) continue;
            auto same = std::find_if(sides.begin(), sides.end(), [&](const Side& x) { return std::abs(x.at - edge.at) < kEps; });
            if (same == sides.end()) {
              sides.push_back({edge.at, edge.length, !hidden[s], stroked[s]});
            } else {
              same->length += edge.length, same->visible = same->visible || !hidden[s], same->band = same->band || stroked[s];
            }
          }
        }
      }
      std::sort(sides.begin(), sides.end(), [](const Side& x, const Side& y) {
        if (x.visible != y.visible) return x.visible;
        if (std::abs(x.length - y.length) > kEps) return x.length > y.length;
        if (std::abs(std::abs(x.at) - std::abs(y.at)) > kEps) return std::abs(x.at) > std::abs(y.at);
        return x.at < y.at;
      });
      const double o = rest[a] * ppu_;
      std::vector<std::pair<double, double>> placed;  // exact, hinted px
      for (const Side& side : sides) {
        const double x = o + side.at * ppu_;
        double n = std::round(x);
        if (std::abs(x - std::floor(x) - 0.5) < kEps) n = x > o ? std::floor(x) : std::ceil(x);
        const auto in_order = [&](double to) {
          return std::all_of(placed.begin(), placed.end(), [&](const std::pair<double, double>& p) {
            return p.first < x ? p.second < to - kEps : p.second > to + kEps;
          });
        };
        const double hinted = std::abs(n - x) <= kMaxHintShiftPx + kEps && in_order(n) ? n : x;
        // A side left where it was may now meet one placed before it (a die's side and the card's
        // inner side, the clearance gone): no band then.
        if ((side.band && !on_grid(hinted)) || !in_order(hinted)) crisp = false;
        placed.push_back({x, hinted});
        moved[a].push_back({side.at, (hinted - o) / ppu_});
        if (at_variant) pending_.push_back({a, x, hinted});
      }
      if (at_variant) pending_.push_back({a, o, o});
    }
    move_points(shapes, edges, [&](int axis, double at) {
      for (const auto& [exact, now] : moved[axis]) {
        if (std::abs(exact - at) < kEps) return now;
      }
      return at;
    });
    return crisp;
  }
  void commit() {
    for (const auto& [g, exact, hinted] : pending_) map_[g].add(exact, hinted);
    pending_.clear();
  }

  struct Trial {
    bool strokes_on_grid = true;   // Placement::strokes_on_grid, every axis
    bool ok = true;                // Placement::ok, every axis
  };
  // One fit of `e` at the variant's weight, with the scene's stem or the exact width; what it
  // registers for moving elements waits in pending_.
  Trial trial(Element& e, bool exact_width) {
    pending_.clear();
    trial_ = {};
    exact_width_ = exact_width;
    fit_with(e);
    exact_width_ = false;
    return trial_;
  }

  void fit_with(Element& e) {
    const std::optional<int> swap = upright_turns(e.rotation);
    const bool still = e.position.is_static() && std::abs(e.scale.at(0) - 1) < kEps;
    const std::vector<double> weights = sample_weights(e, variant_weight_);
    const bool follows = follows_weight(e);
    // Origins are placed at the variant's weight and held for the other samples.
    std::array<std::optional<double>, 2> origin;
    std::vector<std::vector<PartAtWeight>> samples(e.parts.size());
    // The variant's weight first: it places the origins the other samples keep.
    std::vector<double> order{variant_weight_};
    for (double w : weights) {
      if (std::abs(w - variant_weight_) > kEps) order.push_back(w);
    }
    for (double w : order) {
      std::vector<Shape> shapes;
      for (const Part& part : e.parts) shapes.push_back(shape_at(part, w, variant_weight_));
      if (still && swap) fit_shapes(e, *swap, w == variant_weight_, origin, shapes);
      for (std::size_t i = 0; i < e.parts.size(); ++i) {
        samples[i].push_back({w, shapes[i].path, shapes[i].stroked ? stem(shapes[i].width) : shapes[i].width});
      }
    }
    for (std::size_t i = 0; i < e.parts.size(); ++i) {
      Part& part = e.parts[i];
      std::vector<PartAtWeight>& s = samples[i];
      part.path = s.front().path;  // the variant's, fitted first
      if (part.paint.kind == Paint::Kind::Stroke) part.paint.stroke_width = s.front().stroke_width;
      std::sort(s.begin(), s.end(), [](const PartAtWeight& a, const PartAtWeight& b) { return a.weight < b.weight; });
      const bool varies = std::any_of(s.begin(), s.end(), [&](const PartAtWeight& x) { return !(x.path == s.front().path && x.stroke_width == s.front().stroke_width); });
      part.across_weights = follows && varies ? s : std::vector<PartAtWeight>{};
    }
    if (still && swap) {
      Eigen::Vector2d p = e.position.at(0);
      for (int a = 0; a < 2; ++a) {
        if (origin[a]) p[grid_axis(a, *swap)] = *origin[a] / ppu_;
      }
      e.position = motion::Track<Eigen::Vector2d>(p);
    }
  }

  // A moving element along a grid axis follows what the still elements' edges did.
  void follow(Element& e) {
    if (e.position.is_static()) return;
    const auto& keys = e.position.keys();
    bool level = true, plumb = true;
    for (const auto& k : keys) {
      level = level && std::abs(k.value.y() - keys.front().value.y()) < kEps;
      plumb = plumb && std::abs(k.value.x() - keys.front().value.x()) < kEps;
    }
    if (!level && !plumb) return;
    motion::Track<Eigen::Vector2d> track;
    for (const auto& k : keys) {
      track.add(k.frame, {map_[0](k.value.x() * ppu_) / ppu_, map_[1](k.value.y() * ppu_) / ppu_}, k.ease);
    }
    e.position = std::move(track);
  }

 private:
  // How many quarter turns `rotation` (degrees) is, mod 2 (1: local x runs along the canvas's y),
  // or nothing when it is not a whole number of quarter turns.
  static std::optional<int> upright_turns(double rotation) {
    const double quarters = std::round(rotation / 90);
    if (std::abs(rotation - 90 * quarters) > 1e-9) return std::nullopt;
    return static_cast<int>(std::abs(static_cast<long>(quarters)) % 2);
  }
  static int grid_axis(int local_axis, int swap) { return swap ? 1 - local_axis : local_axis; }

  // Places each local axis of a still, upright element at weight w and moves its shapes' points.
  void fit_shapes(const Element& e, int swap, bool at_variant, std::array<std::optional<double>, 2>& origin,
                  std::vector<Shape>& shapes) {
    std::vector<std::vector<std::vector<ContourEdge>>> edges;  // [shape][contour]
    for (const Shape& s : shapes) edges.push_back(contour_edges(s));
    const Eigen::Vector2d rest = e.position.at(0);
    std::array<std::vector<std::pair<double, double>>, 2> moved;  // |at| → |at'|, units, per local axis
    for (int a = 0; a < 2; ++a) {
      // The element's features on this axis: each coordinate once, its strongest role.
      std::vector<Feature> features;
      std::vector<double> signed_at;
      for (std::size_t s = 0; s < shapes.size(); ++s) {
        for (const auto& contour : edges[s]) {
          for (const ContourEdge& edge : contour) {
            if (edge.axis != a) continue;
            signed_at.push_back(edge.at);
            const double at = std::abs(edge.at);
            auto same = std::find_if(features.begin(), features.end(), [&](const Feature& f) { return std::abs(f.at - at) < kEps; });
            if (same == features.end()) {
              features.push_back({at, edge.role, shapes[s].width, edge.length});
            } else if (edge.role > same->role) {
              *same = {at, edge.role, shapes[s].width, same->length + edge.length};
            } else {
              same->length += edge.length;
            }
          }
        }
      }
      // Only a symmetric element is fitted: its edges pair up about its origin.
      const bool symmetric = std::all_of(signed_at.begin(), signed_at.end(), [&](double at) {
        return std::any_of(signed_at.begin(), signed_at.end(), [&](double other) { return std::abs(other + at) < kEps; });
      });
      if (!symmetric) features.clear();
      std::sort(features.begin(), features.end(), [](const Feature& x, const Feature& y) { return x.at > y.at; });
      const int g = grid_axis(a, swap);
      AxisProblem problem;
      problem.origin = rest[g] * ppu_;
      for (const Feature& f : features) {
        problem.features.push_back({f.at * ppu_, f.role, f.width * ppu_, f.length * ppu_});
        problem.hinted_width.push_back(f.role == Role::Fill ? 0.0 : stem_px(f.width));
      }
      const Placement placed = fit_axis(problem, centre_, origin[a]);
      if (!origin[a] && !features.empty()) origin[a] = placed.origin;
      for (std::size_t i = 0; i < features.size(); ++i) {
        moved[a].push_back({features[i].at, placed.at[i] / ppu_});
      }
      if (at_variant) {
        register_axis(g, problem, placed);
        trial_.strokes_on_grid = trial_.strokes_on_grid && placed.strokes_on_grid;
        trial_.ok = trial_.ok && placed.ok;
      }
    }
    // Points: each moves with the nearest edge of its own contour, so corners keep their radius.
    move_points(shapes, edges, [&](int axis, double at) {
      for (const auto& [exact, now] : moved[axis]) {
        if (std::abs(exact - std::abs(at)) < kEps) return at < 0 ? -now : now;
      }
      return at;
    });
  }

  // Moves every point of `shapes` with the nearest straight edge of its own contour on each axis
  // (the mean of equally near ones), each edge going where `to(axis, at)` puts it.
  template <class To>
  static void move_points(std::vector<Shape>& shapes, const std::vector<std::vector<std::vector<ContourEdge>>>& edges, To to) {
    for (std::size_t s = 0; s < shapes.size(); ++s) {
      shapes[s].path = moved_path(shapes[s].path, [&](int contour, int axis, double x) {
        if (contour < 0 || contour >= static_cast<int>(edges[s].size())) return 0.0;
        double nearest = std::numeric_limits<double>::infinity(), shift = 0;
        int ties = 0;
        for (const ContourEdge& edge : edges[s][contour]) {
          if (edge.axis != axis) continue;
          const double moved = to(axis, edge.at) - edge.at;
          const double d = std::abs(x - edge.at);
          if (d < nearest - kEps) {
            nearest = d, shift = moved, ties = 1;
          } else if (std::abs(d - nearest) <= kEps) {
            shift = (shift * ties + moved) / (ties + 1), ++ties;
          }
        }
        return shift;
      });
    }
  }

  void register_axis(int g, const AxisProblem& problem, const Placement& placed) {
    pending_.push_back({g, problem.origin, placed.origin});
    for (std::size_t i = 0; i < problem.features.size(); ++i) {
      const Feature& f = problem.features[i];
      const bool filled = fills_in(f.role, f.at, f.width);
      const std::vector<double> exact = ink_of(f.role, f.at, f.width, filled);
      const std::vector<double> now = ink_of(f.role, placed.at[i], problem.hinted_width[i], filled);
      for (std::size_t k = 0; k < exact.size(); ++k) {
        pending_.push_back({g, problem.origin + exact[k], placed.origin + now[k]});
        pending_.push_back({g, problem.origin - exact[k], placed.origin - now[k]});
      }
    }
  }
  std::vector<std::tuple<int, double, double>> pending_;

  double ppu_, centre_, variant_weight_, variant_stem_px_;
  HintRules rules_;
  Trial trial_;
  bool exact_width_ = false;
  int kept_exact_ = 0;
  std::array<AxisMap, 2> map_;
};

}  // namespace

double hinted_stem_px(double width, double px_per_unit, double default_weight) {
  const double px = width * px_per_unit;
  double whole = std::round(px);
  if (std::abs(px - std::floor(px) - 0.5) < 1e-9) whole = width < default_weight ? std::floor(px) : std::ceil(px);
  return std::max(1.0, whole);
}

AnimatedScene hint(const AnimatedScene& exact, int size, const HintRules& rules) {
  int kept_exact = 0;
  const auto fitted = [&](double stem) {
    AnimatedScene out = exact;
    Fitter fitter(exact, size, rules, stem);
    for (Element& e : out.elements) fitter.fit(e);
    for (Element& e : out.elements) fitter.follow(e);
    out.pixel_grid = size;
    kept_exact = fitter.kept_exact();
    return out;
  };
  // Stems first: the rule's width (nearest whole pixels, so weights stay apart where they can).
  // But an edge may move half a pixel at most, so where the strokes sit can forbid it (2.67 px
  // strokes whose sides fall at 1.67 and 4.33 px can only become 2 px): then, with a judge, the
  // whole width on the other side is tried on the whole scene too, and the rest pose it finds
  // less soft wins.
  const double ppu = size / exact.grid;
  const double px = exact.variant.weight * ppu;
  const double rule = hinted_stem_px(exact.variant.weight, ppu, rules.default_weight);
  AnimatedScene best = fitted(rule);
  if (!rules.judge) return best;
  // Another candidate replaces the rule's only when it is clearly less soft: a difference of a
  // fraction of a percent says more about how the rasteriser samples an edge than about the
  // geometry, and would trade the rule's symmetric stems for a hair's worth of crispness.
  constexpr double kClearlyLessSoft = 0.01;
  const auto clearly_less_soft = [](double softness, double than) { return softness < than * (1 - kClearlyLessSoft) - 1e-9; };
  double best_softness = rules.judge(best);
  if (kept_exact > 0) {
    for (double other : {std::floor(px), std::ceil(px)}) {
      if (other < 1 || other == rule || std::abs(other - px) >= 1) continue;
      AnimatedScene candidate = fitted(other);
      const double softness = rules.judge(candidate);
      if (clearly_less_soft(softness, best_softness)) best = std::move(candidate), best_softness = softness;
    }
  }
  // Where no fit helps (turned or diagonal parts dominate, and what moves to the grid costs more
  // at the necks and corners than it gains), the exact pose stays.
  AnimatedScene unmoved = exact;
  unmoved.pixel_grid = size;
  if (clearly_less_soft(rules.judge(unmoved), best_softness)) return unmoved;
  return best;
}

}  // namespace iconsynth::render
