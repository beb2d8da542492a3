// Reading assets someone hands us: our own bundle reads back; broken and hostile inputs, each
// made here, get an AssetError that names the problem, never a crash or a hang.
#include "support.h"

#include "render/lottie/asset_reader.h"
#include "render/lottie/dotlottie_writer.h"
#include "render/lottie/zip_writer.h"

#include <catch2/catch.hpp>

using namespace iconsynth;
using render::lottie::AssetError;
using render::lottie::Json;
using render::lottie::read_asset_bytes;

namespace {

std::string our_bundle() {
  static const std::string bytes = render::lottie::write_dotlottie(test::builtin_spec(), {});
  return bytes;
}

std::string one_animation() {
  return render::lottie::to_text(
      render::lottie::write_animation(render::build_scene(test::builtin_spec(), test::all_style_motion_variants()[0]), {}));
}

std::string zip_of(const std::vector<render::lottie::ZipEntry>& entries) { return render::lottie::write_zip(entries); }

std::string manifest_v2(const std::string& id) {
  return R"({"version":"2","animations":[{"id":")" + id + R"("}]})";
}

}  // namespace

TEST_CASE("Our own bundle reads back: six animations, its themes, their slots", "[lottie][asset]") {
  const auto asset = read_asset_bytes(our_bundle(), "gpu-cluster.lottie");
  CHECK(asset.kind == render::lottie::Asset::Kind::DotLottieV2);
  REQUIRE(asset.animations.size() == 6);
  CHECK(asset.animations[0].id == "outline-light");
  CHECK(asset.animations[0].initial_theme == "dark");
  CHECK(asset.animations[4].slot_ids ==
        std::vector<std::string>{"primary", "primary-opacity", "secondary", "secondary-opacity", "weight"});
  REQUIRE(asset.themes.size() == 2 + 2 * 3);  // each colour theme alone, and at each preset weight
  CHECK(asset.themes[0].id == "light");
  CHECK(asset.themes[7].id == "dark-w2.5");
}

TEST_CASE("A plain Lottie JSON file and a v1 bundle read too", "[lottie][asset]") {
  const auto json = read_asset_bytes(one_animation(), "outline-light.json");
  CHECK(json.kind == render::lottie::Asset::Kind::LottieJson);
  CHECK(json.animations[0].id == "outline-light");
  const auto v1 = read_asset_bytes(zip_of({{"manifest.json", R"({"version":"1","animations":[{"id":"solo"}]})"},
                                           {"animations/solo.json", one_animation()}}),
                                    "old.lottie");
  CHECK(v1.kind == render::lottie::Asset::Kind::DotLottieV1);
  CHECK(v1.animations[0].id == "solo");
}

TEST_CASE("Themes rewrite every property that carries their slot ids", "[lottie][asset]") {
  const auto asset = read_asset_bytes(our_bundle(), "gpu-cluster.lottie");
  const Json themed = render::lottie::apply_theme(asset.animations[0].document, asset.themes[0]);  // light
  const Json light_primary = asset.themes[0].rules[0]["value"];
  CHECK(themed["slots"]["primary"]["p"]["k"] == light_primary);
  // module-bl is a precomposition (it follows the weight): its die fill lives in the asset
  // the die's group: outline, fill, transform
  CHECK(themed["assets"][0]["layers"][0]["shapes"][0]["it"][1]["c"]["k"] == light_primary);
  CHECK(asset.animations[0].document["assets"][0]["layers"][0]["shapes"][0]["it"][1]["c"]["k"] == Json::array({1, 1, 1}));
}

TEST_CASE("Broken and hostile inputs are refused with a message that names the problem", "[lottie][asset][hostile]") {
  const std::string bundle = our_bundle();
  std::string bomb(2u << 20, '\0');  // 2 MiB of zeros deflate to a few KiB
  render::lottie::AssetLimits small;
  small.max_inflated_bytes = 1u << 20;
  struct Case {
    const char* name;
    std::string bytes;
    std::string message;
    render::lottie::AssetLimits limits;
  } cases[] = {
      {"empty", "", "file is empty", {}},
      {"not json, not zip", "hello, world", "invalid JSON", {}},
      {"binary garbage", std::string("\x00\xff\x13\x37", 4), "invalid JSON", {}},
      {"PK but not a zip", "PK\x03\x04 this is no archive", "not a valid zip archive", {}},
      {"truncated zip", bundle.substr(0, bundle.size() / 2), "not a valid zip archive", {}},
      {"entry climbing out", zip_of({{"manifest.json", manifest_v2("x")}, {"../a/x.json", one_animation()}}),
       "points outside the archive", {}},
      {"absolute entry", zip_of({{"/etc/passwd", "x"}, {"manifest.json", manifest_v2("x")}}), "points outside the archive", {}},
      {"zip bomb", zip_of({{"manifest.json", manifest_v2("x")}, {"a/x.json", bomb}}), "inflates to more than 1048576", small},
      {"no manifest", zip_of({{"a/x.json", one_animation()}}), "manifest.json is not in the bundle", {}},
      {"missing animation", zip_of({{"manifest.json", manifest_v2("gone")}}), "a/gone.json is not in the bundle", {}},
      {"missing theme", zip_of({{"manifest.json", R"({"version":"2","animations":[{"id":"x"}],"themes":[{"id":"t"}]})"},
                                {"a/x.json", one_animation()}}),
       "t/t.json is not in the bundle", {}},
      {"id with a path", zip_of({{"manifest.json", manifest_v2("../x")}}), "is not a plain name", {}},
      {"invalid JSON entry", zip_of({{"manifest.json", manifest_v2("x")}, {"a/x.json", "{\"w\": 1,"}}), "a/x.json: invalid JSON", {}},
      {"deep nesting", std::string(100000, '[') + std::string(100000, ']'), "nests deeper than 64", {}},
      {"not an object", "[1, 2, 3]", "must be a JSON object", {}},
      {"absurd canvas", R"({"w":1e9,"h":24,"fr":60,"ip":0,"op":60,"layers":[]})", "canvas 1e+09x24 is outside", {}},
      {"absurd frames", R"({"w":24,"h":24,"fr":60,"ip":0,"op":1e12,"layers":[]})", "frames long", {}},
      {"negative frame rate", R"({"w":24,"h":24,"fr":-5,"ip":0,"op":60,"layers":[]})", "frame rate -5", {}},
      {"too many animations", zip_of({{"manifest.json", [] {
         std::string m = R"({"version":"2","animations":[)";
         for (int i = 0; i < 65; ++i) {
           if (i > 0) m += ',';
           m += R"({"id":"a)";
           m += std::to_string(i);
           m += "\"}";
         }
         return m + "]}";
       }()}}),
       "65 animations; at most 64", {}},
      {"no layers", R"({"w":24,"h":24,"fr":60,"ip":0,"op":60})", "\"layers\" must be an array", {}},
      {"string size", R"({"w":"24","h":24,"fr":60,"ip":0,"op":60,"layers":[]})", "\"w\" must be a number", {}},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    CHECK_THROWS_AS(read_asset_bytes(c.bytes, "asset", c.limits), AssetError);
    CHECK_THROWS_WITH(read_asset_bytes(c.bytes, "asset", c.limits), Catch::Contains(c.message));
  }
}
