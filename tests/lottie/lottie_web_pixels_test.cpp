// A second, independent player in a real browser: lottie-web (npm) in headless Chromium renders
// the key frames of every style x motion, compared with our Cairo frames; and the same with slot
// values merged into the JSON before load (lottie-web has no slot API), as a page without a
// dotLottie player would. Its canvas anti-aliasing differs more than rlottie's, hence the looser
// limits. One browser per motion draws every document of that motion; one draws every ring of
// 3, 6 and 8, both motions.
#include "support.h"

#include "render/cairo/raster.h"
#include "render/lottie/asset_reader.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <iostream>
#include <algorithm>
#include <set>

using namespace iconsynth;
using render::lottie::Json;

namespace {
constexpr int kSize = 256;
constexpr int kTolerance = 32;
constexpr double kMaxMean = 1.5;
constexpr double kMaxShareOver = 0.02;


// One document for lottie-web and the variant Cairo draws to compare it with.
struct Case {
  std::string name;        // file stem: the frames go to <dir>/<name>/
  Json document;
  render::Variant expected;
  const spec::IconSpec* spec = &test::builtin_spec();  // what Cairo draws `expected` from
};

// How far lottie-web may be from our frames.
struct Limits {
  double mean = kMaxMean;
  double share_over = kMaxShareOver;
};

// Renders every case in one browser, each at its own key frames, then compares; with markers,
// each marker lottie-web goes to by name is compared with our frame at its start.
void check_with_lottie_web(const std::vector<Case>& cases, const std::string& label, bool markers = false, const Limits& limits = {}) {
  const std::string runner = std::string(ICONSYNTH_SOURCE_DIR) + "/tests/browser/run.sh";
  const std::string script = std::string(ICONSYNTH_SOURCE_DIR) + "/tests/lottie/render_frames.mjs";
  const auto dir = test::artifact_dir("lottie-web-" + label);
  std::string jsons;
  for (const Case& c : cases) {
    const auto path = dir / (c.name + ".json");
    std::ofstream(path) << c.document.dump();
    std::string list;
    for (int f : test::key_frames(render::build_scene(*c.spec, c.expected))) {
      if (!list.empty()) list += ',';
      list += std::to_string(f);
    }
    jsons += " --frames " + list + " --json '" + path.string() + "'";
  }
  std::string marker_list;
  if (markers) {
    for (const Json& m : cases.front().document["markers"]) {
      if (!marker_list.empty()) marker_list += ',';
      marker_list += m["cm"].get<std::string>();
    }
    jsons += " --markers '" + marker_list + "'";
  }
  const std::string command = "bash '" + runner + "' '" + script + "'" + jsons + " --size " + std::to_string(kSize) +
                              " --out '" + dir.string() + "' > '" + (dir / "browser.log").string() + "' 2>&1";
  INFO(command);
  REQUIRE(std::system(command.c_str()) == 0);

  for (const Case& c : cases) {
    const render::AnimatedScene scene = render::build_scene(*c.spec, c.expected);
    const std::vector<int> frames = test::key_frames(scene);
    render::DiffStats worst;
    int worst_frame = -1;
    for (int f : frames) {
      char name[32];
      std::snprintf(name, sizeof name, "frame_%04d.png", f);
      // The browser writes straight alpha; Cairo's decoder premultiplies it (rounding exactly).
      const render::ImageSurface theirs = render::decode_png(test::read_bytes(dir / c.name / name));
      const render::ImageSurface ours = render::render_frame(render::evaluate(scene, f), kSize);
      const render::DiffStats d = render::compare_images(ours.view(), theirs.view(), kTolerance);
      if (worst_frame < 0 || d.mean_abs > worst.mean_abs) worst = d, worst_frame = f;
      if (d.mean_abs > limits.mean || d.share_over > limits.share_over) {
        std::ofstream(dir / c.name / ("cairo_" + std::string(name)), std::ios::binary) << ours.png_bytes();
        const auto diff = render::difference_image(ours.view(), theirs.view());
        test::write_png(dir / c.name / ("diff_" + std::string(name)), diff.data(), kSize, kSize);
      }
    }
    std::cout << "lottie-web vs cairo " << c.name << ": " << frames.size() << " frames, worst frame " << worst_frame << " ("
              << render::describe(worst) << ")\n";
    INFO(c.name << " worst frame " << worst_frame << ": " << render::describe(worst) << "; images in " << (dir / c.name).string());
    CHECK(worst.mean_abs <= limits.mean);
    CHECK(worst.share_over <= limits.share_over);
    if (!markers) continue;
    // goToAndStop(marker) shows the frame the marker names: our frame at its start.
    const Json reached = Json::parse(test::read_bytes(dir / c.name / "markers.json"));
    for (const Json& m : c.document["markers"]) {
      std::string file = "marker_" + m["cm"].get<std::string>() + ".png";
      std::replace(file.begin(), file.end(), ' ', '_');
      INFO(c.name << " marker " << m["cm"]);
      CHECK(reached[m["cm"].get<std::string>()] == m["tm"]);
      const render::ImageSurface theirs = render::decode_png(test::read_bytes(dir / c.name / file));
      const render::ImageSurface ours = render::render_frame(render::evaluate(scene, m["tm"].get<double>()), kSize);
      const render::DiffStats d = render::compare_images(ours.view(), theirs.view(), kTolerance);
      INFO(render::describe(d));
      CHECK(d.mean_abs <= kMaxMean);
      CHECK(d.share_over <= kMaxShareOver);
    }
  }
}

}  // namespace

