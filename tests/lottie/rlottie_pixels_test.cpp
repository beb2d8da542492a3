// An independent player must show what our Cairo renderer draws: every frame of every style ×
// motion, exported as Lottie JSON, rendered by rlottie at 256 px and compared pixel by pixel.
#include "render/lottie/rlottie_player.h"
#include "support.h"

#include "render/cairo/raster.h"

#include <catch2/catch.hpp>

#include <cstring>
#include <fstream>
#include <iostream>

using namespace iconsynth;

namespace {
constexpr int kSize = 256;
constexpr int kTolerance = 32;
constexpr double kMaxMean = 1.0;      // 0–255 scale; a one-frame timing shift gives about 6
constexpr double kMaxShareOver = 0.01;

// Every frame of `scene` in rlottie against our Cairo frame; the worst one must be within the limits.
void check_in_rlottie(const render::AnimatedScene& scene, const std::string& id) {
  const render::lottie::RlottiePlayer player(render::lottie::to_text(render::lottie::write_animation(scene, {})), id);
  REQUIRE(player.frame_count() == static_cast<std::size_t>(scene.frame_count));

  double worst_mean = -1, sum_mean = 0;
  int worst_frame = 0;
  render::DiffStats worst;
  for (int f = 0; f < scene.frame_count; ++f) {
    const render::ImageSurface ours = render::render_frame(render::evaluate(scene, f), kSize);
    const std::vector<std::uint32_t> theirs = player.render(f, kSize);
    const render::ImageView their_view = render::view_of(theirs, kSize, kSize);
    const render::DiffStats d = render::compare_images(ours.view(), their_view, kTolerance);
    sum_mean += d.mean_abs;
    if (d.mean_abs > worst_mean) worst_mean = d.mean_abs, worst_frame = f, worst = d;
  }
  std::cout << "rlottie vs cairo " << id << ": mean of means " << sum_mean / scene.frame_count << ", worst frame "
            << worst_frame << " (" << render::describe(worst) << ")\n";
  INFO(id << " worst frame " << worst_frame << ": " << render::describe(worst));
  const bool pass = worst.mean_abs <= kMaxMean && worst.share_over <= kMaxShareOver;
  if (!pass) {
    // Leave the worst frame's images for a person to look at.
    const auto dir = test::artifact_dir("rlottie-" + id);
    const render::ImageSurface ours = render::render_frame(render::evaluate(scene, worst_frame), kSize);
    const std::vector<std::uint32_t> theirs = player.render(worst_frame, kSize);
    const render::ImageView their_view = render::view_of(theirs, kSize, kSize);
    std::ofstream(dir / "cairo.png", std::ios::binary) << ours.png_bytes();
    test::write_png(dir / "rlottie.png", theirs.data(), kSize, kSize);
    test::write_png(dir / "diff.png", render::difference_image(ours.view(), their_view).data(), kSize, kSize);
    std::cout << "  images of frame " << worst_frame << " in " << dir.string() << "\n";
  }
  CHECK(worst.mean_abs <= kMaxMean);
  CHECK(worst.share_over <= kMaxShareOver);
}
}  // namespace

TEST_CASE("rlottie plays our exported Lottie like our Cairo frames, every frame", "[lottie][rlottie]") {
  for (const render::Variant& v : test::all_style_motion_variants()) {
    check_in_rlottie(render::build_scene(test::builtin_spec(), v), spec::VariantSpace::animation_id(v));
  }
}

TEST_CASE("rlottie plays rings of 3, 6 and 8 like our Cairo frames, every frame", "[lottie][rlottie]") {
  for (int n : {3, 6, 8}) {
    for (const render::Variant& v : test::all_style_motion_variants()) {
      check_in_rlottie(render::build_scene(test::ring_spec(n), v), "ring" + std::to_string(n) + "-" + spec::VariantSpace::animation_id(v));
    }
  }
}

TEST_CASE("The rlottie comparison notices a one-frame timing shift", "[lottie][rlottie]") {
  // A control for the test above: its thresholds must be tight enough to catch a real mistake.
  const render::AnimatedScene scene = render::build_scene(test::builtin_spec(), test::all_style_motion_variants()[1]);
  const render::lottie::RlottiePlayer player(render::lottie::to_text(render::lottie::write_animation(scene, {})), "shifted");
  double worst = 0;
  for (int f = 0; f + 1 < scene.frame_count; ++f) {
    const render::ImageSurface ours = render::render_frame(render::evaluate(scene, f + 1), kSize);
    const std::vector<std::uint32_t> theirs = player.render(f, kSize);
    const render::ImageView their_view = render::view_of(theirs, kSize, kSize);
    worst = std::max(worst, render::compare_images(ours.view(), their_view, kTolerance).mean_abs);
  }
  std::cout << "rlottie frame f vs cairo frame f+1 (outline-strong): worst mean " << worst << "\n";
  CHECK(worst > kMaxMean);
}
