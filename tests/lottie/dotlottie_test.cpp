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

TEST_CASE("The bundle holds the manifest, one animation per style x motion, and both themes", "[lottie][dotlottie]") {
  const auto entries = unzip(bundle());
  std::vector<std::string> names;
  for (const auto& [name, unused] : entries) names.push_back(name);
  CHECK(names == std::vector<std::string>{"manifest.json", "a/outline-light.json", "a/outline-strong.json",
                                          "a/solid-light.json", "a/solid-strong.json", "a/duotone-light.json",
                                          "a/duotone-strong.json", "t/light.json", "t/dark.json"});
  const Json manifest = Json::parse(entries[0].second);
  CHECK(manifest["version"] == "2");  // the string: players read anything else as v1
  CHECK(manifest["generator"] == "iconsynth test");
  CHECK(manifest["initial"]["animation"] == "outline-light");
  CHECK(manifest["themes"].size() == 2);
  std::map<std::string, std::string> files(entries.begin(), entries.end());
  for (const Json& a : manifest["animations"]) {
    INFO(a.dump());
    CHECK(files.count("a/" + a["id"].get<std::string>() + ".json") == 1);
    CHECK(a["initialTheme"] == "dark");
  }
  for (const Json& t : manifest["themes"]) CHECK(files.count("t/" + t["id"].get<std::string>() + ".json") == 1);
}

TEST_CASE("Theme rules address slots the animations declare, with the themes' colours", "[lottie][dotlottie]") {
  const auto entries = unzip(bundle());
  std::set<std::string> declared_anywhere, declared_everywhere{"primary", "secondary", "weight"};
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
    REQUIRE(theme["rules"].size() == 2);
    for (const Json& rule : theme["rules"]) {
      CHECK(declared_anywhere.count(rule["id"]) == 1);
      CHECK(rule["type"] == "Color");
      CHECK(rule["value"].size() == 3);
    }
  }
  const Json light = Json::parse(entries[7].second);
  CHECK(light["rules"][0]["value"] == render::lottie::color_value(test::builtin_spec().theme_rule("light").primary));
}

TEST_CASE("The bundle is byte-identical across runs and no larger than the published asset", "[lottie][dotlottie]") {
  const std::string a = bundle();
  CHECK(bundle() == a);
  CHECK(a.size() <= 12291);  // the published gpu-cluster.lottie
}
