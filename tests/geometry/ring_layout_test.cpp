#include "geometry/ring_layout.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>
#include <set>

using namespace iconsynth::geometry;

namespace {
LayoutParams ring_of(int n) {
  LayoutParams params;  // the built-in layout's numbers
  params.modules = n;
  return params;
}

Point turned(const Point& p, const Point& about, double degrees) {
  const double a = degrees * std::numbers::pi / 180;
  const Point d = p - about;
  return about + Point(d.x() * std::cos(a) - d.y() * std::sin(a), d.x() * std::sin(a) + d.y() * std::cos(a));
}

// Bounds of the drawn curve (control points stray outside a turned corner), from points 1/64 of
// a curve apart.
Bounds curve_bounds(const Path& path) {
  Bounds b;
  Point at = Point::Zero();
  for (const PathCommand& c : path.commands()) {
    if (c.verb == Verb::Cubic) {
      for (int i = 1; i <= 64; ++i) {
        const double t = i / 64.0, u = 1 - t;
        b.add(u * u * u * at + 3 * u * u * t * c.points[0] + 3 * u * t * t * c.points[1] + t * t * t * c.points[2]);
      }
      at = c.points[2];
    } else if (c.verb != Verb::Close) {
      at = c.points[0];
      b.add(at);
    }
  }
  return b;
}

// Distance from `p` to the segment a–b.
double to_segment(const Point& p, const Point& a, const Point& b) {
  const double u = std::clamp((p - a).dot(b - a) / (b - a).squaredNorm(), 0.0, 1.0);
  return (a + u * (b - a) - p).norm();
}
}  // namespace

TEST_CASE("Modules sit at the corners of a square, in clockwise ring order", "[geometry][ring]") {
  const LayoutParams params;
  const RingGeometry ring = build_ring(params, 2, {true});
  const double lo = params.padding + params.module_size / 2, hi = params.grid - lo;
  CHECK(ring.modules[0].center == Point(lo, lo));  // TL
  CHECK(ring.modules[1].center == Point(hi, lo));  // TR
  CHECK(ring.modules[2].center == Point(hi, hi));  // BR
  CHECK(ring.modules[3].center == Point(lo, hi));  // BL
  for (const Module& m : ring.modules) CHECK(m.turn == 0);
  CHECK(ring_layout(params).scale == 1);
  CHECK(position_name(clockwise_next(3, 4), 4) == "tl");
  CHECK(link_name(2, 4) == "bottom");
}

TEST_CASE("Positions and links have readable names, distinct within every ring of 3 to 8", "[geometry][ring]") {
  CHECK(std::vector<std::string>{position_name(0, 4), position_name(1, 4), position_name(2, 4), position_name(3, 4)} ==
        std::vector<std::string>{"tl", "tr", "br", "bl"});
  CHECK(std::vector<std::string>{link_name(0, 4), link_name(1, 4), link_name(2, 4), link_name(3, 4)} ==
        std::vector<std::string>{"top", "right", "bottom", "left"});
  CHECK(std::vector<std::string>{position_name(0, 3), position_name(1, 3), position_name(2, 3)} ==
        std::vector<std::string>{"lt", "rt", "b"});
  CHECK(std::vector<std::string>{link_name(0, 3), link_name(1, 3), link_name(2, 3)} ==
        std::vector<std::string>{"top", "right-bottom", "left-bottom"});
  CHECK(position_name(2, 6) == "r");
  CHECK(link_name(1, 8) == "top-right");
  for (int n = kMinRingSize; n <= kMaxRingSize; ++n) {
    INFO("ring of " << n);
    std::set<std::string> positions, links;
    for (int k = 0; k < n; ++k) {
      positions.insert(position_name(k, n));
      links.insert(link_name(k, n));
      // They become layer names and parts of file names.
      for (char c : position_name(k, n) + link_name(k, n)) CHECK(((c >= 'a' && c <= 'z') || c == '-'));
    }
    CHECK(positions.size() == static_cast<std::size_t>(n));
    CHECK(links.size() == static_cast<std::size_t>(n));
  }
}

