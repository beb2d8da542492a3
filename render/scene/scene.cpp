#include "render/scene/scene.h"

#include "geometry/ring_layout.h"
#include "spec/json_reader.h"

#include <cmath>
#include <numbers>
#include <stdexcept>

namespace iconsynth::render {

namespace {

using geometry::RingPosition;
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

// Whether `b` lies on the straight line from `a` to `c` (every point and the width).
bool between(const PartAtWeight& a, const PartAtWeight& b, const PartAtWeight& c) {
  const double u = (b.weight - a.weight) / (c.weight - a.weight);
  const auto near = [u](double from, double mid, double to) { return std::abs(from + (to - from) * u - mid) < 1e-9; };
  const auto& ca = a.path.commands();
  const auto& cb = b.path.commands();
  const auto& cc = c.path.commands();
  if (ca.size() != cb.size() || cb.size() != cc.size()) return false;
  for (std::size_t i = 0; i < ca.size(); ++i) {
    if (ca[i].verb != cb[i].verb || cb[i].verb != cc[i].verb) return false;
    for (std::size_t p = 0; p < 3; ++p) {
      for (int d = 0; d < 2; ++d) {
        if (!near(ca[i].points[p][d], cb[i].points[p][d], cc[i].points[p][d])) return false;
      }
    }
  }
  return near(a.stroke_width, b.stroke_width, c.stroke_width);
}

// Keeps the ends and the samples where the part bends: the others lie on the line through
// their neighbours and would tell a player nothing.
void drop_straight_samples(std::vector<PartAtWeight>& samples) {
  std::vector<PartAtWeight> kept;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    if (!kept.empty() && i + 1 < samples.size() && between(kept.back(), samples[i], samples[i + 1])) continue;
    kept.push_back(samples[i]);
  }
  samples = std::move(kept);
}

}  // namespace

bool follows_weight(const Element& element) {
  for (const Part& p : element.parts) {
    if (!p.across_weights.empty()) return true;
  }
  return false;
}

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
  s.meta = spec.meta;
  s.variant = variant;
  s.grid = spec.layout.grid;
  s.frame_rate = spec.frame_rate;
  s.primary = variant.color.value_or(theme.primary);
  s.secondary = theme.secondary(s.primary);
  s.theme = theme;
  s.choreography = motion::choreograph(spec.choreography(variant.motion), geometry::kRingSize);
  s.frame_count = s.choreography.frame_count;

  // The rest pose at the variant's weight, and at every weight where some outline bends, so the
  // parts can say how they follow the weight.
  const geometry::CardInk ink{rule.card_stroke};
  std::vector<double> weights{spec::kMinWeight};
  for (double w : geometry::weight_breakpoints(spec.layout, ink)) {
    if (w > spec::kMinWeight && w < spec::kMaxWeight) weights.push_back(w);
  }
  weights.push_back(spec::kMaxWeight);
  std::vector<geometry::RingGeometry> rings;
  for (double w : weights) rings.push_back(geometry::build_ring(spec.layout, w, ink));
  const geometry::RingGeometry ring = geometry::build_ring(spec.layout, variant.weight, ink);
  geometry::Path die_in_range = ring.modules[0].die;
  for (const geometry::RingGeometry& r : rings) {
    if (die_in_range.empty()) die_in_range = r.modules[0].die;
  }

  // Every element's parts at one weight, in scene order: links, packets, modules.
  const auto parts_at = [&](const geometry::RingGeometry& r, double w) {
    std::vector<std::vector<Part>> parts;
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
  std::vector<std::vector<Part>> parts = parts_at(ring, variant.weight);
  std::vector<std::vector<std::vector<Part>>> sampled;
  for (std::size_t i = 0; i < weights.size(); ++i) sampled.push_back(parts_at(rings[i], weights[i]));
  for (std::size_t e = 0; e < parts.size(); ++e) {
    for (std::size_t j = 0; j < parts[e].size(); ++j) {
      Part& part = parts[e][j];
      bool bends = false;
      for (std::size_t i = 0; i < weights.size(); ++i) {
        const Part& at = sampled[i][e][j];
        part.across_weights.push_back({weights[i], at.path, at.paint.stroke_width});
        bends = bends || !(at.path == part.path && at.paint.stroke_width == part.paint.stroke_width);
      }
      if (!bends) part.across_weights.clear();
      drop_straight_samples(part.across_weights);
    }
  }

  const motion::Track<double> rest_scale(1.0), opaque(1.0);
  std::size_t next = 0;
  for (const geometry::Link& link : ring.links) {
    const Eigen::Vector2d along = link.end - link.start;
    s.elements.push_back({"link-" + std::string(geometry::link_side(link.from)), ElementKind::Link,
                          std::move(parts[next++]), motion::Track<Eigen::Vector2d>((link.start + link.end) / 2), rest_scale,
                          opaque, std::atan2(along.y(), along.x()) * 180 / std::numbers::pi});
  }
  for (const motion::PacketMotion& p : s.choreography.packets) {
    s.elements.push_back({packet_name(p, s.choreography.round_count), ElementKind::Packet, std::move(parts[next++]),
                          route_track(p.progress, route_of(ring, p)), rest_scale, p.opacity});
  }
  for (const geometry::Module& m : ring.modules) {
    s.elements.push_back({"module-" + std::string(geometry::short_name(m.position)), ElementKind::Module,
                          std::move(parts[next++]), motion::Track<Eigen::Vector2d>(m.center),
                          s.choreography.module_scale[geometry::ring_index(m.position)], opaque});
  }
  return s;
}

AnimatedScene rest_pose(const AnimatedScene& scene) {
  AnimatedScene rest = scene;
  rest.frame_count = 1;
  rest.choreography.frame_count = 1;
  rest.choreography.events.clear();
  rest.choreography.phases.clear();
  for (Element& e : rest.elements) {
    e.position = motion::Track<Eigen::Vector2d>(e.position.at(0));
    e.scale = motion::Track<double>(e.scale.at(0));
    e.opacity = motion::Track<double>(e.opacity.at(0));
  }
  return rest;
}

}  // namespace iconsynth::render
