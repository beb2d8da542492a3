#include "spec/loader.h"

#include <catch2/catch.hpp>

#include <functional>
#include <variant>

using namespace iconsynth::spec;
using json = iconsynth::spec::Json;  // ordered, as the loader reads it

namespace {
json builtin() { return json::parse(builtin_spec_text()); }

// Applies `edit` to the built-in spec and returns the SpecError it must cause.
SpecError error_after(const std::function<void(json&)>& edit) {
  json doc = builtin();
  edit(doc);
  try {
    load_spec(doc);
  } catch (const SpecError& e) {
    return e;
  }
  FAIL("the edited spec was accepted");
  throw std::logic_error("unreachable");
}
}  // namespace

TEST_CASE("The built-in spec loads with its documented defaults", "[spec][loader]") {
  const IconSpec spec = load_spec_text(builtin_spec_text());
  CHECK(spec.id == "gpu-cluster");
  CHECK(spec.frame_rate == 60);
  CHECK(spec.default_weight == 2);
  CHECK(spec.weight_presets == std::vector<double>{1.5, 2, 2.5});
  CHECK(spec.layout.grid == 24);
  CHECK(std::holds_alternative<iconsynth::motion::Exchange>(spec.choreography("light").timeline.kind));
  const auto& strong = std::get<iconsynth::motion::Sequence>(spec.choreography("strong").timeline.kind).clips;
  REQUIRE(strong.size() == 3);
  CHECK(std::holds_alternative<iconsynth::motion::Gather>(strong[0].kind));
  CHECK(std::holds_alternative<iconsynth::motion::Exchange>(strong[2].kind));
  CHECK(spec.style_rule("solid").die == DieInk::Hole);
  CHECK(spec.theme_rule("dark").primary == Rgba{255, 255, 255, 255});
}

TEST_CASE("Unknown keys are refused with their pointer and the known fields", "[spec][loader]") {
  const SpecError e = error_after([](json& d) { d["layout"]["module"]["sise"] = 8; });
  CHECK(e.pointer() == "/layout/module/sise");
  CHECK_THAT(e.what(), Catch::Contains("unknown field; known fields here: size, corner_radius"));
}

TEST_CASE("A renamed field names the missing field and the unknown one beside it", "[spec][loader]") {
  const SpecError e = error_after([](json& d) {
    json& exchange = d["motions"]["light"]["timeline"]["exchange"];
    exchange["trip"] = exchange["travel"];
    exchange.erase("travel");
  });
  CHECK(std::string(e.what()) == "/motions/light/timeline/exchange/travel: missing required field; beside it is the unknown field "
                                 "\"trip\" (misspelt or renamed?)");
  // A missing field alone says only that.
  CHECK(error_after([](json& d) { d["layout"]["die"].erase("clearance"); }).problem() == "missing required field");
}

TEST_CASE("JSON syntax errors say line and column in words, not the parser's codes", "[spec][loader]") {
  try {
    load_spec_text("{\n  \"id\": \"x\",\n  \"frame_rate\": 60,,\n}");
    FAIL("a syntax error was accepted");
  } catch (const SpecError& e) {
    CHECK(e.problem() == "invalid JSON at line 3, column 20: unexpected ','; expected string literal");
    CHECK(std::string(e.what()).find("json.exception") == std::string::npos);
  }
  CHECK_THROWS_WITH(load_spec_text("{\"id\": "), Catch::Contains("invalid JSON at line 1, column 7: unexpected end of input"));
  CHECK_THROWS_WITH(load_spec_text("{\"n\": 1e400}"), Catch::Contains("invalid JSON at line 1, column 7: the number 1e400 is too large"));
}

TEST_CASE("Wrong types are refused naming the expected type and range", "[spec][loader]") {
  const SpecError e = error_after([](json& d) { d["layout"]["module"]["size"] = "big"; });
  CHECK(e.pointer() == "/layout/module/size");
  CHECK(std::string(e.what()) == "/layout/module/size: expected a number in [1, 12], got a string");
  CHECK(error_after([](json& d) { d["styles"]["solid"]["card_stroke"] = 1; }).problem() ==
        "expected true or false, got a number");
}