TEST_CASE("Modules sit on a regular polygon about the grid's centre, its top side flat, clockwise", "[geometry][ring]") {
  for (int n = kMinRingSize; n <= kMaxRingSize; ++n) {
    INFO("ring of " << n);
    const RingLayout layout = ring_layout(ring_of(n));
    const Point centre = Point::Constant(12);
    REQUIRE(layout.centers.size() == static_cast<std::size_t>(n));
    const double radius = (layout.centers[0] - centre).norm();
    CHECK(layout.centers[0].y() == Approx(layout.centers[1].y()));  // the top side lies flat
    CHECK(layout.centers[0].x() < layout.centers[1].x());
    for (int k = 0; k < n; ++k) {
      const Point& here = layout.centers[k];
      const Point& next = layout.centers[clockwise_next(k, n)];
      CHECK((here - centre).norm() == Approx(radius));
      // Turning the ring by 360°/N about its centre moves each module onto the next, card included
      // (a square looks the same turned by 90°).
      const Point moved = turned(here, centre, 360.0 / n);
      CHECK((moved - next).norm() == Approx(0).margin(1e-9));
      const double turn_step = std::fmod(layout.turns[k] + 360.0 / n, 90.0);
      CHECK(std::min(std::abs(turn_step - layout.turns[clockwise_next(k, n)]),
                     90 - std::abs(turn_step - layout.turns[clockwise_next(k, n)])) == Approx(0).margin(1e-9));
      // Clockwise on screen (y down): the cross product of successive radii is positive.
      const Point a = here - centre, b = next - centre;
      CHECK(a.x() * b.y() - a.y() * b.x() > 0);
    }
  }
}

TEST_CASE("Module size fits N: no larger than the spec's, neighbours as far apart for their size as on the 2x2 ring", "[geometry][ring]") {
  const LayoutParams square;
  const double square_ratio = (2 * module_offset(square) - square.module_size) / square.module_size;
  for (int n = kMinRingSize; n <= kMaxRingSize; ++n) {
    INFO("ring of " << n);
    const RingLayout layout = ring_layout(ring_of(n));
    CHECK(layout.scale <= 1);
    CHECK(layout.dims.module_size == Approx(square.module_size * layout.scale));
    CHECK(layout.dims.packet_radius == Approx(square.packet_radius * layout.scale));
    CHECK(layout.dims.packet_min_stroke_ratio == square.packet_min_stroke_ratio);  // wider than the link at every weight
    CHECK(free_run(layout) >= square_ratio * layout.dims.module_size - 1e-9);
    // The bound is tight: either the spec's size fits, or the run is exactly the 2×2 ring's proportion.
    if (layout.scale < 1) CHECK(free_run(layout) == Approx(square_ratio * layout.dims.module_size));
    // Every card's outer edge keeps the padding from the grid's edge …
    double closest = square.grid;
    for (int k = 0; k < n; ++k) {
      const Path card = rounded_rect(Point::Zero(), Point::Constant(layout.dims.module_size / 2), layout.dims.module_corner_radius)
                            .transformed(Eigen::Translation2d(layout.centers[k]) * Eigen::Rotation2Dd(layout.turns[k] * std::numbers::pi / 180));
      // (A cubic quarter arc strays 0.03 % of its radius outside the true circle: 1e-3 allows it.)
      const Bounds b = curve_bounds(card);
      CHECK(b.min.minCoeff() >= square.padding - 1e-3);
      CHECK(b.max.maxCoeff() <= square.grid - square.padding + 1e-3);
      closest = std::min({closest, b.min.minCoeff(), square.grid - b.max.maxCoeff()});
    }
    // … and some card touches it: the ring sits as far out as the padding allows.
    CHECK(closest < square.padding + 1e-3);
  }
  CHECK(ring_layout(ring_of(8)).scale < ring_layout(ring_of(6)).scale);
  CHECK(ring_layout(ring_of(6)).scale < ring_layout(ring_of(3)).scale);
}

