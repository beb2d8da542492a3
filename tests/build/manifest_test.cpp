// The manifest's reader: what the writer writes reads back the same, and a manifest that is not
// one (or lists a path leaving its folder) is refused naming the field.
#include "render/build/manifest.h"

#include <catch2/catch.hpp>

namespace build = iconsynth::render::build;
using Json = nlohmann::ordered_json;

namespace {
build::Manifest sample() {
  build::Manifest m;
  m.generator = "iconsynth 0.1.0";
  m.spec_id = "gpu-cluster";
  m.spec_sha256 = std::string(64, 'a');
  m.size = 64;
  m.theme = "dark";
  build::ManifestVariant v;
  v.style = "outline";
  v.motion = "light";
  v.theme = "dark";
  v.weight = 1.5;
  v.color = "#FFFFFF";
  m.files.push_back({"filmstrips/outline-light-w1.5.png", "filmstrip", "png", v, 64, 60, 20219, std::string(64, 'b')});
  m.files.push_back({"gpu-cluster.mjs", "descriptor", "descriptor", std::nullopt, 0, 0, 3775, std::string(64, 'c')});
  return m;
}
}  // namespace

TEST_CASE("A manifest reads back as it was written", "[build][manifest]") {
  const build::Manifest m = sample();
  const build::Manifest back = build::manifest_from_json(Json::parse(build::to_json(m).dump()));
  CHECK(build::to_json(back) == build::to_json(m));
  REQUIRE(back.find("gpu-cluster.mjs"));
  CHECK_FALSE(back.find("gpu-cluster.mjs")->variant);
  CHECK(back.find("filmstrips/outline-light-w1.5.png")->variant->weight == 1.5);
  CHECK(back.of_kind("descriptor").size() == 1);
}

TEST_CASE("A manifest that is not one is refused naming the field", "[build][manifest]") {
  Json doc = build::to_json(sample());
  doc["files"][1]["path"] = "../../etc/passwd";
  CHECK_THROWS_WITH(build::manifest_from_json(doc), Catch::Contains("/files/1/path") && Catch::Contains("not a path inside the folder"));
  doc = build::to_json(sample());
  doc["manifest"] = 2;
  CHECK_THROWS_WITH(build::manifest_from_json(doc), Catch::Contains("/manifest"));
  doc = build::to_json(sample());
  doc["files"][0].erase("sha256");
  CHECK_THROWS_WITH(build::manifest_from_json(doc), Catch::Contains("/files/0/sha256: missing required field"));
  CHECK_THROWS_AS(build::read_manifest("/nonexistent"), std::invalid_argument);
}