TEST_CASE("Out-of-range values are refused with the allowed range", "[spec][loader]") {
  const SpecError e = error_after([](json& d) { d["motions"]["light"]["timeline"]["exchange"]["swell"]["scale"] = 3; });
  CHECK(std::string(e.what()) == "/motions/light/timeline/exchange/swell/scale: 3 is out of range [1, 2]");
  CHECK(error_after([](json& d) { d["frame_rate"] = 0; }).pointer() == "/frame_rate");
  CHECK(error_after([](json& d) { d["stroke"]["presets"][1] = 3.5; }).pointer() == "/stroke/presets/1");
}

TEST_CASE("Missing fields are named", "[spec][loader]") {
  const SpecError e = error_after([](json& d) { d["themes"]["dark"].erase("backdrop"); });
  CHECK(std::string(e.what()) == "/themes/dark/backdrop: missing required field");
}

TEST_CASE("Enum values must be known names", "[spec][loader]") {
  const SpecError e = error_after([](json& d) { d["styles"]["duotone"]["card_fill"] = "tertiary"; });
  CHECK(e.pointer() == "/styles/duotone/card_fill");
  CHECK_THAT(e.what(), Catch::Contains("unknown value \"tertiary\"") && Catch::Contains("\"secondary\""));
  const SpecError ease = error_after([](json& d) { d["motions"]["light"]["timeline"]["exchange"]["travel"]["ease"] = "bounce"; });
  CHECK_THAT(ease.what(), Catch::Contains("unknown easing \"bounce\"") && Catch::Contains("ease-in-out"));
}

TEST_CASE("Colours must be hex", "[spec][loader]") {
  const SpecError e = error_after([](json& d) { d["themes"]["light"]["primary"] = "#12345"; });
  CHECK(std::string(e.what()) == "/themes/light/primary: \"#12345\" is not a colour; expected #RRGGBB or #RRGGBBAA");
}

TEST_CASE("Easing arrays are checked handle by handle, travel may not overshoot", "[spec][loader]") {
  CHECK(error_after([](json& d) { d["motions"]["strong"]["timeline"]["sequence"][1]["exchange"]["swell"]["rise"]["ease"] = {1.5, 0, 0.5, 1}; })
            .pointer() == "/motions/strong/timeline/sequence/1/exchange/swell/rise/ease/0");
  const SpecError e = error_after([](json& d) { d["motions"]["light"]["timeline"]["exchange"]["travel"]["ease"] = {0.3, 0, 0.5, 1.4}; });
  CHECK(std::string(e.what()) == "/motions/light/timeline/exchange/travel/ease/3: 1.4 is out of range [0, 1]");
}

TEST_CASE("Timings may be given in milliseconds", "[spec][loader]") {
  json doc = builtin();
  doc["motions"]["light"]["timeline"]["exchange"]["travel"]["frames"] = "500ms";
  CHECK(std::get<iconsynth::motion::Exchange>(load_spec(doc).choreography("light").timeline.kind).travel.frames == 30);
  CHECK(error_after([](json& d) { d["motions"]["light"]["lead"] = "6 frames"; }).problem() ==
        "expected a number of frames or a duration like \"200ms\", got \"6 frames\"");
  // Every timing takes ms (lead, tail, hold, lag, clip timings), with or without a space, and a
  // timing in ms keeps its length when the frame rate changes.
  doc["motions"]["strong"]["lead"] = "100 ms";
  doc["motions"]["strong"]["timeline"]["sequence"][0]["gather"]["hold"] = "50ms";
  CHECK(load_spec(doc).choreography("strong").lead == Approx(6));
  doc["frame_rate"] = 30;
  const iconsynth::spec::IconSpec slower = load_spec(doc);
  CHECK(slower.choreography("strong").lead == Approx(3));
  CHECK(std::get<iconsynth::motion::Gather>(std::get<iconsynth::motion::Sequence>(slower.choreography("strong").timeline.kind).clips[0].kind).hold ==
        Approx(1.5));
  CHECK(error_after([](json& d) { d["motions"]["light"]["tail"] = " 5ms"; }).pointer() == "/motions/light/tail");
}

TEST_CASE("Timings that do not fit together are refused at the round that breaks them", "[spec][loader]") {
  const SpecError e = error_after([](json& d) { d["motions"]["strong"]["timeline"]["sequence"][2]["exchange"]["travel"]["frames"] = 8; });
  CHECK(e.pointer() == "/motions/strong/timeline/sequence/2/exchange/travel/frames");
  CHECK_THAT(e.what(), Catch::Contains("before it is back at rest"));
}

