#include "render/scene/scene.h"
#include "support.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

using namespace iconsynth;
using render::ElementKind;

namespace {
std::vector<std::string> names(const render::AnimatedScene& s) {
  std::vector<std::string> out;
  for (const render::Element& e : s.elements) out.push_back(e.name);
  return out;
}
std::vector<std::string> part_names(const render::Element& e) {
  std::vector<std::string> out;
  for (const render::Part& p : e.parts) out.push_back(p.name);
  return out;
}
}  // namespace

TEST_CASE("Elements are named in the icon's own words, links at the back, modules in front", "[render][scene]") {
  const auto light = render::build_scene(test::builtin_spec(), test::variant("outline", 2, "light"));
  CHECK(names(light) == std::vector<std::string>{"link-top", "link-right", "link-bottom", "link-left", "packet-tl-tr",
                                                 "packet-tr-br", "packet-br-bl", "packet-bl-tl", "module-tl",
                                                 "module-tr", "module-br", "module-bl"});
  const auto strong = render::build_scene(test::builtin_spec(), test::variant("outline", 2, "strong"));
  const std::vector<std::string> strong_names = names(strong);
  CHECK(std::count(strong_names.begin(), strong_names.end(), "packet-br-bl-r2") == 1);
  CHECK(strong.elements.size() == 4 + 8 + 4);
  CHECK(spec::VariantSpace::animation_id(strong.variant) == "outline-strong");
}

TEST_CASE("Each style inks its modules as its rule says, links and packets never change", "[render][scene]") {
  const spec::IconSpec& spec = test::builtin_spec();
  const auto outline = render::build_scene(spec, test::variant("outline", 2, "light"));
  const auto solid = render::build_scene(spec, test::variant("solid", 2, "light"));
  const auto duotone = render::build_scene(spec, test::variant("duotone", 2, "light"));
  const render::Element& m_outline = outline.elements.back();
  const render::Element& m_solid = solid.elements.back();
  const render::Element& m_duotone = duotone.elements.back();
  CHECK(part_names(m_outline) == std::vector<std::string>{"card-stroke", "die"});
  CHECK(part_names(m_solid) == std::vector<std::string>{"card-fill"});
  CHECK(m_solid.parts[0].path.contour_count() == 2);  // the die is a hole in the card
  CHECK(part_names(m_duotone) == std::vector<std::string>{"card-fill", "card-stroke", "die"});
  CHECK(m_duotone.parts[0].paint.role == render::ColorRole::Secondary);
  CHECK(m_duotone.parts[0].paint.color == duotone.secondary);
  for (std::size_t i = 0; i < 8; ++i) {  // links and packets
    CHECK(outline.elements[i].parts == solid.elements[i].parts);
    CHECK(outline.elements[i].parts == duotone.elements[i].parts);
  }
}

TEST_CASE("Colours: the theme's primary unless one is given, the secondary follows it", "[render][scene]") {
  const spec::IconSpec& spec = test::builtin_spec();
  render::Variant v{"duotone", 2, "light", "light", std::nullopt};
  CHECK(render::build_scene(spec, v).primary == spec.theme_rule("light").primary);
  v.color = spec::Rgba{255, 0, 0, 255};
  const auto red = render::build_scene(spec, v);
  CHECK(red.primary == spec::Rgba{255, 0, 0, 255});
  CHECK(red.secondary == spec::mix({255, 0, 0, 255}, spec.theme_rule("light").backdrop,
                                   spec.theme_rule("light").secondary_mix));
}

TEST_CASE("Stroke weight outside [1, 3] is refused", "[render][scene]") {
  CHECK_THROWS_WITH(render::build_scene(test::builtin_spec(), test::variant("outline", 3.5, "light")),
                    Catch::Contains("3.5 is outside [1, 3]"));
  CHECK_NOTHROW(render::build_scene(test::builtin_spec(), test::variant("outline", 1, "light")));
}

TEST_CASE("Only animated properties carry keyframes", "[render][scene]") {
  const auto s = render::build_scene(test::builtin_spec(), test::variant("outline", 2, "strong"));
  for (const render::Element& e : s.elements) {
    INFO(e.name);
    CHECK(e.position.is_static() == (e.kind != ElementKind::Packet));
    CHECK(e.scale.is_static() == (e.kind != ElementKind::Module));
    CHECK(e.opacity.is_static() == (e.kind != ElementKind::Packet));
  }
}

TEST_CASE("Evaluation depends on the frame only: any order gives the same frames", "[render][scene]") {
  const auto s = render::build_scene(test::builtin_spec(), test::variant("solid", 2, "strong"));
  std::vector<render::FrameScene> forward;
  for (int f = 0; f < s.frame_count; ++f) forward.push_back(render::evaluate(s, f));
  for (int f = s.frame_count - 1; f >= 0; f -= 7) CHECK(render::evaluate(s, f).same_pose(forward[f]));
}

TEST_CASE("A ring of N: N links, N packets a round and N modules, named where they sit, cards turned to the centre or upright on keylines", "[render][scene]") {
  const auto three = render::build_scene(test::ring_spec(3), test::variant("outline", 2, "light"));
  CHECK(names(three) == std::vector<std::string>{"link-top", "link-right-bottom", "link-left-bottom", "packet-lt-rt",
                                                 "packet-rt-b", "packet-b-lt", "module-lt", "module-rt", "module-b"});
  const auto eight = render::build_scene(test::ring_spec(8), test::variant("solid", 2, "strong"));
  CHECK(eight.elements.size() == 8 + 16 + 8);
  CHECK(names(eight).back() == "module-lt");
  CHECK(test::find(render::evaluate(eight, 0), "packet-tl-tr-r2").element->kind == ElementKind::Packet);
  const auto turns_of = [](const render::AnimatedScene& scene) {
    std::vector<double> turns;
    for (const render::Element& e : scene.elements) {
      if (e.kind == ElementKind::Module) turns.push_back(e.rotation);
    }
    return turns;
  };
  for (int n : test::ring_sizes()) {
    INFO("ring of " << n);
    // Without keylines a corner points at the centre: the turn steps by 360/N round the ring (a
    // card looks the same turned by 90°), and the 2×2 ring's cards stand upright.
    const std::vector<double> turns = turns_of(render::build_scene(test::turned_ring_spec(n), test::variant("duotone", 2, "light")));
    REQUIRE(turns.size() == static_cast<std::size_t>(n));
    for (int k = 0; k + 1 < n; ++k) {
      const double step = std::fmod(turns[k + 1] - turns[k] - 360.0 / n + 720, 90.0);
      CHECK(std::min(step, 90 - step) == Approx(0).margin(1e-9));
    }
    if (n == 4) CHECK(turns == std::vector<double>(4, 0.0));
    // On keylines every card stands upright.
    const auto scene = render::build_scene(test::ring_spec(n), test::variant("duotone", 2, "light"));
    CHECK(turns_of(scene) == std::vector<double>(n, 0.0));
    // Every module shares one outline (the Lottie writer's one asset).
    for (const render::Element& e : scene.elements) {
      if (e.kind == ElementKind::Module) CHECK(e.parts == scene.elements.back().parts);
    }
  }
}
