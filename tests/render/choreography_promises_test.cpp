// The seed's promises, checked on every style × motion of every ring size 3 … 8 (4: the built-in
// icon): "one action, back to rest", links never move, packets run clockwise and are gone at the
// end, swells follow landings, strong gathers first and lands harder the first time; and nothing
// leaves the grid at weight 3 or overlaps at weights 1 to 3.
#include "support.h"

#include "geometry/ring_layout.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <numbers>
#include <set>

using namespace iconsynth;
using render::ElementKind;

namespace {
constexpr double kStep = 0.25;  // probe between frames too

std::string module_name(int ring_index, int ring_size) { return "module-" + geometry::position_name(ring_index, ring_size); }
double module_scale(const render::FrameScene& f, int ring_index) {
  const int n = f.scene->choreography.module_scale.size();
  return test::find(f, module_name(ring_index, n)).transform.linear().col(0).norm();
}

// Every style × motion scene of every ring size, with its size.
struct RingScene {
  int n;
  render::AnimatedScene scene;
};
std::vector<RingScene> every_ring_scene(double weight = 2) {
  std::vector<RingScene> out;
  for (int n : test::ring_sizes()) {
    for (const render::Variant& v : test::all_style_motion_variants(weight)) out.push_back({n, render::build_scene(test::ring_spec(n), v)});
  }
  return out;
}
std::string label(int n, const render::AnimatedScene& s) { return "ring of " + std::to_string(n) + ", " + spec::VariantSpace::animation_id(s.variant); }
}  // namespace

TEST_CASE("Frame 0 and the last frame are exactly the rest pose", "[render][promises]") {
  for (const auto& [n, scene] : every_ring_scene()) {
    INFO(label(n, scene));
    const render::FrameScene first = render::evaluate(scene, 0);
    const render::FrameScene last = render::evaluate(scene, scene.frame_count - 1);
    CHECK(first.same_pose(last));
    for (const render::FrameElement& e : first.elements) {
      // at rest every scale is 1: what is left of the transform is the element's own turn
      const Eigen::Matrix2d turn = Eigen::Rotation2Dd(e.element->rotation * std::numbers::pi / 180).toRotationMatrix();
      CHECK((e.transform.linear() - turn).isZero(1e-12));
      CHECK(e.opacity == (e.element->kind == ElementKind::Packet ? 0.0 : 1.0));
    }
  }
}

TEST_CASE("Links never move and never fade", "[render][promises]") {
  for (const auto& [n, scene] : every_ring_scene()) {
    int links = 0;
    for (const render::Element& e : scene.elements) links += e.kind == ElementKind::Link;
    CHECK(links == n);
    const render::FrameScene rest = render::evaluate(scene, 0);
    for (double f = 0; f < scene.frame_count; f += kStep) {
      const render::FrameScene frame = render::evaluate(scene, f);
      for (std::size_t i = 0; i < frame.elements.size(); ++i) {
        if (frame.elements[i].element->kind != ElementKind::Link) continue;
        CHECK(frame.elements[i] == rest.elements[i]);
      }
    }
  }
}

