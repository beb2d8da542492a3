#include "render/scene/ring_kind.h"

#include "geometry/ring_layout.h"
#include "render/scene/across_weights.h"

#include <cmath>
#include <numbers>

namespace iconsynth::render {

namespace {

using spec::CardFill;
using spec::DieInk;

Paint fill(ColorRole role, spec::Rgba color) { return {Paint::Kind::Fill, role, color, 0}; }
Paint stroke(spec::Rgba color, double width) { return {Paint::Kind::Stroke, ColorRole::Primary, color, width}; }

// `die_in_range`: the die some weight draws, for a weight that leaves it out: it is then kept as
// that outline collapsed onto the centre (no ink), so the part and its commands are the same at
// every weight and a player can key it.
std::vector<Part> module_parts(const geometry::Module& module, const spec::StyleRule& rule, const AnimatedScene& s,
                               double weight, const geometry::Path& die_in_range) {
  const geometry::Path die = module.die.empty() ? die_in_range.transformed(geometry::Affine(Eigen::Scaling(0.0))) : module.die;
  std::vector<Part> parts;
  if (rule.card_fill != CardFill::None) {
    geometry::Path card = module.card;
    // A true hole: the die's contour runs the other way, so nonzero winding leaves it empty.
    if (rule.die == DieInk::Hole && !die.empty()) card.append(die.reversed());
    const bool primary = rule.card_fill == CardFill::Primary;
    parts.push_back({"card-fill", card,
                     fill(primary ? ColorRole::Primary : ColorRole::Secondary, primary ? s.primary : s.secondary), {}});
  }
  if (rule.card_stroke) parts.push_back({"card-stroke", module.card, stroke(s.primary, weight), {}});
  if (rule.die == DieInk::Fill && !die.empty()) parts.push_back({"die", die, fill(ColorRole::Primary, s.primary), {}});
  return parts;
}

std::string packet_name(const motion::PacketMotion& p, int module_count, int round_count) {
  std::string name = "packet-";
  name += geometry::position_name(p.sender, module_count);
  name += "-";
  name += geometry::position_name(p.receiver, module_count);
  if (round_count > 1) {
    name += "-r";
    name += std::to_string(p.round + 1);
  }
  return name;
}

// The route a packet runs: the link from sender to receiver, walked backwards when the exchange
// runs counter-clockwise (routes are laid out clockwise).
geometry::PacketRoute route_of(const geometry::RingGeometry& ring, const motion::PacketMotion& p) {
  const int n = static_cast<int>(ring.routes.size());
  const geometry::PacketRoute& clockwise = ring.routes[p.sender];
  if (geometry::clockwise_next(clockwise.from, n) == p.receiver) return clockwise;
  const geometry::PacketRoute& back = ring.routes[p.receiver];
  return {p.sender, back.end, back.start, back.radius};
}

// The packet's position over time: its progress track mapped onto the route. A straight route
// is linear in progress, so the keys and their easing carry over unchanged.
motion::Track<Eigen::Vector2d> route_track(const motion::Track<double>& progress, const geometry::PacketRoute& route) {
  motion::Track<Eigen::Vector2d> track;
  for (const auto& key : progress.keys()) {
    track.add(key.frame, route.start + (route.end - route.start) * key.value, key.ease);
  }
  return track;
}

}  // namespace

void build_ring_elements(const spec::IconSpec& spec, AnimatedScene& s) {
  const spec::StyleRule& rule = spec.style_rule(s.variant.style);
  const geometry::RingLayout layout = geometry::ring_layout(spec.layout);
  const int n = spec.module_count();

  // The rest pose at the variant's weight, and at every weight where some outline bends, so the
  // parts can say how they follow the weight.
  const geometry::CardInk ink{rule.card_stroke};
  std::vector<double> weights{spec::kMinWeight};
  for (double w : geometry::weight_breakpoints(layout.dims, ink)) {
    if (w > spec::kMinWeight && w < spec::kMaxWeight) weights.push_back(w);
  }
  weights.push_back(spec::kMaxWeight);
  std::vector<geometry::RingGeometry> rings;
  for (double w : weights) rings.push_back(geometry::build_ring(layout, w, ink));
  const geometry::RingGeometry ring = geometry::build_ring(layout, s.variant.weight, ink);
  geometry::Path die_in_range = ring.modules[0].die;
  for (const geometry::RingGeometry& r : rings) {
    if (die_in_range.empty()) die_in_range = r.modules[0].die;
  }

  // Every element's parts at one weight, in scene order: links, packets, modules.
  const auto parts_at = [&](const geometry::RingGeometry& r, double w) {
    PartsAtWeight parts;
    for (const geometry::Link& link : r.links) {
      // Along +x about its midpoint: every link of the ring is then the same outline, turned.
      const double half = (link.end - link.start).norm() / 2;
      parts.push_back({{"line", geometry::segment({-half, 0}, {half, 0}), stroke(s.primary, w), {}}});
    }
    for (const motion::PacketMotion& p : s.choreography.packets) {
      parts.push_back({{"dot", geometry::circle(Eigen::Vector2d::Zero(), route_of(r, p).radius), fill(ColorRole::Primary, s.primary), {}}});
    }
    for (const geometry::Module& m : r.modules) parts.push_back(module_parts(m, rule, s, w, die_in_range));
    return parts;
  };
  PartsAtWeight parts = parts_at(ring, s.variant.weight);
  std::vector<PartsAtWeight> sampled;
  for (std::size_t i = 0; i < weights.size(); ++i) sampled.push_back(parts_at(rings[i], weights[i]));
  set_across_weights(parts, weights, sampled);

  const motion::Track<double> rest_scale(1.0), opaque(1.0);
  std::size_t next = 0;
  for (const geometry::Link& link : ring.links) {
    const Eigen::Vector2d along = link.end - link.start;
    s.elements.push_back({"link-" + geometry::link_name(link.from, n), ElementKind::Link, std::move(parts[next++]),
                          motion::Track<Eigen::Vector2d>((link.start + link.end) / 2), rest_scale, opaque,
                          std::atan2(along.y(), along.x()) * 180 / std::numbers::pi});
  }
  for (const motion::PacketMotion& p : s.choreography.packets) {
    s.elements.push_back({packet_name(p, n, s.choreography.round_count), ElementKind::Packet, std::move(parts[next++]),
                          route_track(p.progress, route_of(ring, p)), rest_scale, p.opacity});
  }
  for (const geometry::Module& m : ring.modules) {
    s.elements.push_back({"module-" + geometry::position_name(m.position, n), ElementKind::Module, std::move(parts[next++]),
                          motion::Track<Eigen::Vector2d>(m.center), s.choreography.module_scale[m.position], opaque, m.turn});
  }
}

}  // namespace iconsynth::render