TEST_CASE("A swell that would push modules off the grid is refused with the limit", "[spec][loader]") {
  const SpecError e = error_after([](json& d) { d["motions"]["strong"]["timeline"]["sequence"][1]["exchange"]["swell"]["scale"] = 1.4; });
  CHECK(e.pointer() == "/motions/strong/timeline/sequence/1/exchange/swell/scale");
  CHECK_THAT(e.what(), Catch::Contains("off the 24-unit grid") && Catch::Contains("at most 1.25"));
}

TEST_CASE("Geometry that cannot fit is refused", "[spec][loader]") {
  CHECK(error_after([](json& d) { d["layout"]["link"]["gap"] = 3; }).pointer() == "/layout/link/gap");
  CHECK(error_after([](json& d) { d["styles"]["outline"]["die"] = "hole"; }).pointer() == "/styles/outline/die");
}

TEST_CASE("Malformed and hostile JSON text gets a clear error", "[spec][loader]") {
  CHECK_THROWS_WITH(load_spec_text("{\"id\": "), Catch::StartsWith("(root): invalid JSON"));
  CHECK_THROWS_WITH(load_spec_text(""), Catch::Contains("invalid JSON"));
  CHECK_THROWS_WITH(load_spec_text("[1, 2]"), Catch::Contains("expected an object, got an array"));
  CHECK_THROWS_WITH(load_spec_text(std::string(10000, '[') + std::string(10000, ']')),
                    Catch::Contains("nests deeper than 32"));
  CHECK_THROWS_WITH(load_spec_file("/nonexistent/spec.json"), Catch::Contains("cannot read spec file /nonexistent/spec.json"));
}

TEST_CASE("A motion longer than the frame limit is refused with the limit", "[spec][loader]") {
  const SpecError e = error_after([](json& d) {
    json& strong = d["motions"]["strong"];
    strong["lead"] = 600;
    json& clips = strong["timeline"]["sequence"];
    clips[0]["gather"]["gather"]["frames"] = 600;
    clips[0]["gather"]["hold"] = 600;
    clips[0]["gather"]["release"]["frames"] = 600;
    for (int i : {1, 2}) {
      json& round = clips[i]["exchange"];
      round["travel"]["frames"] = 600;
      round["swell"]["rise"]["frames"] = 300;
      round["swell"]["settle"]["frames"] = 300;
    }
  });
  CHECK(e.pointer() == "/motions/strong");
  CHECK_THAT(e.what(), Catch::Contains("at most 3600"));
}

TEST_CASE("One motion is read alone as load_spec reads it, and refused where load_spec refuses it", "[spec][loader]") {
  json doc = builtin();
  doc["frame_rate"] = 30;
  doc["motions"]["strong"]["lead"] = "100 ms";
  const IconSpec whole = load_spec(doc);
  for (const std::string name : {"light", "strong"}) {
    const iconsynth::motion::ChoreographyParams alone = load_motion(doc, name, whole.module_count());
    CHECK(alone.lead == whole.choreography(name).lead);
    CHECK(alone.tail == whole.choreography(name).tail);
    CHECK(alone.loop == whole.choreography(name).loop);
    CHECK(iconsynth::motion::clip_timing(alone.timeline, 4).end == iconsynth::motion::clip_timing(whole.choreography(name).timeline, 4).end);
  }
  // The rest of the document is not read: a layout the loader refuses does not stop the motion.
  doc["layout"]["link"]["gap"] = 3;
  CHECK(load_motion(doc, "light", 4).lead == whole.choreography("light").lead);
  const auto refused = [&](const std::function<void(json&)>& edit) {
    json bad = builtin();
    edit(bad);
    std::string alone, whole_error;
    try {
      load_motion(bad, "strong", 4);
    } catch (const SpecError& e) {
      alone = e.pointer();
    }
    try {
      load_spec(bad);
    } catch (const SpecError& e) {
      whole_error = e.pointer();
    }
    CHECK(!alone.empty());
    CHECK(alone == whole_error);
  };
  refused([](json& d) { d["motions"]["strong"]["tail"] = 0; });
  refused([](json& d) { d["motions"]["strong"]["timeline"]["sequence"][2]["exchange"]["travel"]["frames"] = 8; });
  refused([](json& d) { d["motions"]["strong"]["colour"] = 1; });
  CHECK_THROWS_AS(load_motion(builtin(), "none", 4), SpecError);
}

