// What a dragged value drives in the cards' Lottie: measured from the exporter, it predicts the
// export at another value (the page moves its players by it before the rebuild answers); a value
// that changes the document's shape or length, or moves numbers other than in proportion, is not
// bound.
#include "editor_support.h"
#include "render/preview/editor_session.h"
#include "render/preview/lottie_bindings.h"
#include "spec/loader.h"
#include "spec/json_reader.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace iconsynth;
using Json = nlohmann::ordered_json;

namespace {

// Each card's Lottie in an edit's answer, by animation id.
std::map<std::string, Json> animations(render::EditorSession& session, const std::vector<spec::SpecChange>& changes) {
  const Json r = Json::parse(session.answer_text(session.edit(changes)));
  REQUIRE(r["ok"] == true);
  std::map<std::string, Json> out;
  for (const auto& [id, v] : r["data"]["variants"].items()) {
    if (v.contains("lottie")) out[id] = Json::parse(v["lottie"].get<std::string>());
  }
  return out;
}

// The table's prediction of every bound number at `components`, checked against `documents`.
void predicts(const Json& table, const std::vector<double>& components, const std::map<std::string, Json>& documents) {
  REQUIRE(table["bound"] == true);
  REQUIRE_FALSE(table["cards"].empty());
  for (const auto& [id, leaves] : table["cards"].items()) {
    INFO(id);
    for (const Json& leaf : leaves) {
      const std::string pointer = leaf[0];
      INFO(pointer);
      double guess = leaf[1].get<double>();
      for (std::size_t i = 0; i < components.size(); ++i) guess += leaf[2][i].get<double>() * components[i];
      CHECK(documents.at(id).at(Json::json_pointer(pointer)).get<double>() == Approx(guess).margin(2e-3));
    }
  }
}

spec::TunablePath row(const std::string& path, const spec::Json& value, double step) {
  spec::TunablePath r;
  r.path = path;
  r.value = value;
  r.step = step;
  return r;
}

}  // namespace

TEST_CASE("An easing's handles drive its keyframes' o and i, and predict the export at other handles", "[preview][editor][bind]") {
  render::EditorSession session(std::string(spec::builtin_spec_text()), test::small_editor_page());
  const std::string path = "motions.light.timeline.exchange.travel.ease";
  const Json table = session.bindings({}, path, "light");
  REQUIRE(table["bound"] == true);
  CHECK(table["at"].size() == 4);
  // An out-tangent's x is the handle's x1 verbatim: slope 1 on the first component only.
  bool verbatim = false;
  for (const Json& leaf : table["cards"]["outline-light"]) {
    const std::string pointer = leaf[0];
    if (pointer.size() > 6 && pointer.compare(pointer.size() - 6, 6, "/o/x/0") == 0) {
      verbatim = leaf[1] == 0.0 && leaf[2] == Json::array({1.0, 0.0, 0.0, 0.0});
    }
  }
  CHECK(verbatim);
  const std::vector<double> other{0.3, 0.15, 0.7, 0.85};
  predicts(table, other, animations(session, {{path, spec::Json::array({0.3, 0.15, 0.7, 0.85})}}));
}

TEST_CASE("A swell's scale drives a scale keyframe, measured with the page's other changes held", "[preview][editor][bind]") {
  render::EditorSession session(std::string(spec::builtin_spec_text()), test::small_editor_page());
  const std::string path = "motions.strong.timeline.sequence.1.exchange.swell.scale";
  const std::vector<spec::SpecChange> held{{"motions.strong.timeline.sequence.2.exchange.swell.scale", 1.15}, {path, 1.25}};
  const Json table = session.bindings(held, path, "strong");
  REQUIRE(table["bound"] == true);
  CHECK(table["at"] == Json::array({1.25}));
  predicts(table, {1.18}, animations(session, {held[0], {path, 1.18}}));  // measured a step back: 1.25 is its top
}

