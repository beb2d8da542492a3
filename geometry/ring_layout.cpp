#include "geometry/ring_layout.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace iconsynth::geometry {

namespace {

constexpr double kDegree = std::numbers::pi / 180;

bool is_square(const LayoutParams& params) { return params.modules == 4; }

// Distance from the centre of a rounded square (half side `half`, corner radius `radius`) to its
// edge along a ray `degrees` off its +x axis.
double ray_to_edge(double half, double radius, double degrees) {
  double ax = std::abs(std::cos(degrees * kDegree)), ay = std::abs(std::sin(degrees * kDegree));
  if (ay > ax) std::swap(ax, ay);
  const double flat = half / ax;
  if (flat * ay <= half - radius) return flat;
  // Past the flat part: the ray leaves through the corner's quarter circle.
  const double c = half - radius;
  const double along = c * (ax + ay);
  return along + std::sqrt(along * along - 2 * c * c + radius * radius);
}

// A card's turn: a corner points at the centre (the 2×2 ring's cards are upright, their corners
// on the diagonals), reduced to [0, 90) since a square looks the same turned by 90°.
double card_turn(int position, int size) {
  const double turn = std::fmod(position_angle(position, size) + 135, 90.0);
  return turn < 0 ? turn + 90 : turn;
}

// Half the extent of a rounded square turned by `turn` degrees, along x (and y: the same).
double turned_half_extent(double half, double radius, double turn) {
  return (half - radius) * (std::abs(std::cos(turn * kDegree)) + std::abs(std::sin(turn * kDegree))) + radius;
}

// Every length of a module, its die, the link gap and the packet, × k.
LayoutParams scaled(LayoutParams p, double k) {
  for (double* d : {&p.module_size, &p.module_corner_radius, &p.die_size, &p.die_corner_radius, &p.die_clearance,
                    &p.die_min_size, &p.link_gap, &p.packet_radius}) {
    *d *= k;
  }
  return p;
}

// The card's edge along its links, for the spec's (unscaled) card, in the card's own frame: the
// side from one module to the next leaves at 180/N - 45 degrees off the card's axes.
double unit_edge_distance(const LayoutParams& p) {
  return ray_to_edge(p.module_size / 2, p.module_corner_radius, 180.0 / p.modules - 45);
}

// Two packets leaving neighbouring modules together, each on its own link, are closest half way,
// chord · cos(π/N) apart (the sides' midpoints): a radius below half that, less a link gap, keeps
// them apart. On the 2×2 ring this is 4.4 units, above any packet the built-in spec draws.
void limit_packets(RingLayout& layout) {
  const int n = static_cast<int>(layout.centers.size());
  double chord = std::numeric_limits<double>::infinity();
  for (int k = 0; k < n; ++k) chord = std::min(chord, (layout.centers[clockwise_next(k, n)] - layout.centers[k]).norm());
  layout.dims.packet_max_radius = (chord * std::cos(std::numbers::pi / n) - layout.dims.link_gap) / 2;
}

// Direction of link k, from module k toward its clockwise neighbour, in degrees on screen: along
// the polygon's side, square to the radius through its midpoint.
double link_direction(int link, int size) { return link_angle(link, size) + 90; }

// Each card's edge along each link, for cards of the layout's size and turns.
void set_edges(RingLayout& layout) {
  const int n = static_cast<int>(layout.centers.size());
  const LayoutParams& p = layout.dims;
  layout.edges.clear();
  for (int k = 0; k < n; ++k) {
    if (is_square(p)) {
      layout.edges.push_back(p.module_size / 2);
    } else if (p.upright_cards) {
      layout.edges.push_back(ray_to_edge(p.module_size / 2, p.module_corner_radius, link_direction(k, n)));
    } else {
      layout.edges.push_back(unit_edge_distance(p));
    }
  }
}

// Nearest whole number of `parity` (0 even, 1 odd) at most `most`, and at least `least`.
double whole_of_parity(double value, int parity, double least, double most) {
  double best = -1;
  for (double v = std::floor(most); v >= least; --v) {
    if (static_cast<long>(v) % 2 != parity) continue;
    if (best < 0 || std::abs(v - value) < std::abs(best - value)) best = v;
    if (v < value) break;
  }
  return best;
}

// On keylines: a ring of N's module and die sizes to whole units (module: the weight's parity, at
// most a quarter unit above its fitted size, its corner radius in proportion; die: the module's
// parity, so both centre alike).
void round_to_keylines(LayoutParams& p, int weight) {
  const double fitted = p.module_size;
  p.module_size = whole_of_parity(p.module_size, weight % 2, 1, p.module_size + 0.25);
  if (p.module_size < 1) p.module_size = weight % 2 == 0 ? 2 : 1;
  // The corner keeps its proportion to the card.
  p.module_corner_radius = std::min(p.module_corner_radius * p.module_size / fitted, p.module_size / 2);
  // The die fits inside the card's ink with its clearance at the keyline weight, or is left out.
  const double room = p.module_size - 2 * weight - 2 * p.die_clearance;
  const double die = whole_of_parity(std::min(p.die_size, room), static_cast<int>(p.module_size) % 2, 0, std::min(p.die_size, room) + 0.25);
  p.die_size = std::max(0.0, die);
  p.die_corner_radius = std::min(p.die_corner_radius, p.die_size / 2);
}

// On keylines, a ring of N's card corner: the radius it derives in proportion to its rounded card
// lands anywhere (2.25 × 4/8 = 1.125 on the ring of 6), so the straight sides start and end a
// fraction into a unit and every pixel at their ends is grey at 24 px; to the nearest whole unit,
// at least one, a side runs from keyline to keyline. (The 2×2 ring's radius is the spec's own.)
void corner_to_keylines(LayoutParams& p) {
  if (p.module_corner_radius <= 0) return;
  p.module_corner_radius = std::min(std::max(1.0, std::round(p.module_corner_radius)), p.module_size / 2);
}

// On keylines: each centre's coordinates on the lattice that puts its card's edges on whole
// units (half units for an odd module size), the nearest point that keeps the padding, so mirror
// images of the ring stay mirror images.
void centres_to_keylines(RingLayout& layout) {
  const LayoutParams& p = layout.dims;
  const double phase = p.module_size / 2 - std::floor(p.module_size / 2);
  const double half = p.module_size / 2;
  const double middle = p.grid / 2;
  for (Point& c : layout.centers) {
    for (int d = 0; d < 2; ++d) {
      // Nearest, and half-way toward the middle: mirror images round alike.
      const double below = std::floor(c[d] - phase) + phase;
      const double off = c[d] - below;
      double at = std::abs(off - 0.5) < 1e-9 ? (std::abs(below - middle) < std::abs(below + 1 - middle) ? below : below + 1)
                                             : (off < 0.5 ? below : below + 1);
      if (at - half < p.padding - 1e-9) at += 1;
      if (at + half > p.grid - p.padding + 1e-9) at -= 1;
      c[d] = at;
    }
  }
}

}  // namespace

