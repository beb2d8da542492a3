#include "geometry/ring_layout.h"

#include <algorithm>

namespace iconsynth::geometry {

double module_offset(const LayoutParams& params) {
  return params.grid / 2 - params.padding - params.module_size / 2;
}

double die_half_size(const LayoutParams& params, double stroke_weight, CardInk ink) {
  const double ink_width = ink.stroked ? stroke_weight : 0.0;
  const double inner_half = params.module_size / 2 - ink_width;  // free space inside the card's ink
  const double half = std::min(params.die_size / 2, inner_half - params.die_clearance);
  return 2 * half < params.die_min_size ? 0.0 : half;
}

double packet_radius(const LayoutParams& params, double stroke_weight) {
  return std::max(params.packet_radius, params.packet_min_stroke_ratio * stroke_weight / 2);
}

std::vector<double> weight_breakpoints(const LayoutParams& params, CardInk ink) {
  std::vector<double> at{
      // the packet grows once the stroke asks for more than its radius
      2 * params.packet_radius / params.packet_min_stroke_ratio,
  };
  if (ink.stroked) {
    const double free_half = params.module_size / 2 - params.die_clearance;  // die half + weight
    at.push_back(2 * params.module_corner_radius);      // the card path's corner radius reaches 0
    at.push_back(free_half - params.die_size / 2);      // the die starts to shrink
    at.push_back(free_half - params.die_corner_radius); // the die's corners start to shrink
    const double cut = free_half - params.die_min_size / 2;  // beyond it the die is left out
    at.push_back(cut);
    at.push_back(cut + 1e-4);
  }
  std::sort(at.begin(), at.end());
  at.erase(std::unique(at.begin(), at.end()), at.end());
  return at;
}

RingGeometry build_ring(const LayoutParams& params, double stroke_weight, CardInk ink) {
  const Point grid_center = Point::Constant(params.grid / 2);
  const double offset = module_offset(params);
  const double outer_half = params.module_size / 2;
  // A stroke is centred on its path: inset the path by half the stroke so the ink's outer edge
  // (and its corner radius) stays where the spec puts it.
  const double inset = ink.stroked ? stroke_weight / 2 : 0.0;
  const double card_half = outer_half - inset;
  const double card_radius = std::max(0.0, params.module_corner_radius - inset);
  const double die_half = die_half_size(params, stroke_weight, ink);
  const double die_radius = std::min(params.die_corner_radius, die_half);

  // Unit direction from the grid centre to each corner, in ring order.
  const std::array<Point, kRingSize> corner{Point(-1, -1), Point(1, -1), Point(1, 1), Point(-1, 1)};

  RingGeometry ring;
  for (RingPosition pos : kRingOrder) {
    const int i = ring_index(pos);
    Module& m = ring.modules[i];
    m.position = pos;
    m.center = grid_center + offset * corner[i];
    m.card = rounded_rect(Point::Zero(), Point::Constant(card_half), card_radius);
    if (die_half > 0) m.die = rounded_rect(Point::Zero(), Point::Constant(die_half), die_radius);
  }
  for (RingPosition pos : kRingOrder) {
    const int i = ring_index(pos);
    const Point from = ring.modules[i].center;
    const Point to = ring.modules[ring_index(clockwise_next(pos))].center;
    const Point direction = (to - from).normalized();
    const Point sender_edge = from + direction * outer_half;
    const Point receiver_edge = to - direction * outer_half;
    ring.links[i] = {pos, sender_edge + direction * params.link_gap, receiver_edge - direction * params.link_gap};
    ring.routes[i] = {pos, sender_edge, receiver_edge, packet_radius(params, stroke_weight)};
  }
  return ring;
}

}  // namespace iconsynth::geometry
