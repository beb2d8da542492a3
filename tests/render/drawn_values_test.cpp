// Values a spec writes that the icon draws as another value: found, said, and true (a spec with
// the drawn values written in draws the very same pixels).
#include "render/cairo/raster.h"
#include "render/compare/image_diff.h"
#include "render/scene/drawn_values.h"
#include "spec/overrides.h"
#include "support.h"

#include <catch2/catch.hpp>

using namespace iconsynth;
using render::DrawnValue;

namespace {

spec::IconSpec with(const std::vector<std::string>& overrides, bool keylines = true) {
  spec::Json doc = spec::Json::parse(spec::builtin_spec_text());
  if (!keylines) doc["layout"].erase("keylines");
  for (const std::string& o : overrides) spec::apply_override(doc, o);
  return spec::load_spec(doc);
}

std::vector<std::string> paths(const std::vector<DrawnValue>& values) {
  std::vector<std::string> out;
  for (const DrawnValue& v : values) out.push_back(v.path);
  return out;
}

// Every style's rest pose at every preset weight, at 48 px (two pixels a unit).
std::vector<std::vector<std::uint32_t>> rest_poses(const spec::IconSpec& spec) {
  std::vector<std::vector<std::uint32_t>> out;
  for (const std::string& style : spec::names_of(spec.styles)) {
    for (const double weight : {1.0, 1.5, 2.0, 2.5, 3.0}) {
      const render::AnimatedScene scene = render::build_scene(spec, test::variant(style, weight, "light"));
      out.push_back(render::pixels_of(render::render_frame(render::evaluate(scene, 0), 48).view()));
    }
  }
  return out;
}

// `spec` with each value drawn as another written as it is drawn (a die left out: size and corner 0).
spec::IconSpec as_drawn(const spec::IconSpec& spec) {
  spec::Json doc = spec.source;
  for (const DrawnValue& v : render::drawn_values(spec)) {
    spec::apply_override(doc, v.path + "=" + spec::format_number(v.drawn));
    if (v.path == "layout.die.size" && v.drawn == 0) spec::apply_override(doc, "layout.die.corner_radius=0");
  }
  return spec::load_spec(doc);
}

}  // namespace

TEST_CASE("The built-in spec draws every value as it writes it", "[render][drawn]") {
  CHECK(render::drawn_values(test::builtin_spec()).empty());
}

TEST_CASE("A die of 1.75 is drawn as 2 on the keylines, and draws as a die of 2 does", "[render][drawn]") {
  const spec::IconSpec spec = with({"layout.die.size=1.75"});
  const std::vector<DrawnValue> drawn = render::drawn_values(spec);
  REQUIRE(drawn.size() == 1);
  CHECK(drawn[0].path == "layout.die.size");
  CHECK(drawn[0].written == 1.75);
  CHECK(drawn[0].drawn == 2);
  CHECK(drawn[0].why == "on the keylines");
  CHECK(render::drawn_value_text(drawn[0]) == "layout.die.size 1.75 is drawn as 2 (on the keylines)");
  CHECK(rest_poses(spec) == rest_poses(test::builtin_spec()));
}

TEST_CASE("A module of 7 with padding 1 is drawn as 6 with padding 2 and no die, in tunable-path order", "[render][drawn]") {
  const spec::IconSpec spec = with({"layout.module.size=7"});
  const std::vector<DrawnValue> drawn = render::drawn_values(spec);
  CHECK(paths(drawn) == std::vector<std::string>{"layout.padding", "layout.module.size", "layout.module.corner_radius", "layout.die.size"});
  REQUIRE(drawn.size() == 4);
  CHECK(drawn[0].drawn == 2);
  CHECK(drawn[1].drawn == 6);
  CHECK(drawn[2].drawn == Approx(2.25 * 6 / 7));
  CHECK(drawn[3].drawn == 0);
  CHECK(drawn[3].why == "on the keylines: no room, left out");
  CHECK(rest_poses(as_drawn(spec)) == rest_poses(spec));
}

TEST_CASE("Off keylines: a die clamped by its card, a die below min_size, a packet grown to read over its link", "[render][drawn]") {
  // Module 8 at weight 1 leaves a solid card (no stroke) 7 units inside its clearance.
  const spec::IconSpec clamped = with({"layout.die.size=7.5", "layout.die.corner_radius=0.5"}, false);
  std::vector<DrawnValue> drawn = render::drawn_values(clamped);
  REQUIRE(drawn.size() == 1);
  CHECK(drawn[0].path == "layout.die.size");
  CHECK(drawn[0].drawn == Approx(7));
  CHECK(drawn[0].why == "clamped by its card");
  CHECK(rest_poses(as_drawn(clamped)) == rest_poses(clamped));

  const spec::IconSpec speck = with({"layout.die.size=0.5", "layout.die.corner_radius=0.25"}, false);
  drawn = render::drawn_values(speck);
  REQUIRE(drawn.size() == 1);
  CHECK(drawn[0].drawn == 0);
  CHECK(drawn[0].why == "below min_size: left out");
  CHECK(rest_poses(as_drawn(speck)) == rest_poses(speck));

  const spec::IconSpec small = with({"layout.packet.radius=0.3"}, false);
  drawn = render::drawn_values(small);
  REQUIRE(drawn.size() == 1);
  CHECK(drawn[0].path == "layout.packet.radius");
  CHECK(drawn[0].drawn == Approx(1));  // at weight 1 a packet is at least as wide as twice the stroke
  CHECK(drawn[0].why == "grown to read over its link at every weight");
}

TEST_CASE("The keylines round the padding, the module's and the die's sizes, and a ring of N's corner", "[render][drawn]") {
  CHECK(render::keyline_paths(test::builtin_spec()) == std::vector<std::string>{"layout.padding", "layout.module.size", "layout.die.size"});
  CHECK(render::keyline_paths(with({}, false)).empty());
  CHECK(render::keyline_paths(test::ring_spec(6)) ==
        std::vector<std::string>{"layout.padding", "layout.module.size", "layout.module.corner_radius", "layout.die.size"});
  // The ring of 6 on keylines: its module scaled to 4.61 and drawn as 4, said in the spec's units.
  const std::vector<DrawnValue> six = render::drawn_values(test::ring_spec(6));
  REQUIRE(!six.empty());
  CHECK(six[0].path == "layout.module.size");
  CHECK_THAT(six[0].why, Catch::Contains("the ring of 6 scales it to 4.609, drawn as 4"));
}
