// spec --paths: every number of the built-in spec and of every example spec listed exactly once
// (checked against the JSON itself, walked here on its own), each path taking a --set to exactly
// its own field, and named in the icon's own words.
#include "spec/json_reader.h"
#include "spec/loader.h"
#include "spec/overrides.h"
#include "spec/tunable_paths.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <regex>
#include <set>

using namespace iconsynth;
using spec::Json;

namespace {

std::vector<std::pair<std::string, spec::IconSpec>> specs() {
  std::vector<std::pair<std::string, spec::IconSpec>> out{{"built-in", spec::load_spec_text(spec::builtin_spec_text())}};
  for (const auto& e : std::filesystem::directory_iterator(std::string(ICONSYNTH_SOURCE_DIR) + "/spec/examples")) {
    out.emplace_back(e.path().filename().string(), spec::load_spec_file(e.path()));
  }
  return out;
}

// Every number and every "NNNms" text in `node`, by JSON pointer.
void leaves(const Json& node, const std::string& pointer, std::map<std::string, Json>& out) {
  if (node.is_object()) {
    for (const auto& [key, child] : node.items()) leaves(child, pointer + "/" + key, out);
  } else if (node.is_array()) {
    for (std::size_t i = 0; i < node.size(); ++i) leaves(node[i], pointer + "/" + std::to_string(i), out);
  } else if (node.is_number() || (node.is_string() && std::regex_match(node.get<std::string>(), std::regex(R"([0-9.]+ ?ms)")))) {
    out[pointer] = node;
  }
}

}  // namespace

TEST_CASE("spec --paths lists every number of each spec exactly once, and each path sets exactly its own field", "[spec][paths]") {
  for (const auto& [name, spec] : specs()) {
    INFO(name);
    std::map<std::string, Json> expected;
    leaves(spec.source, "", expected);
    const std::vector<spec::TunablePath> paths = spec::tunable_paths(spec);
    std::map<std::string, Json> listed;
    for (const spec::TunablePath& p : paths) {
      INFO(p.line());
      if (p.kind == spec::TunableKind::Easing || p.kind == spec::TunableKind::Colour) continue;  // below
      CHECK(listed.emplace(p.pointer, p.value).second);  // once
      CHECK(spec.source.at(Json::json_pointer(p.pointer)) == p.value);
      // The dotted path reaches the same field: setting it to its own value changes nothing, and
      // setting it to another changes that field alone.
      Json same = spec.source;
      spec::apply_override(same, p.path + "=" + p.value.dump());
      CHECK(same == spec.source);
      Json moved = spec.source;
      spec::apply_override(moved, p.path + "=12345");
      CHECK(moved.at(Json::json_pointer(p.pointer)) == 12345);
      moved[Json::json_pointer(p.pointer)] = p.value;
      CHECK(moved == spec.source);
      CHECK_FALSE(p.group.empty());
      CHECK_FALSE(p.name.empty());
    }
    CHECK(listed == expected);
  }
}

TEST_CASE("Tunable values are named by motion and clip in the icon's own words", "[spec][paths]") {
  const spec::IconSpec spec = spec::load_spec_text(spec::builtin_spec_text());
  std::map<std::string, std::string> lines;
  for (const spec::TunablePath& p : spec::tunable_paths(spec)) lines[p.path] = p.line();
  CHECK(lines.at("motions.strong.timeline.sequence.2.exchange.travel.frames") ==
        "strong · round 2 · travel frames: motions.strong.timeline.sequence.2.exchange.travel.frames = 20 frames");
  CHECK(lines.at("motions.strong.timeline.sequence.0.gather.scale") ==
        "strong · gather · scale: motions.strong.timeline.sequence.0.gather.scale = 0.88 ×");
  CHECK(lines.at("motions.light.timeline.exchange.swell.rise.frames") ==
        "light · round 1 · landing swell rise frames: motions.light.timeline.exchange.swell.rise.frames = 8 frames");
  CHECK(lines.at("stroke.presets.1") == "stroke · preset 2: stroke.presets.1 = 2 units");
  CHECK(lines.at("frame_rate") == "icon · frame rate: frame_rate = 60 fps");

  const spec::IconSpec more = spec::load_spec_file(std::string(ICONSYNTH_SOURCE_DIR) + "/spec/examples/three-more-motions.json");
  std::map<std::string, spec::TunablePath> by_path;
  for (const spec::TunablePath& p : spec::tunable_paths(more)) by_path.emplace(p.path, p);
  // A repeated, staggered exchange makes two rounds; a hold clip is its length.
  CHECK(by_path.at("motions.wave.timeline.repeat.clip.stagger.clip.exchange.travel.frames").group == "wave · rounds 1-2");
  CHECK(by_path.at("motions.wave.timeline.repeat.clip.stagger.lag").group == "wave · stagger");
  CHECK(by_path.at("motions.orbit.timeline.sequence.0.hold").name == "frames");
}