TEST_CASE("Motions say whether they loop, and a loop whose ends differ is refused at its loop field", "[spec][loader]") {
  CHECK(error_after([](json& d) { d["motions"]["light"].erase("loop"); }).pointer() == "/motions/light/loop");
  const SpecError e = error_after([](json& d) {
    json& light = d["motions"]["light"];
    light["loop"] = true;
    light["lead"] = 0;  // packets leave on frame 0, and are gone on the last
  });
  CHECK(e.pointer() == "/motions/light/loop");
  CHECK_THAT(e.what(), Catch::Contains("must end as it begins"));
  // An action keeps its rest frames.
  CHECK(error_after([](json& d) { d["motions"]["light"]["lead"] = 0; }).pointer() == "/motions/light/lead");
}

TEST_CASE("The icon's meta and interaction are read, and bad ones named", "[spec][loader]") {
  const IconSpec spec = load_spec(builtin());
  CHECK(spec.meta.title == "GPU cluster");
  CHECK(spec.meta.license == "MIT");
  CHECK(spec.meta.keywords.size() == 13);
  CHECK(spec.hover_motion == "light");
  CHECK(spec.click_motion == "strong");
  // Both optional: the id stands in for the title, the default motion for hover and click.
  json bare = builtin();
  bare.erase("meta");
  bare.erase("interaction");
  const IconSpec plain = load_spec(bare);
  CHECK(plain.meta.title == "gpu-cluster");
  CHECK(plain.hover_motion == plain.default_motion);
  CHECK(plain.click_motion == plain.default_motion);

  CHECK(std::string(error_after([](json& d) { d["meta"]["title"] = ""; }).what()) ==
        "/meta/title: missing or empty: the icon's title (e.g. \"GPU cluster\")");
  CHECK(std::string(error_after([](json& d) { d["meta"]["keywords"][2] = 7; }).what()) ==
        "/meta/keywords/2: expected a keyword of 1-64 bytes, got a number");
  CHECK_THAT(error_after([](json& d) { d["meta"]["author"] = "x"; }).what(), Catch::Contains("/meta/author: unknown field"));
  CHECK_THAT(error_after([](json& d) { d["meta"]["description"] = std::string(2001, 'a'); }).what(),
             Catch::Contains("/meta/description: is 2001 bytes; at most 2000"));
  const SpecError hover = error_after([](json& d) { d["interaction"]["hover"] = "wiggle"; });
  CHECK(hover.pointer() == "/interaction/hover");
  CHECK_THAT(hover.what(), Catch::Contains("unknown value \"wiggle\"") && Catch::Contains("\"strong\""));
}

TEST_CASE("A spec names its kind and the ring's size, both optional for the 2x2 ring", "[spec][loader]") {
  CHECK(icon_kind_names() == std::vector<std::string>{"ring"});
  const IconSpec square = load_spec_text(builtin_spec_text());
  CHECK(square.kind == "ring");
  CHECK(square.module_count() == 4);

  json doc = builtin();
  doc["kind"] = "ring";
  doc["layout"]["modules"] = 6;
  const IconSpec six = load_spec(doc);
  CHECK(six.kind == "ring");
  CHECK(six.module_count() == 6);

  const SpecError kind = error_after([](json& d) { d["kind"] = "grid"; });
  CHECK(kind.pointer() == "/kind");
  CHECK_THAT(kind.what(), Catch::Contains("ring"));
  for (const int n : {2, 9}) {
    const SpecError e = error_after([n](json& d) { d["layout"]["modules"] = n; });
    CHECK(e.pointer() == "/layout/modules");
    CHECK_THAT(e.what(), Catch::Contains("[3, 8]"));
  }
  CHECK(error_after([](json& d) { d["layout"]["modules"] = 4.5; }).pointer() == "/layout/modules");
}