TEST_CASE("Packets exist only while travelling, leave together and run clockwise monotonically", "[render][promises]") {
  for (const auto& [n, scene] : every_ring_scene()) {
    INFO(label(n, scene));
    const render::FrameScene rest = render::evaluate(scene, 0);
    // One packet per link per round, each from a module to its clockwise neighbour.
    CHECK(scene.choreography.packets.size() == static_cast<std::size_t>(n * scene.choreography.round_count));
    for (int round = 0; round < scene.choreography.round_count; ++round) {
      std::set<int> senders;
      for (const motion::PacketMotion& p : scene.choreography.packets) {
        if (p.round == round) senders.insert(p.sender);
      }
      CHECK(senders.size() == static_cast<std::size_t>(n));
    }
    for (const motion::PacketMotion& p : scene.choreography.packets) {
      const std::string name = scene.elements[n + (&p - scene.choreography.packets.data())].name;
      INFO(name);
      CHECK(p.receiver == (p.sender + 1) % n);
      const Eigen::Vector2d sender = test::find(rest, module_name(p.sender, n)).transform.translation();
      const Eigen::Vector2d receiver = test::find(rest, module_name(p.receiver, n)).transform.translation();
      // Clockwise on screen (y down) about the grid's centre.
      const Eigen::Vector2d a = sender - Eigen::Vector2d::Constant(scene.grid / 2), b = receiver - Eigen::Vector2d::Constant(scene.grid / 2);
      CHECK(a.x() * b.y() - a.y() * b.x() > 0);
      CHECK(test::find(render::evaluate(scene, scene.frame_count - 1), name).opacity == 0);

      double previous_distance = (receiver - sender).norm() + 1;
      double first_visible = -1;
      for (double f = 0; f < scene.frame_count; f += kStep) {
        const render::FrameElement e = test::find(render::evaluate(scene, f), name);
        if (e.opacity == 0) continue;
        if (first_visible < 0) first_visible = f;
        CHECK(e.opacity == 1);
        const Eigen::Vector2d at = e.transform.translation();
        const double distance = (receiver - at).norm();
        CHECK(distance <= previous_distance);  // never backs away from the receiver
        // Stays on the segment between the two modules.
        CHECK((at - sender).norm() + distance == Approx((receiver - sender).norm()));
        previous_distance = distance;
      }
      CHECK(first_visible == p.depart);
      // Every packet of the same round leaves at the same frame: "all at once".
      for (const motion::PacketMotion& q : scene.choreography.packets) {
        if (q.round == p.round) CHECK(q.depart == p.depart);
      }
    }
  }
}

TEST_CASE("Each module swells after its packet lands, then settles", "[render][promises]") {
  for (const auto& [n, scene] : every_ring_scene()) {
    INFO(label(n, scene));
    for (const motion::PacketMotion& p : scene.choreography.packets) {
      const int receiver = (p.sender + 1) % n;
      const double window_end = p.land + 30;
      double peak = 0, peak_frame = -1;
      for (double f = p.land; f < window_end && f < scene.frame_count; f += kStep) {
        const double s = module_scale(render::evaluate(scene, f), receiver);
        if (s > peak) peak = s, peak_frame = f;
      }
      CHECK(peak > 1.01);
      CHECK(peak_frame > p.land);
      CHECK(module_scale(render::evaluate(scene, p.land), receiver) == Approx(1.0));
    }
  }
}

TEST_CASE("Strong: modules gather below rest before anything leaves, then two swells, the first higher", "[render][promises]") {
  for (const auto& [n, scene] : every_ring_scene()) {
    if (scene.variant.motion != "strong") continue;
    INFO(label(n, scene));
    double first_departure = scene.frame_count;
    for (const motion::PacketMotion& p : scene.choreography.packets) first_departure = std::min(first_departure, p.depart);
    for (int m = 0; m < n; ++m) {
      INFO("module " << m);
      double low = 1;
      for (double f = 0; f < first_departure; f += kStep) low = std::min(low, module_scale(render::evaluate(scene, f), m));
      CHECK(low < 0.95);
      // Local maxima above rest, in time order.
      std::vector<double> peaks;
      double before = 1, here = module_scale(render::evaluate(scene, 0), m);
      for (double f = kStep; f < scene.frame_count; f += kStep) {
        const double after = module_scale(render::evaluate(scene, f), m);
        if (here > 1.001 && here > before && here >= after) peaks.push_back(here);
        before = here;
        here = after;
      }
      REQUIRE(peaks.size() == 2);
      CHECK(peaks[0] > peaks[1]);
    }
  }
}

TEST_CASE("Light: no anticipation, one swell per module", "[render][promises]") {
  for (int n : test::ring_sizes()) {
    const auto scene = render::build_scene(test::ring_spec(n), test::variant("outline", 2, "light"));
    for (double f = 0; f < scene.frame_count; f += kStep) {
      // (a turned card's scale is read back through cos and sin: 1 within rounding)
      for (int m = 0; m < n; ++m) CHECK(module_scale(render::evaluate(scene, f), m) >= 1.0 - 1e-12);
    }
    CHECK(scene.choreography.packets.size() == static_cast<std::size_t>(n));
  }
}

