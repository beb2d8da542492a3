// Markers come from the choreography, never typed: the whole action, the rest pose (also under
// the name lottie-ios and lottie-android play for reduced motion), and each phase, whose range is
// exactly its events' frames.
#include "support.h"

#include "render/lottie/markers.h"

#include <catch2/catch.hpp>

using namespace iconsynth;
using render::lottie::Json;

namespace {

double first_frame(const motion::Choreography& c, motion::ChoreographyEvent::Kind kind, int round) {
  double f = 1e9;
  for (const auto& e : c.events) {
    if (e.kind == kind && e.round == round) f = std::min(f, e.frame);
  }
  return f;
}

double last_frame(const motion::Choreography& c, motion::ChoreographyEvent::Kind kind, int round) {
  double f = -1;
  for (const auto& e : c.events) {
    if (e.kind == kind && e.round == round) f = std::max(f, e.frame);
  }
  return f;
}

}  // namespace

TEST_CASE("Every export carries markers from its choreography: action, rest, reduced motion, each phase", "[lottie][markers]") {
  using Kind = motion::ChoreographyEvent::Kind;
  for (const render::Variant& v : test::all_style_motion_variants()) {
    const render::AnimatedScene scene = render::build_scene(test::builtin_spec(), v);
    const motion::Choreography& c = scene.choreography;
    const Json animation = render::lottie::write_animation(scene, {});
    INFO(spec::VariantSpace::animation_id(v));
    std::map<std::string, std::pair<double, double>> span;  // name → [tm, tm + dr]
    for (const Json& m : animation["markers"]) span[m["cm"]] = {m["tm"].get<double>(), m["tm"].get<double>() + m["dr"].get<double>()};
    CHECK(span.at("action") == std::pair<double, double>(0, c.frame_count - 1));
    CHECK(span.at("rest") == std::pair<double, double>(0, 0));
    CHECK(span.at("reduced motion") == std::pair<double, double>(0, 0));
    // The rest pose is what both ends show.
    CHECK(render::evaluate(scene, 0).same_pose(render::evaluate(scene, c.frame_count - 1)));
    for (int r = 0; r < c.round_count; ++r) {
      const std::string name = "round " + std::to_string(r + 1);
      REQUIRE(span.count(name) == 1);
      CHECK(span[name].first == first_frame(c, Kind::Depart, r));
      CHECK(span[name].second == last_frame(c, Kind::Settled, r));
    }
    if (v.motion == "strong") {
      // The gather: from the lead to the release, its low inside, the first round leaving as it ends.
      REQUIRE(span.count("gather") == 1);
      const double low = first_frame(c, Kind::AnticipationLow, -1);
      CHECK(span["gather"].first == test::builtin_spec().choreography("strong").lead);
      CHECK(span["gather"].first < low);
      CHECK(low < span["gather"].second);
      CHECK(span["gather"].second == first_frame(c, Kind::Depart, 0));
      CHECK(span.size() == 3 + 1 + 2);
    } else {
      CHECK(span.size() == 3 + 1);
    }
  }
}

TEST_CASE("Phase names number a kind only when it repeats, rounds always", "[lottie][markers]") {
  motion::Choreography c;
  c.frame_count = 100;
  c.phases = {{motion::ChoreographyPhase::Kind::Gather, -1, 0, 10},
              {motion::ChoreographyPhase::Kind::Swell, -1, 10, 20},
              {motion::ChoreographyPhase::Kind::Gather, -1, 30, 40},
              {motion::ChoreographyPhase::Kind::Round, 0, 40, 60}};
  std::vector<std::string> names;
  for (const auto& m : render::lottie::animation_markers(c)) names.push_back(m.name);
  CHECK(names == std::vector<std::string>{"action", "rest", "reduced motion", "gather 1", "swell", "gather 2", "round 1"});
}
