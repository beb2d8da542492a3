// The variant space: the spec's names in the spec's order, enumerated in one place, with ids that
// parse back; names that would make ids ambiguous are spec errors.
#include "spec/loader.h"
#include "spec/variant_space.h"

#include <catch2/catch.hpp>

#include <functional>

using namespace iconsynth::spec;
using json = iconsynth::spec::Json;

namespace {
IconSpec builtin_icon() { return load_spec_text(builtin_spec_text()); }

std::vector<std::string> ids(const std::vector<Variant>& variants, std::string (*format)(const Variant&)) {
  std::vector<std::string> out;
  for (const Variant& v : variants) out.push_back(format(v));
  return out;
}
}  // namespace

TEST_CASE("The built-in variant space lists the spec's names in its order, with its defaults", "[spec][variants]") {
  const VariantSpace space(builtin_icon());
  CHECK(space.styles() == std::vector<std::string>{"outline", "solid", "duotone"});
  CHECK(space.motions() == std::vector<std::string>{"light", "strong"});
  CHECK(space.themes() == std::vector<std::string>{"light", "dark"});
  CHECK(space.weights() == std::vector<double>{1.5, 2, 2.5});
  const Variant d = space.defaults();
  CHECK((d.style == "outline" && d.motion == "light" && d.theme == "dark" && d.weight == 2 && !d.color));
}

TEST_CASE("variants() runs style, then motion, theme and weight, holding the axes asked for", "[spec][variants]") {
  const VariantSpace space(builtin_icon());
  const std::vector<Variant> all = space.variants();
  REQUIRE(all.size() == 3 * 2 * 2 * 3);
  CHECK(VariantSpace::golden_id(all[0]) == "outline-light-light-w1.5");
  CHECK(VariantSpace::golden_id(all[1]) == "outline-light-light-w2");
  CHECK(VariantSpace::golden_id(all[3]) == "outline-light-dark-w1.5");
  CHECK(VariantSpace::golden_id(all[6]) == "outline-strong-light-w1.5");
  CHECK(VariantSpace::golden_id(all.back()) == "duotone-strong-dark-w2.5");
  CHECK(ids(space.variants({.theme = "dark", .weight = 2}), VariantSpace::animation_id) ==
        std::vector<std::string>{"outline-light", "outline-strong", "solid-light", "solid-strong", "duotone-light",
                                 "duotone-strong"});
  CHECK(ids(space.variants({.style = "solid", .theme = "light"}), VariantSpace::file_stem) ==
        std::vector<std::string>{"solid-light-w1.5", "solid-light-w2", "solid-light-w2.5", "solid-strong-w1.5",
                                 "solid-strong-w2", "solid-strong-w2.5"});
  // A held axis is taken as given, even a weight that is no preset.
  CHECK(space.variants({.style = "outline", .motion = "light", .theme = "dark", .weight = 1.25}).size() == 1);
}

TEST_CASE("Animation ids parse back to their style and motion, and only the spec's", "[spec][variants]") {
  const VariantSpace space(builtin_icon());
  for (const Variant& v : space.variants({.theme = "dark", .weight = 2})) {
    const auto parsed = space.parse_animation_id(VariantSpace::animation_id(v));
    REQUIRE(parsed);
    CHECK(parsed->first == v.style);
    CHECK(parsed->second == v.motion);
  }
  CHECK_FALSE(space.parse_animation_id("outline"));
  CHECK_FALSE(space.parse_animation_id("sketch-light"));
  CHECK_FALSE(space.parse_animation_id("outline-light-dark"));
}

TEST_CASE("A new style or theme is a spec edit, and the file order is the order", "[spec][variants]") {
  json doc = json::parse(builtin_spec_text());
  doc["styles"]["soft"] = {{"card_fill", "secondary"}, {"card_stroke", false}, {"die", "hole"}};
  doc["themes"]["high-contrast"] = {{"primary", "#FFE600"}, {"backdrop", "#000000"}, {"secondary_mix", 0.5}};
  const IconSpec spec = load_spec(doc);
  const VariantSpace space(spec);
  CHECK(space.styles() == std::vector<std::string>{"outline", "solid", "duotone", "soft"});
  CHECK(space.themes() == std::vector<std::string>{"light", "dark", "high-contrast"});
  CHECK(space.variants().size() == 4 * 2 * 3 * 3);
  CHECK(spec.theme_rule("high-contrast").backdrop == Rgba{0, 0, 0, 255});
  CHECK_THROWS_WITH(spec.style_rule("sketch"), Catch::Contains("no style \"sketch\" in the spec; it has outline, solid, duotone, soft"));
}

TEST_CASE("Names and defaults are checked: bad names, ambiguous ids, unknown defaults, empty maps", "[spec][variants]") {
  const auto error_of = [](const std::function<void(json&)>& edit) -> std::string {
    json doc = json::parse(builtin_spec_text());
    edit(doc);
    try {
      load_spec(doc);
    } catch (const SpecError& e) {
      return e.what();
    }
    return "accepted";
  };
  CHECK_THAT(error_of([](json& d) { d["styles"]["Bold Style"] = d["styles"]["outline"]; }),
             Catch::Contains("/styles/Bold Style") && Catch::Contains("is not a valid name"));
  // "outline-light" + "x" and "outline" + "light-x" would both be "outline-light-x".
  CHECK_THAT(error_of([](json& d) {
               d["styles"]["outline-light"] = d["styles"]["outline"];
               d["motions"]["light-x"] = d["motions"]["light"];
               d["motions"]["x"] = d["motions"]["light"];
             }),
             Catch::Contains("the animation id \"outline-light-x\" is spelled by both"));
  CHECK_THAT(error_of([](json& d) { d["defaults"]["theme"] = "sepia"; }),
             Catch::Contains("/defaults/theme") && Catch::Contains("sepia"));
  CHECK_THAT(error_of([](json& d) { d["themes"] = json::object(); }), Catch::Contains("/themes: names no themes"));
  CHECK_THAT(error_of([](json& d) { d.erase("defaults"); }), Catch::Contains("/defaults: missing required field"));
}