namespace {
// The outline of a part where the frame puts it, as points 1/16 of a curve apart: flat enough
// for bounds and overlaps (a circle of radius 3 strays under 0.002 from its chords).
std::vector<Eigen::Vector2d> outline(const render::FrameElement& e, const render::Part& part) {
  std::vector<Eigen::Vector2d> points;
  Eigen::Vector2d at = Eigen::Vector2d::Zero();
  const geometry::Path placed = part.path.transformed(e.transform);
  for (const geometry::PathCommand& c : placed.commands()) {
    if (c.verb == geometry::Verb::Cubic) {
      for (int i = 1; i <= 16; ++i) {
        const double t = i / 16.0, u = 1 - t;
        points.push_back(u * u * u * at + 3 * u * u * t * c.points[0] + 3 * u * t * t * c.points[1] + t * t * t * c.points[2]);
      }
      at = c.points[2];
    } else if (c.verb != geometry::Verb::Close) {
      at = c.points[0];
      points.push_back(at);
    }
  }
  return points;
}

// A convex outline and how far ink reaches beyond it (half a stroke's width).
struct Ink {
  std::vector<Eigen::Vector2d> outline;
  double reach = 0;
};

// Whether two convex inks overlap: no axis (an edge normal of either) separates them. Axes from
// edges alone are enough for polygons and err toward "overlap" for the rounded reach, so a pass
// is a proof.
bool convex_overlap(const Ink& a, const Ink& b) {
  for (const Ink* shape : {&a, &b}) {
    const auto& points = shape->outline;
    for (std::size_t i = 0; i < points.size(); ++i) {
      const Eigen::Vector2d edge = points[(i + 1) % points.size()] - points[i];
      if (edge.norm() < 1e-12) continue;
      const Eigen::Vector2d axis = Eigen::Vector2d(-edge.y(), edge.x()).normalized();
      double a_lo = 1e300, a_hi = -1e300, b_lo = 1e300, b_hi = -1e300;
      for (const auto& p : a.outline) a_lo = std::min(a_lo, p.dot(axis)), a_hi = std::max(a_hi, p.dot(axis));
      for (const auto& p : b.outline) b_lo = std::min(b_lo, p.dot(axis)), b_hi = std::max(b_hi, p.dot(axis));
      if (a_hi + a.reach < b_lo - b.reach || b_hi + b.reach < a_lo - a.reach) return false;
    }
  }
  return true;
}

// A module's card (its first part: card-fill or card-stroke) with its ink.
Ink card_ink(const render::FrameElement& e) {
  const render::Part& card = e.element->parts.front();
  const bool stroked = card.paint.kind == render::Paint::Kind::Stroke;
  return {outline(e, card), stroked ? card.paint.stroke_width / 2 * e.transform.linear().col(0).norm() : 0};
}
}  // namespace

TEST_CASE("Nothing leaves the grid at weight 3, in any frame, for every ring size", "[render][promises]") {
  for (const auto& [n, scene] : every_ring_scene(3.0)) {
    INFO(label(n, scene));
    double lowest = 1e9, highest = -1e9;
    for (double f = 0; f < scene.frame_count; f += kStep) {
      const render::FrameScene frame = render::evaluate(scene, f);
      for (const render::FrameElement& e : frame.elements) {
        if (e.opacity == 0) continue;
        for (const render::Part& part : e.element->parts) {
          const double ink = part.paint.kind == render::Paint::Kind::Stroke ? part.paint.stroke_width / 2 * e.transform.linear().col(0).norm() : 0;
          for (const Eigen::Vector2d& p : outline(e, part)) {
            lowest = std::min(lowest, p.minCoeff() - ink);
            highest = std::max(highest, p.maxCoeff() + ink);
          }
        }
      }
    }
    CHECK(lowest >= 0);
    CHECK(highest <= scene.grid);
  }
}

