#include "geometry/ring_layout.h"

#include <catch2/catch.hpp>

using namespace iconsynth::geometry;

TEST_CASE("Modules sit at the corners of a square, in clockwise ring order", "[geometry][ring]") {
  const LayoutParams params;
  const RingGeometry ring = build_ring(params, 2, {true});
  const double lo = params.padding + params.module_size / 2, hi = params.grid - lo;
  CHECK(ring.modules[0].center == Point(lo, lo));  // TL
  CHECK(ring.modules[1].center == Point(hi, lo));  // TR
  CHECK(ring.modules[2].center == Point(hi, hi));  // BR
  CHECK(ring.modules[3].center == Point(lo, hi));  // BL
  CHECK(short_name(clockwise_next(RingPosition::BottomLeft)) == "tl");
  CHECK(link_side(RingPosition::BottomRight) == "bottom");
}

TEST_CASE("Links lie on the line through both modules' centres, between facing edges", "[geometry][ring]") {
  const LayoutParams params;
  const RingGeometry ring = build_ring(params, 2, {true});
  for (int i = 0; i < kRingSize; ++i) {
    const Link& link = ring.links[i];
    const Point a = ring.modules[i].center, b = ring.modules[(i + 1) % kRingSize].center;
    const Point dir = (b - a).normalized();
    // Collinear with the centres: no component across the centre line.
    CHECK(std::abs((link.start - a).x() * dir.y() - (link.start - a).y() * dir.x()) < 1e-12);
    CHECK(std::abs((link.end - a).x() * dir.y() - (link.end - a).y() * dir.x()) < 1e-12);
    CHECK((link.start - a).dot(dir) == Approx(params.module_size / 2 + params.link_gap));
    CHECK((b - link.end).dot(dir) == Approx(params.module_size / 2 + params.link_gap));
  }
}

TEST_CASE("Packet routes run from the sender's edge to the receiver's edge", "[geometry][ring]") {
  const LayoutParams params;
  const RingGeometry ring = build_ring(params, 2, {true});
  const PacketRoute& top = ring.routes[0];
  CHECK(top.start == Point(params.padding + params.module_size, ring.modules[0].center.y()));
  CHECK(top.end == Point(params.grid - params.padding - params.module_size, ring.modules[1].center.y()));
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
  const LayoutParams params;
  for (double w = 1.0; w <= 3.0; w += 0.25) CHECK(2 * packet_radius(params, w) > w);
}

TEST_CASE("Weight breakpoints: where a dimension bends, and straight lines in between", "[geometry][ring]") {
  const LayoutParams params;  // the built-in layout's numbers
  const std::vector<double> outlined = weight_breakpoints(params, CardInk{true});
  // packet grows past 1.75; die shrinks past 2.25, its corners past 3; its cut at 3.1 (and just
  // above); the card path's corners reach 0 at 4.5.
  CHECK(outlined == std::vector<double>{1.75, 2.25, 3, 3.1, 3.1 + 1e-4, 4.5});
  CHECK(weight_breakpoints(params, CardInk{false}) == std::vector<double>{1.75});

  // Between neighbours every number build_ring makes is linear in the weight: the midpoint of two
  // weights draws the midpoint of their outlines.
  const auto numbers = [&](double w) {
    const RingGeometry r = build_ring(params, w, CardInk{true});
    std::vector<double> out{r.routes[0].radius};
    for (const Path* p : {&r.modules[0].card, &r.modules[0].die}) {
      for (const PathCommand& c : p->commands()) {
        for (const Point& q : c.points) out.insert(out.end(), {q.x(), q.y()});
      }
    }
    return out;
  };
  std::vector<double> stops{1};
  for (double b : outlined) {
    if (b > 1 && b < 3) stops.push_back(b);
  }
  stops.push_back(3);
  for (std::size_t i = 0; i + 1 < stops.size(); ++i) {
    for (double u : {0.25, 0.5, 0.8}) {
      const double w = stops[i] + (stops[i + 1] - stops[i]) * u;
      const std::vector<double> a = numbers(stops[i]), b = numbers(stops[i + 1]), mid = numbers(w);
      REQUIRE(a.size() == mid.size());
      for (std::size_t d = 0; d < mid.size(); ++d) CHECK(mid[d] == Approx(a[d] + (b[d] - a[d]) * u).margin(1e-9));
    }
  }
  // Control: across a breakpoint the line bends (the die holds its size, then shrinks).
  const std::vector<double> a = numbers(2), b = numbers(2.5), mid = numbers(2.25);
  bool bent = false;
  for (std::size_t d = 0; d < mid.size(); ++d) bent = bent || std::abs(mid[d] - (a[d] + b[d]) / 2) > 1e-6;
  CHECK(bent);
}
