// A second, independent player in a real browser: lottie-web (npm) in headless Chromium renders
// the key frames of every style x motion, compared with our Cairo frames; and the same with slot
// values merged into the JSON before load (lottie-web has no slot API), as a page without a
// dotLottie player would. Its canvas anti-aliasing differs more than rlottie's, hence the looser
// limits. One browser per motion draws every document of that motion.
#include "support.h"

#include "render/cairo/raster.h"
#include "render/lottie/asset_reader.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <iostream>
#include <set>

using namespace iconsynth;
using render::lottie::Json;

namespace {
constexpr int kSize = 256;
constexpr int kTolerance = 32;
constexpr double kMaxMean = 1.5;
constexpr double kMaxShareOver = 0.02;

// Frames worth a browser's time: the ends, each landing and swell peak, the anticipation low,
// and a frame in the middle of each flight.
std::vector<int> key_frames(const render::AnimatedScene& scene) {
  std::set<int> frames{0, scene.frame_count - 1};
  for (const motion::ChoreographyEvent& e : scene.choreography.events) frames.insert(static_cast<int>(e.frame));
  for (const motion::PacketMotion& p : scene.choreography.packets) frames.insert(static_cast<int>((p.depart + p.land) / 2));
  frames.erase(scene.frame_count);
  return {frames.begin(), frames.end()};
}

// One document for lottie-web and the variant Cairo draws to compare it with.
struct Case {
  std::string name;        // file stem: the frames go to <dir>/<name>/
  Json document;
  render::Variant expected;
};

// Renders every case (all of one motion, so one frame list) in one browser, then compares.
void check_with_lottie_web(const std::vector<Case>& cases, const std::string& label) {
  const std::string runner = std::string(ICONSYNTH_SOURCE_DIR) + "/tests/browser/run.sh";
  const std::string script = std::string(ICONSYNTH_SOURCE_DIR) + "/tests/lottie/render_frames.mjs";
  const auto dir = test::artifact_dir("lottie-web-" + label);
  const render::AnimatedScene first = render::build_scene(test::builtin_spec(), cases.front().expected);
  const std::vector<int> frames = key_frames(first);
  std::string list, jsons;
  for (int f : frames) {
    if (!list.empty()) list += ',';
    list += std::to_string(f);
  }
  for (const Case& c : cases) {
    const auto path = dir / (c.name + ".json");
    std::ofstream(path) << c.document.dump();
    jsons += " --json '" + path.string() + "'";
  }
  const std::string command = "bash '" + runner + "' '" + script + "'" + jsons + " --size " + std::to_string(kSize) +
                              " --frames " + list + " --out '" + dir.string() + "' > '" + (dir / "browser.log").string() + "' 2>&1";
  INFO(command);
  REQUIRE(std::system(command.c_str()) == 0);

  for (const Case& c : cases) {
    const render::AnimatedScene scene = render::build_scene(test::builtin_spec(), c.expected);
    REQUIRE(key_frames(scene) == frames);
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
      if (d.mean_abs > kMaxMean || d.share_over > kMaxShareOver) {
        std::ofstream(dir / c.name / ("cairo_" + std::string(name)), std::ios::binary) << ours.png_bytes();
        const auto diff = render::difference_image(ours.view(), theirs.view());
        test::write_png(dir / c.name / ("diff_" + std::string(name)), diff.data(), kSize, kSize);
      }
    }
    std::cout << "lottie-web vs cairo " << c.name << ": " << frames.size() << " frames, worst frame " << worst_frame << " ("
              << render::describe(worst) << ")\n";
    INFO(c.name << " worst frame " << worst_frame << ": " << render::describe(worst) << "; images in " << (dir / c.name).string());
    CHECK(worst.mean_abs <= kMaxMean);
    CHECK(worst.share_over <= kMaxShareOver);
  }
}

}  // namespace

TEST_CASE("lottie-web in Chromium plays our exported Lottie like our Cairo frames", "[lottie][browser]") {
  for (const char* motion : {"light", "strong"}) {
    std::vector<Case> cases;
    for (const render::Variant& v : test::all_style_motion_variants()) {
      if (v.motion != motion) continue;
      const render::AnimatedScene scene = render::build_scene(test::builtin_spec(), v);
      cases.push_back({spec::VariantSpace::animation_id(v), render::lottie::write_animation(scene, {}), v});
    }
    check_with_lottie_web(cases, motion);
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
