// The structural diff names what changed as a person would: layers by "nm", markers by "cm",
// assets, animations, themes and rules by "id", state machine states by "name".
#include "render/lottie/json_diff.h"

#include <catch2/catch.hpp>

using iconsynth::render::lottie::describe;
using iconsynth::render::lottie::diff_json;
using iconsynth::render::lottie::Json;

namespace {

std::vector<std::string> described(const char* before, const char* after) {
  std::vector<std::string> out;
  for (const auto& c : diff_json(Json::parse(before), Json::parse(after))) out.push_back(describe(c));
  return out;
}

}  // namespace

TEST_CASE("Markers, states, assets and rules are named in the diff, like layers", "[lottie][diff]") {
  CHECK(described(R"({"markers":[{"cm":"rest","tm":0},{"cm":"round 1","tm":23}]})",
                  R"({"markers":[{"cm":"rest","tm":0},{"cm":"gather","tm":2},{"cm":"round 1","tm":25}]})") ==
        std::vector<std::string>{"changed /markers[round 1]/tm: 23 → 25", "added /markers[gather]: {\"cm\":\"gather\",\"tm\":2}"});
  CHECK(described(R"({"states":[{"name":"rest","animation":"a"},{"name":"light","animation":"b"}]})",
                  R"({"states":[{"name":"light","animation":"b"},{"name":"rest","animation":"c"}]})") ==
        std::vector<std::string>{"changed /states[rest]/animation: \"a\" → \"c\""});
  CHECK(described(R"({"assets":[{"id":"module","layers":[{"nm":"card","op":60}]}]})",
                  R"({"assets":[{"id":"module","layers":[{"nm":"card","op":64}]}]})") ==
        std::vector<std::string>{"changed /assets[module]/layers[card]/op: 60 → 64"});
  // "nm" wins over "id" when both name every element.
  CHECK(described(R"([{"nm":"a","id":"x","v":1}])", R"([{"nm":"a","id":"y","v":1}])") ==
        std::vector<std::string>{"changed [a]/id: \"x\" → \"y\""});
}

TEST_CASE("Elements whose names repeat are compared by index", "[lottie][diff]") {
  CHECK(described(R"({"interactions":[{"type":"OnComplete","s":"light"},{"type":"OnComplete","s":"strong"}]})",
                  R"({"interactions":[{"type":"OnComplete","s":"light"},{"type":"OnComplete","s":"rest"}]})") ==
        std::vector<std::string>{"changed /interactions[1]/s: \"strong\" → \"rest\""});
}