TEST_CASE("On a ring of 3 to 8, a swell that would push modules off the grid is refused with that ring's limit", "[spec][loader]") {
  for (const int n : {3, 6, 8}) {
    INFO("ring of " << n);
    const SpecError e = error_after([n](json& d) {
      d["layout"]["modules"] = n;
      d["motions"]["strong"]["timeline"]["sequence"][1]["exchange"]["swell"]["scale"] = 1.9;
    });
    CHECK(e.pointer() == "/motions/strong/timeline/sequence/1/exchange/swell/scale");
    CHECK_THAT(e.what(), Catch::Contains("at most"));
    // The built-in swells fit every ring.
    json doc = builtin();
    doc["layout"]["modules"] = n;
    CHECK_NOTHROW(load_spec(doc));
  }
}

TEST_CASE("Keylines and hinting are read, optional, and bad ones named by their pointer", "[spec][loader]") {
  const IconSpec spec = load_spec_text(builtin_spec_text());
  CHECK(spec.layout.keyline_weight == 2);
  CHECK(spec.layout.upright_cards);
  CHECK(spec.hinting.up_to == 64);
  REQUIRE(spec.hinting.optical_sizes.size() == 2);
  CHECK(spec.hinting.optical_sizes[0].below == 18);
  // An optical size's layout is the spec's with its changes merged in, read as a layout.
  CHECK(spec.hinting.optical_sizes[0].layout.module_size == 7.5);
  CHECK(spec.hinting.optical_sizes[1].layout.module_size == 8);
  CHECK(spec.hinting.optical_sizes[1].layout.module_corner_radius == 1.5);
  CHECK(spec.hinting.optical_sizes[1].layout.keyline_weight == 0);  // its own numbers, not rounded
  CHECK(spec.hinting.optical_sizes[1].layout.upright_cards);
  // Which layout a size draws: the smallest range above it.
  CHECK(at_optical_size(spec, 16).layout.module_size == 7.5);
  CHECK(at_optical_size(spec, 20).layout.module_corner_radius == 1.5);
  CHECK(at_optical_size(spec, 22).layout.module_corner_radius == spec.layout.module_corner_radius);
  // packet_min_px: a 3 px packet at 16 px is 4.5 units wide.
  CHECK(at_optical_size(spec, 16).layout.packet_radius == Approx(2.25));

  json doc = builtin();
  doc["layout"].erase("keylines");
  doc.erase("hinting");
  const IconSpec plain = load_spec(doc);
  CHECK(plain.layout.keyline_weight == 0);
  CHECK_FALSE(plain.layout.upright_cards);
  CHECK(plain.hinting.up_to == 0);

  CHECK(error_after([](json& d) { d["layout"]["keylines"]["weight"] = 2.5; }).pointer() == "/layout/keylines/weight");
  CHECK(error_after([](json& d) { d["layout"]["keylines"]["unit"] = 1; }).pointer() == "/layout/keylines/unit");
  CHECK(error_after([](json& d) { d["hinting"]["up_to"] = 4; }).pointer() == "/hinting/up_to");
  SpecError e = error_after([](json& d) { d["hinting"]["optical_sizes"][1]["below"] = 12; });
  CHECK(e.pointer() == "/hinting/optical_sizes/1/below");
  CHECK_THAT(e.what(), Catch::Contains("smallest"));
  e = error_after([](json& d) { d["hinting"]["optical_sizes"][0]["layout"]["grid"] = 16; });
  CHECK(e.pointer() == "/hinting/optical_sizes/0/layout/grid");
  e = error_after([](json& d) { d["hinting"]["optical_sizes"][0]["layout"]["module"]["corner_radius"] = 9; });
  CHECK(e.pointer() == "/hinting/optical_sizes/0/layout/module/corner_radius");
  CHECK_THAT(e.what(), Catch::Contains("out of range"));
  e = error_after([](json& d) { d["hinting"]["optical_sizes"][0]["layout"]["module"]["radius"] = 1; });
  CHECK(e.pointer() == "/hinting/optical_sizes/0/layout/module/radius");
  CHECK(error_after([](json& d) { d["hinting"]["optical_sizes"][0]["packet_min_px"] = -1; }).pointer() == "/hinting/optical_sizes/0/packet_min_px");
  CHECK(error_after([](json& d) { d["hinting"]["optical_sizes"][0]["layout"] = 3; }).pointer() == "/hinting/optical_sizes/0/layout");
}