TEST_CASE("Links lie on the line through both modules' centres, between facing edges", "[geometry][ring]") {
  for (int n = kMinRingSize; n <= kMaxRingSize; ++n) {
    INFO("ring of " << n);
    const RingLayout layout = ring_layout(ring_of(n));
    const RingGeometry ring = build_ring(layout, 2, {true});
    const double gap = layout.dims.link_gap;
    for (int i = 0; i < n; ++i) {
      const double edge = layout.edges[i];
      const Link& link = ring.links[i];
      const Point a = ring.modules[i].center, b = ring.modules[clockwise_next(i, n)].center;
      const Point dir = (b - a).normalized();
      // Collinear with the centres: no component across the centre line.
      CHECK(std::abs((link.start - a).x() * dir.y() - (link.start - a).y() * dir.x()) < 1e-12);
      CHECK(std::abs((link.end - a).x() * dir.y() - (link.end - a).y() * dir.x()) < 1e-12);
      CHECK((link.start - a).dot(dir) == Approx(edge + gap));
      CHECK((b - link.end).dot(dir) == Approx(edge + gap));
      // The edge is the card's: a point just inside it is inside the turned card, just outside is not.
      const double turn = ring.modules[i].turn * std::numbers::pi / 180;
      const auto inside = [&](const Point& p) {
        const Point local = Eigen::Rotation2Dd(-turn) * (p - a);
        const double h = layout.dims.module_size / 2, r = layout.dims.module_corner_radius;
        const Point q = local.cwiseAbs() - Point::Constant(h - r);
        return q.cwiseMax(0.0).norm() + std::min(q.maxCoeff(), 0.0) - r <= 0;
      };
      CHECK(inside(a + dir * (edge - 1e-6)));
      CHECK(!inside(a + dir * (edge + 1e-6)));
    }
    // Packet routes run from the sender's edge to the receiver's, along the link.
    for (int i = 0; i < n; ++i) {
      const PacketRoute& route = ring.routes[i];
      const double edge = layout.edges[i];
      CHECK(to_segment(route.start, ring.modules[i].center, ring.modules[clockwise_next(i, n)].center) < 1e-9);
      CHECK((route.start - ring.modules[i].center).norm() == Approx(edge));
      CHECK((route.end - ring.modules[clockwise_next(i, n)].center).norm() == Approx(edge));
    }
  }
}

TEST_CASE("Packet routes run from the sender's edge to the receiver's edge", "[geometry][ring]") {
  const LayoutParams params;
  const RingGeometry ring = build_ring(params, 2, {true});
  const PacketRoute& top = ring.routes[0];
  CHECK(top.start == Point(params.padding + params.module_size, ring.modules[0].center.y()));
  CHECK(top.end == Point(params.grid - params.padding - params.module_size, ring.modules[1].center.y()));
}

TEST_CASE("At weight 3 every link and packet stays inside the grid, for every N", "[geometry][ring]") {
  for (int n = kMinRingSize; n <= kMaxRingSize; ++n) {
    INFO("ring of " << n);
    const RingLayout layout = ring_layout(ring_of(n));
    const RingGeometry ring = build_ring(layout, 3, {true});
    for (const PacketRoute& route : ring.routes) {
      for (const Point& p : {route.start, route.end}) {
        CHECK(p.minCoeff() - route.radius >= 0);
        CHECK(p.maxCoeff() + route.radius <= layout.dims.grid);
      }
    }
    for (const Link& link : ring.links) {
      for (const Point& p : {link.start, link.end}) {
        CHECK(p.minCoeff() - 1.5 >= 0);
        CHECK(p.maxCoeff() + 1.5 <= layout.dims.grid);
      }
    }
  }
}

TEST_CASE("Stroked cards grow inward: the ink's outer edge stays put at every weight", "[geometry][ring]") {
  const LayoutParams params;
  for (double w : {1.0, 1.5, 2.0, 2.5, 3.0}) {
    const RingGeometry ring = build_ring(params, w, {true});
    const Bounds b = ring.modules[0].card.control_bounds();
    CHECK(b.max.x() + w / 2 == Approx(params.module_size / 2));
  }
  const RingGeometry filled = build_ring(params, 3, {false});
  CHECK(filled.modules[0].card.control_bounds().max.x() == Approx(params.module_size / 2));
}