TEST_CASE("A motion's values say what they do in the motion's terms: \"land\" finds the landing swells", "[spec][paths]") {
  const spec::IconSpec spec = spec::load_spec_text(spec::builtin_spec_text());
  std::set<std::string> landing_swells, said;
  for (const spec::TunablePath& p : spec::tunable_paths(spec)) {
    INFO(p.path);
    const bool exchange_swell = p.path.find(".exchange.swell.") != std::string::npos;
    if (exchange_swell) landing_swells.insert(p.path);
    // Its words name it a landing swell; nothing else is one.
    CHECK((p.name.rfind("landing swell ", 0) == 0) == exchange_swell);
    if (p.path.rfind("motions.", 0) == 0) {
      CHECK_FALSE(p.about.empty());  // every value of a motion says what it does
    } else {
      CHECK(p.about.empty());
    }
    if (p.line().find("land") != std::string::npos) said.insert(p.path);
  }
  // `spec --paths | grep land` lists every landing swell: the text says it, the paths do not.
  for (const std::string& path : landing_swells) {
    INFO(path);
    CHECK(said.count(path) == 1);
    CHECK(path.find("land") == std::string::npos);
  }
  CHECK(landing_swells.size() == 15);  // light's one round, strong's two: scale, rise and settle each
  std::map<std::string, spec::TunablePath> by_path;
  for (const spec::TunablePath& p : spec::tunable_paths(spec)) by_path.emplace(p.path, p);
  CHECK_THAT(by_path.at("motions.strong.timeline.sequence.1.exchange.swell.scale").about, Catch::Contains("as the packet lands"));
  CHECK_THAT(by_path.at("motions.strong.timeline.sequence.0.gather.scale").about, Catch::Contains("draw in"));
  // An easing's handle is said by its easing.
  const spec::IconSpec custom = spec::load_spec_with_overrides({}, {"motions.light.timeline.exchange.travel.ease=[0.2,0,0.3,1]"});
  int handles = 0;
  for (const spec::TunablePath& p : spec::tunable_paths(custom)) {
    if (p.path != "motions.light.timeline.exchange.travel.ease.2") continue;
    ++handles;
    CHECK(p.about == by_path.at("motions.light.timeline.exchange.travel.ease").about + " (its Bézier handle's x2)");
  }
  CHECK(handles == 1);
}

TEST_CASE("Hinting values say their unit: px sizes, and grid units for a hinted size's layout", "[spec][paths]") {
  const spec::IconSpec spec = spec::load_spec_text(spec::builtin_spec_text());
  std::map<std::string, std::string> units;
  for (const spec::TunablePath& p : spec::tunable_paths(spec)) {
    if (p.path.rfind("hinting.", 0) == 0) units[p.path] = p.unit;
  }
  REQUIRE_FALSE(units.empty());
  for (const auto& [path, unit] : units) {
    INFO(path);
    CHECK_FALSE(unit.empty());
  }
  CHECK(units.at("hinting.up_to") == "px");
  CHECK(units.at("hinting.optical_sizes.0.below") == "px");
  CHECK(units.at("hinting.optical_sizes.0.layout.padding") == "units");
}

