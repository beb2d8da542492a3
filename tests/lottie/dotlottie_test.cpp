// The .lottie container: a dotLottie v2 archive whose manifest, animations and themes agree.
#include "support.h"

#include "render/lottie/dotlottie_writer.h"

#include <catch2/catch.hpp>
#include <zip.h>

#include <map>
#include <set>

using namespace iconsynth;
using render::lottie::Json;

namespace {

// The archive's entries in order, read back with libzip.
std::vector<std::pair<std::string, std::string>> unzip(const std::string& bytes) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* source = zip_source_buffer_create(bytes.data(), bytes.size(), 0, &error);
  REQUIRE(source != nullptr);
  zip_t* archive = zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &error);
  REQUIRE(archive != nullptr);
  std::vector<std::pair<std::string, std::string>> entries;
  for (zip_int64_t i = 0; i < zip_get_num_entries(archive, 0); ++i) {
    zip_stat_t st;
    REQUIRE(zip_stat_index(archive, i, 0, &st) == 0);
    CHECK(st.comp_method == ZIP_CM_DEFLATE);
    std::string data(st.size, '\0');
    zip_file_t* file = zip_fopen_index(archive, i, 0);
    REQUIRE(file != nullptr);
    REQUIRE(zip_fread(file, data.data(), st.size) == static_cast<zip_int64_t>(st.size));
    zip_fclose(file);
    entries.emplace_back(st.name, data);
  }
  zip_close(archive);
  return entries;
}

std::string bundle() {
  render::lottie::BundleOptions options;
  options.generator = "iconsynth test";
  return render::lottie::write_dotlottie(test::builtin_spec(), options);
}

}  // namespace

TEST_CASE("The bundle holds the manifest, one animation per style x motion, and its themes", "[lottie][dotlottie]") {
  const auto entries = unzip(bundle());
  std::vector<std::string> names;
  for (const auto& [name, unused] : entries) names.push_back(name);
  CHECK(names == std::vector<std::string>{"manifest.json", "a/outline-light.json", "a/outline-strong.json",
                                          "a/solid-light.json", "a/solid-strong.json", "a/duotone-light.json",
                                          "a/duotone-strong.json", "t/light.json", "t/dark.json", "t/light-w1.5.json",
                                          "t/light-w2.json", "t/light-w2.5.json", "t/dark-w1.5.json", "t/dark-w2.json",
                                          "t/dark-w2.5.json", "s/outline.json", "s/solid.json", "s/duotone.json"});
  const Json manifest = Json::parse(entries[0].second);
  CHECK(manifest["version"] == "2");  // the string: players read anything else as v1
  CHECK(manifest["generator"] == "iconsynth test");
  CHECK(manifest["initial"]["animation"] == "outline-light");
  CHECK(manifest["themes"].size() == 8);
  CHECK(manifest["themes"][4] == Json({{"id", "light-w2.5"}, {"name", "Light, weight 2.5"}}));
  std::map<std::string, std::string> files(entries.begin(), entries.end());
  for (const Json& a : manifest["animations"]) {
    INFO(a.dump());
    CHECK(files.count("a/" + a["id"].get<std::string>() + ".json") == 1);
    CHECK(a["initialTheme"] == "dark");
  }
  for (const Json& t : manifest["themes"]) CHECK(files.count("t/" + t["id"].get<std::string>() + ".json") == 1);
  CHECK(manifest["initial"]["stateMachine"] == "outline");
  CHECK(manifest["stateMachines"][0] == Json({{"id", "outline"}, {"name", "Outline: hover plays light, a click plays strong"}}));
  for (const Json& m : manifest["stateMachines"]) CHECK(files.count("s/" + m["id"].get<std::string>() + ".json") == 1);
  // What the icon is, once, in the manifest.
  CHECK(manifest["animations"][0]["name"] == "GPU cluster, outline, light");
  CHECK(manifest["custom"] == Json({{"title", "GPU cluster"}, {"category", "Model training & fine-tuning"}, {"license", "MIT"}}));
  CHECK_THAT(manifest["description"].get<std::string>(), Catch::StartsWith("The cluster exchanges its results"));
  CHECK_THAT(manifest["keywords"].get<std::string>(), Catch::Contains("all-reduce"));
}