double module_offset(const LayoutParams& params) {
  return params.grid / 2 - params.padding - params.module_size / 2;
}

RingLayout ring_layout(const LayoutParams& params) {
  RingLayout layout;
  const int n = params.modules;
  const bool upright = params.upright_cards;
  const bool keylines = params.keyline_weight > 0;
  const Point grid_center = Point::Constant(params.grid / 2);
  if (is_square(params)) {
    // The 2×2 ring in its exact form, offset · (±1, ±1): cos/sin would round the centres
    // differently and move every byte the 2×2 icon exports.
    layout.dims = params;
    const double offset = module_offset(params);
    for (const Point& corner : {Point(-1, -1), Point(1, -1), Point(1, 1), Point(-1, 1)}) {
      layout.centers.push_back(grid_center + offset * corner);
      layout.turns.push_back(0);
    }
    if (keylines) {
      round_to_keylines(layout.dims, static_cast<int>(params.keyline_weight));
      centres_to_keylines(layout);
    }
    set_edges(layout);
    limit_packets(layout);
    return layout;
  }
  // Module k sits at radius R on angle θk; scaled by f its card reaches f·Ek further along x and
  // y, so R ≤ (A - f·Ek) / mk with A the half grid less the padding and mk the larger of
  // |cos θk|, |sin θk|. Neighbours sit 2·R·sin(π/N) apart, and the free run between their cards
  // should be at least f × the 2×2 ring's run: solving for f gives one bound per module. Upright
  // cards (keylines) meet their links at several angles: the widest edge counts.
  const double half_room = params.grid / 2 - params.padding;
  const double square_run = 2 * module_offset(params) - params.module_size;
  const double chord_per_radius = 2 * std::sin(std::numbers::pi / n);
  double edge = unit_edge_distance(params);
  if (upright) {
    edge = 0;
    for (int k = 0; k < n; ++k) edge = std::max(edge, ray_to_edge(params.module_size / 2, params.module_corner_radius, link_direction(k, n)));
  }
  std::vector<double> reach(n), axis(n);
  double f = 1;
  for (int k = 0; k < n; ++k) {
    layout.turns.push_back(upright ? 0 : card_turn(k, n));
    reach[k] = turned_half_extent(params.module_size / 2, params.module_corner_radius, layout.turns[k]);
    const double theta = position_angle(k, n) * kDegree;
    axis[k] = std::max(std::abs(std::cos(theta)), std::abs(std::sin(theta)));
    const double denominator = 2 * edge + square_run + chord_per_radius * reach[k] / axis[k];
    if (denominator > 0) f = std::min(f, chord_per_radius * half_room / axis[k] / denominator);
  }
  layout.scale = f;
  layout.dims = scaled(params, f);
  if (keylines) {
    round_to_keylines(layout.dims, static_cast<int>(params.keyline_weight));
    corner_to_keylines(layout.dims);
  }
  double radius = half_room;
  for (int k = 0; k < n; ++k) {
    const double card_reach = upright ? layout.dims.module_size / 2 : f * reach[k];
    radius = std::min(radius, (half_room - card_reach) / axis[k]);
  }
  for (int k = 0; k < n; ++k) {
    const double theta = position_angle(k, n) * kDegree;
    layout.centers.push_back(grid_center + radius * Point(std::cos(theta), std::sin(theta)));
  }
  if (keylines) centres_to_keylines(layout);
  set_edges(layout);
  limit_packets(layout);
  return layout;
}