TEST_CASE("Events carry the spec path of the timing that places them", "[spec][paths]") {
  const spec::IconSpec spec = spec::load_spec_text(spec::builtin_spec_text());
  const motion::Choreography c = motion::choreograph(spec.choreography("strong"), spec.module_count());
  std::map<std::string, int> fields;
  for (const motion::ChoreographyEvent& e : c.events) {
    const std::string path = spec::motion_field_path("strong", e.field);
    // Every event's field is a tunable value, or (a departure) the clip holding them.
    Json document = spec.source;
    if (e.kind != motion::ChoreographyEvent::Kind::Depart) CHECK_NOTHROW(spec::apply_override(document, path + "=12"));
    if (e.kind == motion::ChoreographyEvent::Kind::Land && e.round == 1) {
      CHECK(path == "motions.strong.timeline.sequence.2.exchange.travel.frames");
    }
    ++fields[path];
  }
  CHECK(fields.count("motions.strong.timeline.sequence.0.gather.gather.frames") == 1);
}

TEST_CASE("Every number carries the range the loader holds it to and a step, and easings and colours are listed whole", "[spec][paths]") {
  for (const auto& [name, spec] : specs()) {
    INFO(name);
    for (const spec::TunablePath& p : spec::tunable_paths(spec)) {
      INFO(p.line());
      if (p.kind == spec::TunableKind::Easing || p.kind == spec::TunableKind::Colour) {
        CHECK(p.step == 0);
        continue;
      }
      REQUIRE(p.step > 0);
      CHECK(p.min <= p.value_number());
      CHECK(p.value_number() <= p.max);
      if (p.kind == spec::TunableKind::Duration) continue;  // the loader speaks of a duration in frames
      // One step past either end is refused by the loader with this very range, or (a swell the
      // layout holds below the loader's own range) naming the bound crossed.
      const std::string range = "is out of range [" + spec::format_number(p.min) + ", " + spec::format_number(p.max) + "]";
      for (double outside : {p.max + p.step, p.min - p.step}) {
        INFO(outside);
        Json document = spec.source;
        spec::apply_override(document, p.path + "=" + spec::format_number(outside));
        const std::string said = p.pointer + ": " + spec::format_number(outside) + " ";
        const std::string bound = outside > p.max ? "at most " + spec::format_number(p.max) : "is out of range [" + spec::format_number(p.min) + ", ";
        CHECK_THROWS_WITH(spec::load_spec(document), Catch::Contains(said + range) || (Catch::Contains(said) && Catch::Contains(bound)));
      }
    }
  }
  const spec::IconSpec spec = spec::load_spec_text(spec::builtin_spec_text());
  std::map<std::string, spec::TunablePath> by_path;
  for (const spec::TunablePath& p : spec::tunable_paths(spec)) by_path.emplace(p.path, p);
  const spec::TunablePath& travel = by_path.at("motions.light.timeline.exchange.travel.frames");
  CHECK((travel.step == 1 && travel.unit == "frames"));  // whole frames
  CHECK(by_path.at("motions.light.timeline.exchange.travel.ease").kind == spec::TunableKind::Easing);
  CHECK(by_path.at("motions.light.timeline.exchange.travel.ease").value == "ease-in-out");
  CHECK(by_path.at("themes.dark.primary").kind == spec::TunableKind::Colour);
  CHECK(by_path.at("layout.module.corner_radius").max == 4);  // half the module
  CHECK(by_path.at("motions.light.timeline.exchange.swell.scale").min == 1);
  // A swell's top is what the loader takes in this layout (its modules inside the grid), not more.
  const spec::TunablePath& swell = by_path.at("motions.strong.timeline.sequence.1.exchange.swell.scale");
  CHECK(swell.max == Approx(1.25));
  const auto with_swell = [](double scale) {
    return spec::load_spec_with_overrides({}, {"motions.strong.timeline.sequence.1.exchange.swell.scale=" + spec::format_number(scale)});
  };
  CHECK_NOTHROW(with_swell(swell.max));
  CHECK_THROWS_AS(with_swell(swell.max + swell.step), spec::SpecError);
}