TEST_CASE("Nothing overlaps at weights 1 to 3: cards, packets and links keep apart in every frame", "[render][promises]") {
  for (double weight : {1.0, 2.0, 3.0}) {
    for (const auto& [n, scene] : every_ring_scene(weight)) {
      INFO(label(n, scene) << " at weight " << weight);
      double closest_packets = 1e9;
      bool cards_touch = false, links_touch = false;
      // Links never move: check them once, as capsules of the stroke's width.
      std::vector<std::pair<Eigen::Vector2d, Eigen::Vector2d>> links;
      for (const render::FrameElement& e : render::evaluate(scene, 0).elements) {
        if (e.element->kind != ElementKind::Link) continue;
        const auto line = outline(e, e.element->parts.front());
        links.emplace_back(line.front(), line.back());
      }
      for (std::size_t i = 0; i < links.size(); ++i) {
        for (std::size_t j = i + 1; j < links.size(); ++j) {
          // The closest points of two segments that do not cross lie at an end of one of them.
          const auto to_segment = [](const Eigen::Vector2d& p, const std::pair<Eigen::Vector2d, Eigen::Vector2d>& s) {
            const Eigen::Vector2d d = s.second - s.first;
            const double u = std::clamp((p - s.first).dot(d) / d.squaredNorm(), 0.0, 1.0);
            return (s.first + u * d - p).norm();
          };
          const double gap = std::min({to_segment(links[i].first, links[j]), to_segment(links[i].second, links[j]),
                                       to_segment(links[j].first, links[i]), to_segment(links[j].second, links[i])});
          links_touch = links_touch || gap <= weight;
        }
      }
      for (double f = 0; f < scene.frame_count; f += kStep) {
        const render::FrameScene frame = render::evaluate(scene, f);
        std::vector<Ink> cards;
        std::vector<std::pair<Eigen::Vector2d, double>> packets;
        for (const render::FrameElement& e : frame.elements) {
          if (e.element->kind == ElementKind::Module) cards.push_back(card_ink(e));
          if (e.element->kind == ElementKind::Packet && e.opacity > 0) {
            const auto dot = outline(e, e.element->parts.front());
            packets.emplace_back(e.transform.translation(), (dot.front() - e.transform.translation()).norm());
          }
        }
        for (std::size_t i = 0; i < cards.size(); ++i) {
          for (std::size_t j = i + 1; j < cards.size(); ++j) cards_touch = cards_touch || convex_overlap(cards[i], cards[j]);
        }
        for (std::size_t i = 0; i < packets.size(); ++i) {
          for (std::size_t j = i + 1; j < packets.size(); ++j) {
            closest_packets = std::min(closest_packets, (packets[i].first - packets[j].first).norm() - packets[i].second - packets[j].second);
          }
        }
      }
      CHECK_FALSE(cards_touch);
      CHECK_FALSE(links_touch);
      CHECK(closest_packets > 0);
    }
  }
}

TEST_CASE("The overlap check sees two cards that touch", "[render][promises]") {
  // A control for the test above: on the ring of 8, module 0 moved toward its neighbour by half
  // the free run between them along their link (still apart), then by all of it and a little more.
  const auto scene = render::build_scene(test::ring_spec(8), test::variant("outline", 2, "light"));
  const render::FrameScene rest = render::evaluate(scene, 0);
  std::vector<render::FrameElement> modules;
  for (const render::FrameElement& e : rest.elements) {
    if (e.element->kind == ElementKind::Module) modules.push_back(e);
  }
  REQUIRE(modules.size() == 8);
  const double run = geometry::free_run(geometry::ring_layout(test::ring_spec(8).layout), 0);
  const Eigen::Vector2d toward = (modules[1].transform.translation() - modules[0].transform.translation()).normalized();
  CHECK_FALSE(convex_overlap(card_ink(modules[0]), card_ink(modules[1])));
  for (const double by : {run / 2, run + 0.05}) {
    render::FrameElement moved = modules[0];
    moved.transform.pretranslate(toward * by);
    CHECK(convex_overlap(card_ink(moved), card_ink(modules[1])) == (by > run));
  }
}
