// A second, independent player in a real browser: lottie-web (npm) in headless Chromium renders
// the key frames of every style x motion, compared with our Cairo frames. Its canvas
// anti-aliasing differs more than rlottie's, hence the looser limits.
#include "support.h"

#include "render/cairo/raster.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <iostream>
#include <set>

using namespace iconsynth;

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

}  // namespace

TEST_CASE("lottie-web in Chromium plays our exported Lottie like our Cairo frames", "[lottie][browser]") {
  const std::string runner = std::string(ICONSYNTH_SOURCE_DIR) + "/tests/browser/run.sh";
  const std::string script = std::string(ICONSYNTH_SOURCE_DIR) + "/tests/lottie/render_frames.mjs";
  for (const render::Variant& v : test::all_style_motion_variants()) {
    const render::AnimatedScene scene = render::build_scene(test::builtin_spec(), v);
    const std::string id = spec::VariantSpace::animation_id(v);
    const auto dir = test::artifact_dir("lottie-web-" + id);
    const auto json_path = dir / (id + ".json");
    std::ofstream(json_path) << render::lottie::to_text(render::lottie::write_animation(scene, {}));

    const std::vector<int> frames = key_frames(scene);
    std::string list;
    for (int f : frames) {
      if (!list.empty()) list += ',';
      list += std::to_string(f);
    }
    const std::string command = "bash '" + runner + "' '" + script + "' --json '" + json_path.string() + "' --size " +
                                std::to_string(kSize) + " --frames " + list + " --out '" + dir.string() + "' > '" +
                                (dir / "browser.log").string() + "' 2>&1";
    INFO(id << ": " << command);
    REQUIRE(std::system(command.c_str()) == 0);

    render::DiffStats worst;
    int worst_frame = -1;
    for (int f : frames) {
      char name[32];
      std::snprintf(name, sizeof name, "frame_%04d.png", f);
      // The browser writes straight alpha; Cairo's decoder premultiplies it (rounding exactly).
      const render::ImageSurface theirs = render::decode_png(test::read_bytes(dir / name));
      const render::ImageSurface ours = render::render_frame(render::evaluate(scene, f), kSize);
      const render::DiffStats d = render::compare_images(ours.view(), theirs.view(), kTolerance);
      if (worst_frame < 0 || d.mean_abs > worst.mean_abs) worst = d, worst_frame = f;
      if (d.mean_abs > kMaxMean || d.share_over > kMaxShareOver) {
        std::ofstream(dir / ("cairo_" + std::string(name)), std::ios::binary) << ours.png_bytes();
        const auto diff = render::difference_image(ours.view(), theirs.view());
        test::write_png(dir / ("diff_" + std::string(name)), diff.data(), kSize, kSize);
      }
    }
    std::cout << "lottie-web vs cairo " << id << ": " << frames.size() << " frames, worst frame " << worst_frame << " ("
              << render::describe(worst) << ")\n";
    INFO(id << " worst frame " << worst_frame << ": " << render::describe(worst) << "; images in " << dir.string());
    CHECK(worst.mean_abs <= kMaxMean);
    CHECK(worst.share_over <= kMaxShareOver);
  }
}
