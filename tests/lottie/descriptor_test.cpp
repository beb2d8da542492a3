// The descriptor module a page imports beside the bundle: it describes the icon as the spec does,
// and its slots() gives exactly the values the exporter writes for the same look, for any weight
// and colour; out-of-range options are refused with an error naming the option.
#include "live_support.h"

#include "render/lottie/slots.h"
#include "render/web/web_package.h"

#include <catch2/catch.hpp>

using namespace iconsynth;
using test::Json;

namespace {

// The C++ side of the same look: what write_animation puts in the root "slots".
Json exporter_slots(const std::string& style, double weight, const std::string& theme, const std::optional<std::string>& color) {
  render::Variant v{style, weight, "light", theme, std::nullopt};
  if (color) v.color = spec::parse_hex_color(*color);
  return render::lottie::write_animation(render::build_scene(test::builtin_spec(), v), {})["slots"];
}

}  // namespace

TEST_CASE("The descriptor's slots() equal the exporter's for any weight, colour, style and theme", "[lottie][descriptor]") {
  const auto work = test::scratch_dir("descriptor-slots");
  const auto module = test::write_bundle_and_descriptor(work);
  struct Case {
    std::string style;
    double weight;
    std::string theme;
    std::optional<std::string> color;
  };
  std::vector<Case> cases;
  for (const char* style : {"outline", "solid", "duotone"}) {
    for (double weight : {1.0, 1.01, 1.25, 1.5, 1.75, 2.0, 2.125, 2.5, 2.75, 2.999, 3.0}) {
      for (const char* theme : {"light", "dark"}) {
        cases.push_back({style, weight, theme, std::nullopt});
        for (const char* color : {"#E5484D", "#22c55e", "#00000000", "#12345678", "#FFFFFF80"}) cases.push_back({style, weight, theme, color});
      }
    }
  }
  Json options = Json::array();
  for (const Case& c : cases) {
    Json o = {{"style", c.style}, {"weight", c.weight}, {"theme", c.theme}};
    if (c.color) o["color"] = *c.color;
    options.push_back(o);
  }
  const Json run = test::descriptor_run(module, options, work);
  REQUIRE(run["results"].size() == cases.size());
  for (std::size_t i = 0; i < cases.size(); ++i) {
    INFO(options[i].dump() << " -> " << run["results"][i].dump());
    REQUIRE(run["results"][i].contains("slots"));
    // Parsed numbers compared exactly: the module rounds as the exporter does.
    CHECK(run["results"][i]["slots"] == exporter_slots(cases[i].style, cases[i].weight, cases[i].theme, cases[i].color));
  }
}

TEST_CASE("The descriptor describes the icon as the spec does, and its defaults are the spec's", "[lottie][descriptor]") {
  const auto work = test::scratch_dir("descriptor-describe");
  const auto module = test::write_bundle_and_descriptor(work);
  const Json run = test::descriptor_run(module, Json::array({Json::object()}), work);
  const Json& icon = run["describe"];
  const spec::IconSpec& spec = test::builtin_spec();
  CHECK(icon["id"] == "gpu-cluster");
  CHECK(icon["title"] == "GPU cluster");
  CHECK(icon["styles"] == Json::array({"outline", "solid", "duotone"}));
  CHECK(icon["motions"]["light"]["frames"] == 60);
  CHECK(icon["motions"]["light"]["duration"] == 1);
  CHECK(icon["motions"]["strong"]["frames"] == 90);
  CHECK(icon["motions"]["strong"]["animations"]["duotone"] == "duotone-strong");
  CHECK(icon["weight"]["min"] == 1);
  CHECK(icon["weight"]["max"] == 3);
  CHECK(icon["weight"]["default"] == spec.default_weight);
  CHECK(icon["weight"]["presets"] == Json::array({1.5, 2, 2.5}));
  CHECK(icon["themes"]["dark"]["primary"] == "#FFFFFF");
  CHECK(icon["themes"]["dark"]["presetThemes"]["1.5"] == "dark-w1.5");
  CHECK(icon["slotIds"] == Json::array({"primary", "primary-opacity", "secondary", "secondary-opacity", "weight"}));
  CHECK(icon["secondaryStyles"] == Json::array({"duotone"}));
  CHECK(run["functions"] == Json::array({"animation", "slots"}));
  CHECK(run["frozen"] == true);
  CHECK(run["sameSlots"] == true);
  // src: the bundle beside the module, whatever folder the module is served from
  CHECK(run["src"] == "file://" + (work / "gpu-cluster.lottie").string());
  // No options: the spec's default style, weight and theme.
  CHECK(run["results"][0]["slots"] == exporter_slots(spec.default_style, spec.default_weight, spec.default_theme, std::nullopt));
  // Every theme and preset the descriptor names is in the bundle.
  const auto asset = render::lottie::read_asset(work / "gpu-cluster.lottie");
  std::set<std::string> bundle_themes;
  for (const auto& t : asset.themes) bundle_themes.insert(t.id);
  for (const auto& [theme, rule] : icon["themes"].items()) {
    CHECK(bundle_themes.count(theme) == 1);
    for (const auto& [weight, id] : rule["presetThemes"].items()) CHECK(bundle_themes.count(id.get<std::string>()) == 1);
  }
}