TEST_CASE("Theme rules address slots the animations declare, with the themes' colours and weights", "[lottie][dotlottie]") {
  const auto entries = unzip(bundle());
  std::set<std::string> declared_anywhere, declared_everywhere{"primary", "primary-opacity", "weight"};
  for (const auto& [name, data] : entries) {
    if (name.rfind("a/", 0) != 0) continue;
    const Json animation = Json::parse(data);
    std::set<std::string> declared;
    for (const auto& [sid, unused] : animation["slots"].items()) declared.insert(sid);
    declared_anywhere.insert(declared.begin(), declared.end());
    std::set<std::string> both;
    std::set_intersection(declared.begin(), declared.end(), declared_everywhere.begin(), declared_everywhere.end(),
                          std::inserter(both, both.begin()));
    declared_everywhere = both;
  }
  CHECK(declared_everywhere.count("primary") == 1);
  for (const auto& [name, data] : entries) {
    if (name.rfind("t/", 0) != 0) continue;
    const Json theme = Json::parse(data);
    INFO(name);
    // primary, its opacity, secondary, its opacity, and the weight in the preset themes
    const bool preset = name.find("-w") != std::string::npos;
    REQUIRE(theme["rules"].size() == (preset ? 5u : 4u));
    for (const Json& rule : theme["rules"]) {
      CHECK(declared_anywhere.count(rule["id"]) == 1);
      const bool color = rule["id"] == "primary" || rule["id"] == "secondary";
      CHECK(rule["type"] == (color ? "Color" : "Scalar"));
      if (color) CHECK(rule["value"].size() == 3);
    }
  }
  CHECK(declared_everywhere.count("primary") == 1);
  CHECK(declared_everywhere.count("weight") == 1);
  const Json light = Json::parse(entries[7].second);
  CHECK(light["rules"][0]["value"] == render::lottie::color_value(test::builtin_spec().theme_rule("light").primary));
  const Json dark_w15 = Json::parse(entries[12].second);
  CHECK(dark_w15["rules"][4] == Json({{"id", "weight"}, {"type", "Scalar"}, {"value", 0.1}}));  // (1.5 - 1) × 0.2 s
}

TEST_CASE("The bundle is byte-identical across runs and no larger than the published asset", "[lottie][dotlottie]") {
  const std::string a = bundle();
  CHECK(bundle() == a);
  CHECK(a.size() <= 12291);  // the published gpu-cluster.lottie
}

TEST_CASE("Theme files follow the dotLottie v2 theme format: rules of id, type and a value of that type", "[lottie][dotlottie]") {
  // dotlottie-rs reads {"rules":[{"id", "type", "value" | "keyframes", "animations"?}]}; Color is
  // 3 or 4 numbers in 0..1, Scalar one number. ThorVG applying each theme is tested in test_live_bundle.
  for (const auto& [name, data] : unzip(bundle())) {
    if (name.rfind("t/", 0) != 0) continue;
    INFO(name);
    const Json theme = Json::parse(data);
    REQUIRE(theme.is_object());
    CHECK(theme.size() == 1);
    REQUIRE(theme["rules"].is_array());
    std::set<std::string> ids;
    for (const Json& rule : theme["rules"]) {
      REQUIRE(rule.is_object());
      CHECK(rule.size() == 3);
      REQUIRE(rule["id"].is_string());
      CHECK(ids.insert(rule["id"].get<std::string>()).second);  // one rule a slot
      if (rule["type"] == "Color") {
        REQUIRE(rule["value"].is_array());
        CHECK((rule["value"].size() == 3 || rule["value"].size() == 4));
        for (const Json& c : rule["value"]) CHECK((c.is_number() && c.get<double>() >= 0 && c.get<double>() <= 1));
      } else {
        CHECK(rule["type"] == "Scalar");
        CHECK(rule["value"].is_number());
      }
    }
  }
}
