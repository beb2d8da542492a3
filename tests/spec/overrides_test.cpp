#include "spec/loader.h"
#include "spec/overrides.h"

#include <catch2/catch.hpp>

using namespace iconsynth::spec;
using json = iconsynth::spec::Json;  // ordered, as the loader reads it

TEST_CASE("Overrides read values as JSON, or as a string when they are not JSON", "[spec][overrides]") {
  json doc = json::parse(builtin_spec_text());
  apply_override(doc, "motions.light.timeline.exchange.swell.scale=1.2");
  apply_override(doc, "motions.light.timeline.exchange.travel.ease=snap");
  apply_override(doc, "motions.strong.timeline.sequence.2.exchange.travel.ease=[0.1,0,0.2,1]");
  apply_override(doc, "motions.strong.timeline.sequence.0={\"gather\":{\"scale\":0.9,\"gather\":{\"frames\":4,\"ease\":\"linear\"},\"hold\":0,\"release\":{\"frames\":4,\"ease\":\"linear\"}}}");
  const IconSpec spec = load_spec(doc);
  using namespace iconsynth::motion;
  const auto& light = std::get<Exchange>(spec.choreography("light").timeline.kind);
  CHECK(light.swell.scale == 1.2);
  CHECK(light.travel.ease == *easing_preset("snap"));
  const auto& strong = std::get<Sequence>(spec.choreography("strong").timeline.kind).clips;
  CHECK(std::get<Exchange>(strong[2].kind).travel.ease.x1 == 0.1);
  CHECK(std::get<Gather>(strong[0].kind).scale == 0.9);
}

TEST_CASE("An array index written with leading zeros names that entry", "[spec][overrides]") {
  json doc = json::parse(builtin_spec_text());
  CHECK(resolve_path(doc, "motions.strong.timeline.sequence.02.exchange.swell.scale") ==
        "/motions/strong/timeline/sequence/2/exchange/swell/scale");
  apply_override(doc, "motions.strong.timeline.sequence.02.exchange.swell.scale=1.2");
  apply_override(doc, "motions.strong.timeline.sequence.00={\"gather\":{\"scale\":0.9,\"gather\":{\"frames\":4,\"ease\":\"linear\"},\"hold\":0,\"release\":{\"frames\":4,\"ease\":\"linear\"}}}");
  const IconSpec spec = load_spec(doc);
  const auto& strong = std::get<iconsynth::motion::Sequence>(spec.choreography("strong").timeline.kind).clips;
  CHECK(std::get<iconsynth::motion::Exchange>(strong[2].kind).swell.scale == 1.2);
  CHECK(std::get<iconsynth::motion::Gather>(strong[0].kind).scale == 0.9);
}

TEST_CASE("Overrides refuse paths that name no field", "[spec][overrides]") {
  json doc = json::parse(builtin_spec_text());
  CHECK_THROWS_WITH(apply_override(doc, "layout.modul.size=3"),
                    "/layout/modul: --set names no existing field (layout.modul.size)");
  CHECK_THROWS_WITH(apply_override(doc, "motions.strong.timeline.sequence.3.exchange.swell.scale=1"),
                    Catch::Contains("not an index of the 3-entry array at /motions/strong/timeline/sequence"));
  CHECK_THROWS_WITH(apply_override(doc, "frame_rate.x=1"), Catch::Contains("is a number, which has no fields"));
  CHECK_THROWS_WITH(apply_override(doc, "frame_rate"), Catch::Contains("expects path.to.key=value"));
}

TEST_CASE("Overridden values are validated like the file's own", "[spec][overrides]") {
  CHECK_THROWS_WITH(load_spec_with_overrides("", {"frame_rate=9000"}), "/frame_rate: 9000 is out of range [1, 240]");
  CHECK_THROWS_WITH(load_spec_with_overrides("", {"stroke.default=heavy"}),
                    "/stroke/default: expected a number in [1, 3], got a string");
  CHECK(load_spec_with_overrides("", {"frame_rate=30"}).frame_rate == 30);
}
