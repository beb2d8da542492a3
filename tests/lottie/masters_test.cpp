// Masters (render/lottie/masters.h): the bundles a page plays at the sizes its pixels come to.
// Which sizes and weights get one, where they sit, and what each holds: the same bundle as the
// exact one (its animation ids, state machines and colour themes, so the runtime drives it the
// same way), its animations the scenes fitted to that size's pixels with the weight baked, each
// within the published asset's 12,291 bytes (what a page downloads to show the icon).
#include "support.h"

#include "render/cairo/sized_scene.h"
#include "render/lottie/dotlottie_writer.h"
#include "render/lottie/lottie_writer.h"
#include "render/lottie/masters.h"
#include "render/lottie/zip_reader.h"
#include "render/web/web_package.h"

#include <catch2/catch.hpp>

#include <iostream>
#include <map>

using namespace iconsynth;
using render::lottie::Json;

namespace {

constexpr std::size_t kPublishedAssetBytes = 12291;  // the seed's gpu-cluster.lottie

std::map<std::string, std::string> entries(const std::string& bundle) {
  std::map<std::string, std::string> out;
  for (render::lottie::ZipEntry& e : render::lottie::read_zip(bundle)) out[e.name] = std::move(e.bytes);
  return out;
}

render::lottie::BundleOptions exact_options() {
  render::lottie::BundleOptions options;
  options.generator = "iconsynth test";
  return options;
}

}  // namespace

TEST_CASE("Masters are drawn for every page size x pixel ratio that lands on whole pixels up to hinting.up_to, at each preset weight",
          "[lottie][masters]") {
  const spec::IconSpec& spec = test::builtin_spec();
  // 16 … 48 CSS px at ratios 1, 1.5 and 2: 24 × 1.5 = 36, 40 × 1.5 = 60; 48 × 1.5 = 72, 40 × 2 = 80
  // and 48 × 2 = 96 are above hinting.up_to (64), where outputs are exact.
  CHECK(render::lottie::master_sizes(spec) == std::vector<int>{16, 20, 24, 30, 32, 36, 40, 48, 60, 64});
  const std::vector<render::lottie::Master> all = render::lottie::masters(spec);
  REQUIRE(all.size() == 30);
  CHECK(all.front().px == 16);
  CHECK(all.front().weight == 1.5);
  CHECK(all.back().px == 64);
  CHECK(all.back().weight == 2.5);
  CHECK(render::lottie::master_path(spec, {32, 2}) == "masters/gpu-cluster-32px-w2.lottie");
  CHECK(render::lottie::master_path(spec, {30, 1.5}) == "masters/gpu-cluster-30px-w1.5.lottie");
  CHECK(render::lottie::master_path_pattern(spec) == "masters/gpu-cluster-{px}px-w{weight}.lottie");

  // A spec that hints less far gets fewer; one that never hints, none.
  const spec::IconSpec to_32 = spec::load_spec_text(test::builtin_spec_with("\"up_to\": 64", "\"up_to\": 32"));
  CHECK(render::lottie::master_sizes(to_32) == std::vector<int>{16, 20, 24, 30, 32});
  spec::Json plain = spec::Json::parse(spec::builtin_spec_text());
  plain.erase("hinting");
  CHECK(render::lottie::masters(spec::load_spec(plain)).empty());
}

TEST_CASE("A master is the bundle drawn for its size at its weight: fitted scenes, the weight baked, colour themes, the same state machines",
          "[lottie][masters]") {
  const spec::IconSpec& spec = test::builtin_spec();
  const auto exact = entries(render::lottie::write_dotlottie(spec, exact_options()));
  for (const render::lottie::Master m : {render::lottie::Master{32, 2}, render::lottie::Master{30, 2}, render::lottie::Master{16, 1.5}}) {
    INFO(m.px << " px at weight " << m.weight);
    const std::string bytes = render::lottie::write_dotlottie(spec, render::web::master_options(exact_options(), m));
    CHECK(bytes == render::lottie::write_dotlottie(spec, render::web::master_options(exact_options(), m)));  // deterministic
    const auto master = entries(bytes);
    const Json manifest = Json::parse(master.at("manifest.json"));
    CHECK(manifest["custom"]["pixelGrid"] == m.px);
    CHECK(manifest["themes"] == Json::array({{{"id", "light"}, {"name", "Light"}}, {{"id", "dark"}, {"name", "Dark"}}}));
    // What the runtime drives is the exact bundle's: the animation ids and state machines.
    const Json exact_manifest = Json::parse(exact.at("manifest.json"));
    CHECK(manifest["initial"] == exact_manifest["initial"]);
    CHECK(manifest["stateMachines"] == exact_manifest["stateMachines"]);
    for (const std::string style : {"outline", "solid", "duotone"}) CHECK(master.at("s/" + style + ".json") == exact.at("s/" + style + ".json"));
    for (const render::Variant& v : test::builtin_space().variants({.theme = "dark", .weight = m.weight})) {
      const std::string id = spec::VariantSpace::animation_id(v);
      INFO(id);
      const Json animation = Json::parse(master.at("a/" + id + ".json"));
      const render::AnimatedScene fitted = render::scene_for_size(spec, v, m.px);
      CHECK(animation == render::lottie::write_animation(fitted, {m.px, render::lottie::LottieOptions::Meta::Title, false}));
      CHECK(animation != render::lottie::write_animation(render::build_scene(spec, v), {m.px, render::lottie::LottieOptions::Meta::Title, false}));
      // Colours are slots on every master; the weight is the master's own.
      CHECK(animation["slots"].contains("primary"));
      CHECK_FALSE(animation["slots"].contains("weight"));
      CHECK(animation["assets"].empty());
    }
  }
}

TEST_CASE("Every master is within the published asset's 12,291 bytes and takes the colour slots, and the exact bundle is as it was", "[lottie][masters]") {
  const spec::IconSpec& spec = test::builtin_spec();
  std::size_t largest = 0;
  std::string largest_path;
  for (const render::lottie::Master& m : render::lottie::masters(spec)) {
    const std::string bundle = render::lottie::write_dotlottie(spec, render::web::master_options(exact_options(), m));
    INFO(render::lottie::master_path(spec, m) << ": " << bundle.size() << " bytes");
    CHECK(bundle.size() <= kPublishedAssetBytes);
    if (bundle.size() > largest) largest = bundle.size(), largest_path = render::lottie::master_path(spec, m);
    for (const auto& [path, bytes] : entries(bundle)) {
      if (!path.starts_with("a/")) continue;
      INFO(path);
      const Json slots = Json::parse(bytes)["slots"];
      CHECK(slots.contains("primary"));
      CHECK(slots.contains("primary-opacity"));
      CHECK(slots.contains("secondary") == path.starts_with("a/duotone"));
    }
  }
  std::cout << "the largest master: " << largest_path << ", " << largest << " bytes\n";
  // Options without a fitted scene are the exact bundle: its animations keyed for the weight slot.
  const auto exact = entries(render::lottie::write_dotlottie(spec, exact_options()));
  CHECK(Json::parse(exact.at("a/outline-light.json"))["slots"].contains("weight"));
  CHECK(exact.count("t/dark-w2.json") == 1);
  CHECK_FALSE(Json::parse(exact.at("manifest.json"))["custom"].contains("pixelGrid"));
}