TEST_CASE("A value that changes the animation's length, or is no number, is not bound, and an unknown one is an error", "[preview][editor][bind]") {
  render::EditorSession session(std::string(spec::builtin_spec_text()), test::small_editor_page());
  const Json frames = session.bindings({}, "motions.light.timeline.exchange.travel.frames", "light");
  CHECK(frames["bound"] == false);
  CHECK(frames["why"] == "it changes the animation's length");
  CHECK_THROWS_WITH(session.bindings({}, "motions.light.timeline.nowhere", "light"), Catch::Contains("motions.light.timeline.nowhere"));
  CHECK_THROWS_WITH(session.bindings({}, "motions.light.timeline.exchange.travel.ease", "sideways"), Catch::Contains("sideways"));
}

TEST_CASE("Measuring a value: numbers in proportion are bound, anything else is not", "[preview][bind]") {
  const auto exporter = [](auto document_of) {
    return [document_of](const std::vector<spec::SpecChange>& changes) {
      const double v = changes.back().value.get<double>();
      if (v < 0 || v > 10) throw spec::SpecError("/v", "out of its range");
      return std::map<std::string, Json>{{"card", document_of(v)}};
    };
  };
  // At the top of its range: measured a step back.
  const auto affine = render::measure_bindings({}, row("v", 10.0, 0.5), exporter([](double v) { return Json{{"k", {1, 3 * v + 2}}, {"n", "x"}}; }));
  REQUIRE(affine["bound"] == true);
  CHECK(affine["cards"]["card"] == Json::array({Json::array({"/k/1", 2.0, Json::array({3.0})})}));

  const auto square = render::measure_bindings({}, row("v", 1.0, 0.5), exporter([](double v) { return Json{{"k", v * v}}; }));
  CHECK(square["why"] == "it moves numbers other than in proportion");
  const auto step = render::measure_bindings({}, row("v", 1.0, 0.5), exporter([](double v) { return Json{{"n", v > 1 ? 1 : 0}}; }));
  CHECK(step["why"] == "it moves numbers other than in proportion");
  const auto grows = render::measure_bindings({}, row("v", 1.0, 0.5), exporter([](double v) { return Json{{"k", Json(std::vector<int>(v > 1 ? 2 : 1, 0))}}; }));
  CHECK(grows["why"] == "it changes the shape of the animation");
  const auto still = render::measure_bindings({}, row("v", 1.0, 0.5), exporter([](double) { return Json{{"k", 1}}; }));
  CHECK(still["why"] == "it moves nothing in the cards' animations here");
  CHECK(render::measure_bindings({}, row("c", "#ff0000", 0), exporter([](double) { return Json{}; }))["why"] == "it is not made of numbers");
}

TEST_CASE("A value's numbers: a number, a duration, four handles, a named easing", "[preview][bind]") {
  CHECK(render::value_components(1.5) == std::vector<double>{1.5});
  CHECK(render::value_components("200 ms") == std::vector<double>{200});
  CHECK(render::value_components(spec::Json::array({0.1, 0.2, 0.3, 0.4})) == std::vector<double>{0.1, 0.2, 0.3, 0.4});
  CHECK(render::value_components("ease-in") == std::vector<double>{0.42, 0.0, 1.0, 1.0});
  CHECK_FALSE(render::value_components("hold"));
  CHECK_FALSE(render::value_components("#abcdef"));
  CHECK_FALSE(render::value_components("ms"));
  CHECK(render::with_components("200ms", {250}) == "250ms");
  CHECK(render::with_components(1.0, {2}) == 2.0);
  CHECK(render::moved_numbers(Json{{"a", 1}}, Json{{"b", 1}}) == std::nullopt);
  const auto moved = render::moved_numbers(Json{{"a/b", {1, 2}}}, Json{{"a/b", {1, 5}}});
  REQUIRE(moved);
  REQUIRE(moved->size() == 1);
  CHECK(std::get<0>(moved->front()) == "/a~1b/1");
}