TEST_CASE("The descriptor refuses options out of range, naming the option, and clamps nothing", "[lottie][descriptor]") {
  const auto work = test::scratch_dir("descriptor-errors");
  const auto module = test::write_bundle_and_descriptor(work);
  const Json cases = Json::array({
      {{"weight", 0.99}}, {{"weight", 3.01}}, {{"weight", "2"}}, {{"weight", nullptr}}, {{"color", "red"}},
      {{"color", "#12345"}}, {{"color", "#1234567"}}, {{"style", "bold"}}, {{"theme", "sepia"}},
  });
  const char* expected[] = {
      "RangeError: weight: 0.99 is outside [1, 3]", "RangeError: weight: 3.01 is outside [1, 3]",
      "TypeError: weight: expected a number, got \"2\"", "TypeError: weight: expected a number, got null",
      "TypeError: color: expected #RRGGBB or #RRGGBBAA, got \"red\"",
      "TypeError: color: expected #RRGGBB or #RRGGBBAA, got \"#12345\"",
      "TypeError: color: expected #RRGGBB or #RRGGBBAA, got \"#1234567\"",
      "RangeError: style: unknown \"bold\"; one of outline, solid, duotone",
      "RangeError: theme: unknown \"sepia\"; one of light, dark",
  };
  const Json run = test::descriptor_run(module, cases, work);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    INFO(cases[i].dump());
    CHECK(run["results"][i]["error"] == expected[i]);
  }
}

TEST_CASE("The descriptor stays under 4 KB, with the masters listed too, and the bundle under the published asset's size", "[lottie][descriptor]") {
  const spec::IconSpec& spec = test::builtin_spec();
  const std::string module = render::lottie::write_descriptor(spec, {"iconsynth 0.1.0"});
  CHECK(module.size() <= 4096);
  CHECK(render::lottie::write_descriptor(spec, {"iconsynth 0.1.0"}) == module);  // deterministic
  CHECK(module.find("masters") == std::string::npos);  // none beside a bundle on its own
  // The web package's, as a page downloads it: the masters beside its bundle listed for the
  // runtime, the comments inside left in render/lottie.
  const std::string web = render::web::web_package_file(spec, {}, render::lottie::descriptor_file_name(spec));
  INFO(web);
  CHECK(web.size() <= 4096);
  CHECK(web.find(R"("masters":{"sizes":[16,20,24,30,32,36,40,48,60,64],"weights":[1.5,2.0,2.5],"path":"masters/gpu-cluster-{px}px-w{weight}.lottie",)"
                 R"("raster":{"path":"masters/gpu-cluster-{px}px-w{weight}-{style}-{motion}.webp","rest":"masters/gpu-cluster-{px}px-w{weight}-{style}-{motion}-rest.webp","clock":"masters/gpu-cluster-clock.lottie"}})") != std::string::npos);
  CHECK(render::lottie::write_dotlottie(spec, {}).size() <= 12291);
}

TEST_CASE("Generated modules' templates: each @NAME@ is filled once, the code's own @ is left alone, a placeholder without a value is a bug",
          "[lottie][descriptor]") {
  using render::lottie::fill_template;
  CHECK(fill_template("import '@lottiefiles/x'; // @ID@.mjs by @GEN@", {{"ID", "gpu-cluster"}, {"GEN", "iconsynth"}}) ==
        "import '@lottiefiles/x'; // gpu-cluster.mjs by iconsynth");
  // A value is copied in, never read again: a title holding "@ID@" stays as it is.
  CHECK(fill_template("@TITLE@ / @ID@", {{"TITLE", "say @ID@"}, {"ID", "x"}}) == "say @ID@ / x");
  CHECK(fill_template("a@b @@ @ @A-@", {}) == "a@b @@ @ @A-@");
  CHECK_THROWS_WITH(fill_template("// @MISSING@", {{"ID", "x"}}), Catch::Contains("@MISSING@ has no value"));
}