double free_run(const RingLayout& layout, int link) {
  const int n = static_cast<int>(layout.centers.size());
  return (layout.centers[clockwise_next(link, n)] - layout.centers[link]).norm() - 2 * layout.edges[link];
}

double free_run(const RingLayout& layout) {
  double run = std::numeric_limits<double>::infinity();
  for (int k = 0; k < static_cast<int>(layout.centers.size()); ++k) run = std::min(run, free_run(layout, k));
  return run;
}

double max_swell_in_grid(const RingLayout& layout) {
  const LayoutParams& p = layout.dims;
  if (is_square(p)) return 1 + 2 * p.padding / p.module_size;
  double most = std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k < layout.centers.size(); ++k) {
    const double reach = turned_half_extent(p.module_size / 2, p.module_corner_radius, layout.turns[k]);
    for (int d = 0; d < 2; ++d) {
      const double room = p.grid / 2 - std::abs(layout.centers[k][d] - p.grid / 2);
      most = std::min(most, room / reach);
    }
  }
  return most;
}

double max_swell_apart(const RingLayout& layout) {
  const int n = static_cast<int>(layout.centers.size());
  double most = std::numeric_limits<double>::infinity();
  for (int k = 0; k < n; ++k) most = std::min(most, (layout.centers[clockwise_next(k, n)] - layout.centers[k]).norm() / (2 * layout.edges[k]));
  return most;
}

double max_swell(const RingLayout& layout) { return std::min(max_swell_in_grid(layout), max_swell_apart(layout)); }

double die_half_size(const LayoutParams& params, double stroke_weight, CardInk ink) {
  const double ink_width = ink.stroked ? stroke_weight : 0.0;
  const double inner_half = params.module_size / 2 - ink_width;  // free space inside the card's ink
  const double half = std::min(params.die_size / 2, inner_half - params.die_clearance);
  return 2 * half < params.die_min_size ? 0.0 : half;
}

double packet_radius(const LayoutParams& params, double stroke_weight) {
  return std::min(std::max(params.packet_radius, params.packet_min_stroke_ratio * stroke_weight / 2), params.packet_max_radius);
}

std::vector<double> weight_breakpoints(const LayoutParams& params, CardInk ink) {
  std::vector<double> at{
      // the packet grows once the stroke asks for more than its radius
      2 * params.packet_radius / params.packet_min_stroke_ratio,
  };
  // … and stops growing at the ring's limit
  if (std::isfinite(params.packet_max_radius)) at.push_back(2 * params.packet_max_radius / params.packet_min_stroke_ratio);
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

RingGeometry build_ring(const RingLayout& layout, double stroke_weight, CardInk ink) {
  const LayoutParams& params = layout.dims;
  const int n = static_cast<int>(layout.centers.size());
  const double outer_half = params.module_size / 2;
  // A stroke is centred on its path: inset the path by half the stroke so the ink's outer edge
  // (and its corner radius) stays where the spec puts it.
  const double inset = ink.stroked ? stroke_weight / 2 : 0.0;
  const double card_half = outer_half - inset;
  const double card_radius = std::max(0.0, params.module_corner_radius - inset);
  const double die_half = die_half_size(params, stroke_weight, ink);
  const double die_radius = std::min(params.die_corner_radius, die_half);

  RingGeometry ring;
  for (int i = 0; i < n; ++i) {
    Module m;
    m.position = i;
    m.center = layout.centers[i];
    m.turn = layout.turns[i];
    // A card whose corners are round at light weights keeps its corner curves where a heavy
    // stroke's inset takes them to radius 0 (small cards on large rings reach it below weight 3).
    m.card = rounded_rect(Point::Zero(), Point::Constant(card_half), card_radius, Winding::Clockwise,
                          params.module_corner_radius > 0 ? SharpCorners::Keep : SharpCorners::Drop);
    if (die_half > 0) m.die = rounded_rect(Point::Zero(), Point::Constant(die_half), die_radius);
    ring.modules.push_back(std::move(m));
  }
  for (int i = 0; i < n; ++i) {
    const Point from = ring.modules[i].center;
    const Point to = ring.modules[clockwise_next(i, n)].center;
    const Point direction = (to - from).normalized();
    const Point sender_edge = from + direction * layout.edges[i];
    const Point receiver_edge = to - direction * layout.edges[i];
    ring.links.push_back({i, sender_edge + direction * params.link_gap, receiver_edge - direction * params.link_gap});
    ring.routes.push_back({i, sender_edge, receiver_edge, packet_radius(params, stroke_weight)});
  }
  return ring;
}

RingGeometry build_ring(const LayoutParams& params, double stroke_weight, CardInk ink) {
  return build_ring(ring_layout(params), stroke_weight, ink);
}

}  // namespace iconsynth::geometry
