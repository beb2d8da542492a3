// The exported keyframes, read back and evaluated with our own easing, reproduce the scene at
// every frame: the Lottie file is a transcription, not an approximation.
#include "support.h"

#include "render/lottie/lottie_json.h"
#include "render/scene/evaluate.h"

#include <catch2/catch.hpp>

using namespace iconsynth;
using render::lottie::Json;

namespace {
const Json* find_layer(const Json& animation, const std::string& name) {
  for (const Json& layer : animation["layers"]) {
    if (layer["nm"] == name) return &layer;
  }
  return nullptr;
}
}  // namespace

TEST_CASE("Exported keyframes evaluate to the scene at every frame, to 1e-6", "[lottie][roundtrip]") {
  for (double weight : {1.5, 2.0, 2.5}) {
    for (const render::Variant& v : test::all_style_motion_variants(weight)) {
      const render::AnimatedScene scene = render::build_scene(test::builtin_spec(), v);
      for (int size : {24, 256}) {
        const double k = size / scene.grid;
        // Through text, as a player sees it.
        const Json animation = Json::parse(render::lottie::to_text(render::lottie::write_animation(scene, {size})));
        INFO(spec::VariantSpace::animation_id(v) << " weight " << weight << " size " << size);
        REQUIRE(animation["layers"].size() == scene.elements.size());
        for (const render::Element& e : scene.elements) {
          const Json* layer = find_layer(animation, e.name);
          REQUIRE(layer != nullptr);
          const auto position = render::lottie::read_property((*layer)["ks"]["p"]);
          const auto scale = render::lottie::read_property((*layer)["ks"]["s"]);
          const auto opacity = render::lottie::read_property((*layer)["ks"]["o"]);
          CHECK((*layer)["ks"]["r"] == Json({{"a", 0}, {"k", render::lottie::number(e.rotation, 6)}}));
          for (double f = -1; f <= scene.frame_count; f += 0.25) {
            const render::FrameElement expected = test::find(render::evaluate(scene, f), e.name);
            INFO(e.name << " at frame " << f);
            const Eigen::VectorXd p = position.at(f) / k, s = scale.at(f) / 100, o = opacity.at(f) / 100;
            // The scene's transform is translate · rotate(rotation) · scale: its columns' lengths are the scale.
            const Eigen::Matrix2d linear = expected.transform.linear();
            CHECK((p - Eigen::Vector2d(expected.transform.translation())).cwiseAbs().maxCoeff() < 1e-6);
            CHECK(std::abs(s[0] - linear.col(0).norm()) < 1e-6);
            CHECK(std::abs(s[1] - linear.col(1).norm()) < 1e-6);
            CHECK(std::abs(o[0] - expected.opacity) < 1e-6);
          }
        }
      }
    }
  }
}

TEST_CASE("Static properties are written unanimated, animated ones only where the scene animates", "[lottie][roundtrip]") {
  const render::AnimatedScene scene =
      render::build_scene(test::builtin_spec(), test::all_style_motion_variants()[1]);  // outline-strong
  const Json animation = render::lottie::write_animation(scene, {});
  for (const render::Element& e : scene.elements) {
    const Json& ks = (*find_layer(animation, e.name))["ks"];
    INFO(e.name);
    CHECK(ks["p"]["a"] == (e.position.is_static() ? 0 : 1));
    CHECK(ks["s"]["a"] == (e.scale.is_static() ? 0 : 1));
    CHECK(ks["o"]["a"] == (e.opacity.is_static() ? 0 : 1));
    CHECK(ks["r"]["a"] == 0);  // links are turned, nothing spins
  }
}

TEST_CASE("Bezier handles and hold keys carry over unchanged", "[lottie][roundtrip]") {
  const render::AnimatedScene scene =
      render::build_scene(test::builtin_spec(), test::all_style_motion_variants()[0]);  // outline-light
  const Json animation = render::lottie::write_animation(scene, {});
  const Json& packet = (*find_layer(animation, "packet-tl-tr"))["ks"];
  const motion::Easing travel = std::get<motion::Exchange>(test::builtin_spec().choreography("light").timeline.kind).travel.ease;
  const Json& first = packet["p"]["k"][0];
  CHECK(first["o"]["x"] == Json::array({travel.x1}));
  CHECK(first["o"]["y"] == Json::array({travel.y1}));
  CHECK(first["i"]["x"] == Json::array({travel.x2}));
  CHECK(first["i"]["y"] == Json::array({travel.y2}));
  for (const Json& key : packet["o"]["k"]) {
    if (&key != &packet["o"]["k"].back()) CHECK(key["h"] == 1);
  }
}
