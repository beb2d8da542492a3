#include "render/scene/scene.h"

#include "geometry/ring_layout.h"
#include "spec/json_reader.h"

#include <stdexcept>

namespace iconsynth::render {

namespace {

using geometry::RingPosition;
using spec::CardFill;
using spec::DieInk;

Paint fill(ColorRole role, spec::Rgba color) { return {Paint::Kind::Fill, role, color, 0}; }
Paint stroke(spec::Rgba color, double width) { return {Paint::Kind::Stroke, ColorRole::Primary, color, width}; }

std::vector<Part> module_parts(const geometry::Module& module, const spec::StyleRule& rule, const AnimatedScene& s) {
  std::vector<Part> parts;
  if (rule.card_fill != CardFill::None) {
    geometry::Path card = module.card;
    // A true hole: the die's contour runs the other way, so nonzero winding leaves it empty.
    if (rule.die == DieInk::Hole && !module.die.empty()) card.append(module.die.reversed());
    const bool primary = rule.card_fill == CardFill::Primary;
    parts.push_back({"card-fill", card,
                     fill(primary ? ColorRole::Primary : ColorRole::Secondary, primary ? s.primary : s.secondary)});
  }
  if (rule.card_stroke) parts.push_back({"card-stroke", module.card, stroke(s.primary, s.variant.weight)});
  if (rule.die == DieInk::Fill && !module.die.empty()) {
    parts.push_back({"die", module.die, fill(ColorRole::Primary, s.primary)});
  }
  return parts;
}

std::string packet_name(const motion::PacketMotion& p, int round_count) {
  std::string name = "packet-";
  name += geometry::short_name(geometry::kRingOrder[p.sender]);
  name += "-";
  name += geometry::short_name(geometry::kRingOrder[p.receiver]);
  if (round_count > 1) name += "-r" + std::to_string(p.round + 1);
  return name;
}

// The route a packet runs: the link from sender to receiver, walked backwards when the exchange
// runs counter-clockwise (routes are laid out clockwise).
geometry::PacketRoute route_of(const geometry::RingGeometry& ring, const motion::PacketMotion& p) {
  const geometry::PacketRoute& clockwise = ring.routes[p.sender];
  if (geometry::ring_index(geometry::clockwise_next(clockwise.from)) == p.receiver) return clockwise;
  const geometry::PacketRoute& back = ring.routes[p.receiver];
  return {geometry::kRingOrder[p.sender], back.end, back.start, back.radius};
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

bool uses_role(const AnimatedScene& scene, ColorRole role) {
  for (const Element& e : scene.elements) {
    for (const Part& p : e.parts) {
      if (p.paint.role == role) return true;
    }
  }
  return false;
}

AnimatedScene build_scene(const spec::IconSpec& spec, const Variant& variant) {
  if (!(variant.weight >= spec::kMinWeight && variant.weight <= spec::kMaxWeight)) {
    throw std::invalid_argument("stroke weight " + spec::format_number(variant.weight) + " is outside [1, 3]");
  }
  const spec::StyleRule& rule = spec.style_rule(variant.style);
  const spec::ThemeRule& theme = spec.theme_rule(variant.theme);

  AnimatedScene s;
  s.icon_id = spec.id;
  s.variant = variant;
  s.grid = spec.layout.grid;
  s.frame_rate = spec.frame_rate;
  s.primary = variant.color.value_or(theme.primary);
  s.secondary = theme.secondary(s.primary);
  s.choreography = motion::choreograph(spec.choreography(variant.motion), geometry::kRingSize);
  s.frame_count = s.choreography.frame_count;

  const geometry::RingGeometry ring =
      geometry::build_ring(spec.layout, variant.weight, geometry::CardInk{rule.card_stroke});
  const motion::Track<Eigen::Vector2d> origin(Eigen::Vector2d::Zero());
  const motion::Track<double> rest_scale(1.0), opaque(1.0);

  for (const geometry::Link& link : ring.links) {
    s.elements.push_back({"link-" + std::string(geometry::link_side(link.from)), ElementKind::Link,
                          {{"line", geometry::segment(link.start, link.end), stroke(s.primary, variant.weight)}},
                          origin, rest_scale, opaque});
  }
  for (const motion::PacketMotion& p : s.choreography.packets) {
    const geometry::PacketRoute route = route_of(ring, p);
    s.elements.push_back({packet_name(p, s.choreography.round_count), ElementKind::Packet,
                          {{"dot", geometry::circle(Eigen::Vector2d::Zero(), route.radius), fill(ColorRole::Primary, s.primary)}},
                          route_track(p.progress, route), rest_scale, p.opacity});
  }
  for (const geometry::Module& m : ring.modules) {
    s.elements.push_back({"module-" + std::string(geometry::short_name(m.position)), ElementKind::Module,
                          module_parts(m, rule, s), motion::Track<Eigen::Vector2d>(m.center),
                          s.choreography.module_scale[geometry::ring_index(m.position)], opaque});
  }
  return s;
}

}  // namespace iconsynth::render
