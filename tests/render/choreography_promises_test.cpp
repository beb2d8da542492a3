// The seed's promises, checked on every style × motion: "one action, back to rest", links never
// move, packets run clockwise and are gone at the end, swells follow landings, strong gathers
// first and lands harder the first time.
#include "support.h"

#include "geometry/ring.h"

#include <catch2/catch.hpp>

#include <numbers>

using namespace iconsynth;
using render::ElementKind;

namespace {
constexpr double kStep = 0.25;  // probe between frames too

std::string module_name(int ring_index) {
  return "module-" + std::string(geometry::short_name(geometry::kRingOrder[ring_index]));
}
double module_scale(const render::FrameScene& f, int ring_index) {
  return test::find(f, module_name(ring_index)).transform.matrix()(0, 0);
}
}  // namespace

TEST_CASE("Frame 0 and the last frame are exactly the rest pose", "[render][promises]") {
  for (const render::Variant& v : test::all_style_motion_variants()) {
    const auto scene = render::build_scene(test::builtin_spec(), v);
    INFO(spec::VariantSpace::animation_id(v));
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
  for (const render::Variant& v : test::all_style_motion_variants()) {
    const auto scene = render::build_scene(test::builtin_spec(), v);
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
  for (const render::Variant& v : test::all_style_motion_variants()) {
    const auto scene = render::build_scene(test::builtin_spec(), v);
    INFO(spec::VariantSpace::animation_id(v));
    const render::FrameScene rest = render::evaluate(scene, 0);
    for (const motion::PacketMotion& p : scene.choreography.packets) {
      const std::string name = scene.elements[4 + (&p - scene.choreography.packets.data())].name;
      INFO(name);
      const Eigen::Vector2d sender = test::find(rest, module_name(p.sender)).transform.translation();
      const Eigen::Vector2d receiver = test::find(rest, module_name((p.sender + 1) % 4)).transform.translation();
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
  for (const render::Variant& v : test::all_style_motion_variants()) {
    const auto scene = render::build_scene(test::builtin_spec(), v);
    INFO(spec::VariantSpace::animation_id(v));
    for (const motion::PacketMotion& p : scene.choreography.packets) {
      const int receiver = (p.sender + 1) % 4;
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
  for (const std::string& style : test::builtin_space().styles()) {
    const auto scene = render::build_scene(test::builtin_spec(), test::variant(style, 2, "strong"));
    double first_departure = scene.frame_count;
    for (const motion::PacketMotion& p : scene.choreography.packets) first_departure = std::min(first_departure, p.depart);
    for (int m = 0; m < 4; ++m) {
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
  const auto scene = render::build_scene(test::builtin_spec(), test::variant("outline", 2, "light"));
  for (double f = 0; f < scene.frame_count; f += kStep) {
    for (int m = 0; m < 4; ++m) CHECK(module_scale(render::evaluate(scene, f), m) >= 1.0);
  }
  CHECK(scene.choreography.packets.size() == 4);
}