TEST_CASE("The die keeps its clearance, shrinks at heavy weights and is dropped when too small", "[geometry][ring]") {
  LayoutParams params;
  CHECK(die_half_size(params, 2, {true}) == Approx(params.die_size / 2));
  CHECK(die_half_size(params, 3, {true}) < params.die_size / 2);
  CHECK(die_half_size(params, 3, {true}) <= params.module_size / 2 - 3 - params.die_clearance);
  params.die_min_size = 1.5;
  CHECK(die_half_size(params, 3, {true}) == 0);
  CHECK(build_ring(params, 3, {true}).modules[0].die.empty());
}

TEST_CASE("Packets are always wider than the link they run on", "[geometry][ring]") {
  for (int n = kMinRingSize; n <= kMaxRingSize; ++n) {
    const LayoutParams dims = ring_layout(ring_of(n)).dims;
    for (double w = 1.0; w <= 3.0; w += 0.25) CHECK(2 * packet_radius(dims, w) > w);
  }
}

TEST_CASE("Weight breakpoints: where a dimension bends, and straight lines in between", "[geometry][ring]") {
  const LayoutParams params;  // the built-in layout's numbers
  const std::vector<double> outlined = weight_breakpoints(params, CardInk{true});
  // packet grows past 1.75; die shrinks past 2.5, its corners past 3; its cut at 3.1 (and just
  // above); the card path's corners reach 0 at 4.5.
  CHECK(outlined == std::vector<double>{1.75, 2.5, 3, 3.1, 3.1 + 1e-4, 4.5});
  CHECK(weight_breakpoints(params, CardInk{false}) == std::vector<double>{1.75});

  // Between neighbours every number build_ring makes is linear in the weight: the midpoint of two
  // weights draws the midpoint of their outlines; for every N, whose scaled module bends elsewhere.
  for (int n = kMinRingSize; n <= kMaxRingSize; ++n) {
    INFO("ring of " << n);
    const RingLayout layout = ring_layout(ring_of(n));
    const auto numbers = [&](double w) {
      const RingGeometry r = build_ring(layout, w, CardInk{true});
      std::vector<double> out{r.routes[0].radius, r.links[0].start.x(), r.links[0].end.y()};
      for (const Path* p : {&r.modules[0].card, &r.modules[0].die}) {
        for (const PathCommand& c : p->commands()) {
          for (const Point& q : c.points) out.insert(out.end(), {q.x(), q.y()});
        }
      }
      return out;
    };
    std::vector<double> stops{1};
    for (double b : weight_breakpoints(layout.dims, CardInk{true})) {
      if (b > 1 && b < 3) stops.push_back(b);
    }
    stops.push_back(3);
    for (std::size_t i = 0; i + 1 < stops.size(); ++i) {
      for (double u : {0.25, 0.5, 0.8}) {
        const double w = stops[i] + (stops[i + 1] - stops[i]) * u;
        const std::vector<double> a = numbers(stops[i]), b = numbers(stops[i + 1]), mid = numbers(w);
        if (a.size() != mid.size() || b.size() != mid.size()) continue;  // the die comes or goes at a stop
        for (std::size_t d = 0; d < mid.size(); ++d) CHECK(mid[d] == Approx(a[d] + (b[d] - a[d]) * u).margin(1e-9));
      }
    }
  }
  // Control: across a breakpoint the line bends (the die holds its size, then shrinks).
  const auto numbers = [&](double w) {
    const RingGeometry r = build_ring(params, w, CardInk{true});
    std::vector<double> out;
    for (const PathCommand& c : r.modules[0].die.commands()) {
      for (const Point& q : c.points) out.insert(out.end(), {q.x(), q.y()});
    }
    return out;
  };
  const std::vector<double> a = numbers(2.25), b = numbers(2.75), mid = numbers(2.5);
  bool bent = false;
  for (std::size_t d = 0; d < mid.size(); ++d) bent = bent || std::abs(mid[d] - (a[d] + b[d]) / 2) > 1e-6;
  CHECK(bent);
}
