// Which paths differ between two spec documents: named as --set names them, old → new, and a
// change made with --set is found at exactly the path it was made at.
#include "spec/loader.h"
#include "spec/spec_diff.h"
#include "spec/tunable_paths.h"

#include <catch2/catch.hpp>

using namespace iconsynth;
using spec::Json;

namespace {

std::vector<std::string> lines(const std::vector<spec::SpecDifference>& differences) {
  std::vector<std::string> out;
  for (const auto& d : differences) out.push_back(d.line());
  return out;
}

const spec::IconSpec& builtin_loaded() {
  static const spec::IconSpec spec = spec::load_spec_text(spec::builtin_spec_text());
  return spec;
}

}  // namespace

TEST_CASE("Two --set changes are named by their paths, old → new, and nothing else", "[spec]") {
  const spec::IconSpec changed = spec::load_spec_with_overrides(
      {}, {"motions.strong.timeline.sequence.1.exchange.swell.scale=1.24", "motions.light.timeline.exchange.travel.ease=snap"});
  CHECK(lines(spec::diff_specs(builtin_loaded().source, changed.source)) ==
        std::vector<std::string>{"motions.light.timeline.exchange.travel.ease: \"ease-in-out\" → \"snap\"",
                                 "motions.strong.timeline.sequence.1.exchange.swell.scale: 1.2 → 1.24"});
  CHECK(spec::diff_specs(builtin_loaded().source, builtin_loaded().source).empty());
}

TEST_CASE("Every tunable path, changed alone, is the one difference found", "[spec]") {
  for (const spec::TunablePath& p : spec::tunable_paths(builtin_loaded())) {
    Json after = builtin_loaded().source;
    Json& value = after[Json::json_pointer(p.pointer)];
    value = value.is_number() ? Json(value.get<double>() + 0.5) : Json("1ms");
    const auto found = spec::diff_specs(builtin_loaded().source, after);
    INFO(p.path);
    REQUIRE(found.size() == 1);
    CHECK(found[0].path == p.path);
    CHECK(found[0].after == value);
  }
}

TEST_CASE("Fields added or removed, arrays resized and types changed are named whole", "[spec]") {
  const Json before = Json::parse(R"({"a": {"b": 1, "gone": [1, 2]}, "list": [1, 2], "n": 2, "kind": {"x": 1}})");
  const Json after = Json::parse(R"({"a": {"b": 1, "new": true}, "list": [1, 2, 3], "n": 2.0, "kind": 5})");
  CHECK(lines(spec::diff_specs(before, after)) == std::vector<std::string>{"a.new: (none) → true", "a.gone: [1,2] → (none)",
                                                                           "list: [1,2] → [1,2,3]", "kind: {\"x\":1} → 5"});
}