TEST_CASE("lottie-web in Chromium plays our exported Lottie like our Cairo frames, markers included", "[lottie][browser]") {
  for (const char* motion : {"light", "strong"}) {
    std::vector<Case> cases;
    for (const render::Variant& v : test::all_style_motion_variants()) {
      if (v.motion != motion) continue;
      const render::AnimatedScene scene = render::build_scene(test::builtin_spec(), v);
      cases.push_back({spec::VariantSpace::animation_id(v), render::lottie::write_animation(scene, {}), v});
    }
    check_with_lottie_web(cases, motion, true);
  }
}

TEST_CASE("lottie-web shows weights 1, 2 and 3 from slot values merged into the JSON before load", "[lottie][browser][slots]") {
  const spec::IconSpec& spec = test::builtin_spec();
  for (const char* motion : {"light", "strong"}) {
    std::vector<Case> cases;
    for (const char* style : {"outline", "solid", "duotone"}) {
      // The bundle's animation (inline weight 2) with another weight's slot values written over it.
      const Json exported = render::lottie::write_animation(render::build_scene(spec, test::variant(style, 2, motion)), {});
      for (double weight : {1.0, 2.0, 3.0}) {
        const render::Variant v{style, weight, motion, "dark", std::nullopt};
        const Json slots = render::lottie::write_animation(render::build_scene(spec, v), {})["slots"];
        cases.push_back({std::string(style) + "-" + motion + "-w" + spec::VariantSpace::weight_label(weight),
                         render::lottie::apply_slots(exported, slots), v});
      }
    }
    check_with_lottie_web(cases, std::string("slots-") + motion);
  }
}

TEST_CASE("lottie-web draws exports at weights between the weight timeline's frames as render --weight does", "[lottie][browser][slots]") {
  // Weights 1.3, 2.7 and 2.95 fall between whole frames of the weight timeline (rlottie's case,
  // weight_exact_test.cpp); held to rlottie's limits here too.
  std::vector<Case> cases;
  for (double weight : {1.3, 2.7, 2.95}) {
    for (render::Variant v : test::all_style_motion_variants()) {
      v.weight = weight;
      const render::AnimatedScene scene = render::build_scene(test::builtin_spec(), v);
      cases.push_back({spec::VariantSpace::animation_id(v) + "-w" + spec::VariantSpace::weight_label(weight),
                       render::lottie::write_animation(scene, {}), v});
    }
  }
  check_with_lottie_web(cases, "weights", false, {1.0, 0.01});
}

TEST_CASE("lottie-web plays rings of 3, 6 and 8 like our Cairo frames, every style and motion in one browser", "[lottie][browser]") {
  std::vector<Case> cases;
  for (int n : {3, 6, 8}) {
    for (const render::Variant& v : test::all_style_motion_variants()) {
      const render::AnimatedScene scene = render::build_scene(test::ring_spec(n), v);
      cases.push_back({"ring" + std::to_string(n) + "-" + spec::VariantSpace::animation_id(v), render::lottie::write_animation(scene, {}), v,
                       &test::ring_spec(n)});
    }
  }
  check_with_lottie_web(cases, "rings");
}
