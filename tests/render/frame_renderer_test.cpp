// FrameRenderer redraws only the rows that changed since its last frame; each of its frames must
// still be, pixel for pixel, the frame render_frame draws from scratch.
#include "render/cairo/frame_renderer.h"
#include "render/cairo/raster.h"
#include "support.h"

#include <catch2/catch.hpp>

#include <cstring>
#include <vector>

using namespace iconsynth;

namespace {

bool same_pixels(const render::ImageSurface& a, const render::ImageSurface& b) {
  if (a.width() != b.width() || a.height() != b.height()) return false;
  for (int y = 0; y < a.height(); ++y) {
    if (std::memcmp(a.data() + std::ptrdiff_t{y} * a.stride(), b.data() + std::ptrdiff_t{y} * b.stride(), std::size_t(a.width()) * 4) != 0) {
      return false;
    }
  }
  return true;
}

// Renders `frames` in that order with one renderer; the first frame that differs from
// render_frame, or -1.
double first_mismatch(const render::AnimatedScene& scene, int size, const std::vector<double>& frames,
                      std::size_t mask_budget = render::FrameRenderer::kDefaultMaskBudget,
                      int workers = render::FrameRenderer::default_workers()) {
  render::FrameRenderer renderer(scene, size, mask_budget, workers);
  for (double f : frames) {
    if (!same_pixels(renderer.render(f), render::render_frame(render::evaluate(scene, f), size))) return f;
  }
  return -1;
}

std::vector<double> every_frame(const render::AnimatedScene& scene) {
  std::vector<double> frames;
  for (int f = 0; f < scene.frame_count; ++f) frames.push_back(f);
  return frames;
}

}  // namespace

TEST_CASE("FrameRenderer draws every frame of every variant as render_frame does", "[render][cairo]") {
  // Every style × motion × theme × preset weight at the golden set's size, frames in order.
  for (const render::Variant& v : test::builtin_space().variants({})) {
    const auto scene = render::build_scene(test::builtin_spec(), v);
    INFO(spec::VariantSpace::file_stem(v) << " " << v.theme);
    CHECK(first_mismatch(scene, 48, every_frame(scene)) == -1);
  }
}

TEST_CASE("FrameRenderer matches render_frame at small, odd and large sizes", "[render][cairo]") {
  for (const render::Variant& v : test::all_style_motion_variants()) {
    const auto scene = render::build_scene(test::builtin_spec(), v);
    for (int size : {8, 17, 24, 64, 256}) {
      INFO(spec::VariantSpace::animation_id(v) << " at " << size << " px");
      CHECK(first_mismatch(scene, size, every_frame(scene)) == -1);
    }
  }
  for (const render::Variant& v : test::all_style_motion_variants()) {
    const auto scene = render::build_scene(test::builtin_spec(), v);
    INFO(spec::VariantSpace::animation_id(v) << " at 1024 px");
    CHECK(first_mismatch(scene, 1024, every_frame(scene)) == -1);
  }
}

TEST_CASE("FrameRenderer matches render_frame on the rings of 3 to 8", "[render][cairo]") {
  // Turned cards: no two modules share a mask; a ring's packets cross at other offsets.
  for (int n : test::ring_sizes()) {
    const auto scene = render::build_scene(test::ring_spec(n), test::variant("duotone", 2, "strong"));
    INFO("ring of " << n);
    CHECK(first_mismatch(scene, 96, every_frame(scene)) == -1);
  }
}

TEST_CASE("FrameRenderer plays a loop again from the masks it kept, and each frame still matches", "[render][cairo]") {
  for (const render::Variant& v : test::all_style_motion_variants()) {
    const auto scene = render::build_scene(test::builtin_spec(), v);
    INFO(spec::VariantSpace::animation_id(v));
    std::vector<double> twice = every_frame(scene);
    twice.insert(twice.end(), twice.begin(), twice.end());
    CHECK(first_mismatch(scene, 256, twice) == -1);

    render::FrameRenderer renderer(scene, 256);
    for (int f = 0; f < scene.frame_count; ++f) renderer.render(f);
    const render::FrameRenderer::Counts first_play = renderer.counts();
    for (int f = 0; f < scene.frame_count; ++f) renderer.render(f);
    CHECK(first_play.rasterised > 0);
    CHECK(renderer.counts().rasterised == first_play.rasterised);  // the second loop draws no mask
    CHECK(renderer.counts().reused > first_play.reused);
  }
}

TEST_CASE("FrameRenderer draws the same frames with and without workers, in order, out of order and again", "[render][cairo]") {
  // In order the workers draw the next frame ahead; out of order they guess wrong and share out
  // the frame's own masks.
  const auto scene = render::build_scene(test::builtin_spec(), test::variant("outline", 1.5, "strong"));
  std::vector<double> frames = every_frame(scene);
  for (int f = scene.frame_count - 1; f >= 0; f -= 7) frames.push_back(f + 0.5);
  for (int f = 0; f < scene.frame_count; f += 2) frames.push_back(f);
  for (int workers : {0, 1, 3}) {
    INFO(workers << " workers");
    CHECK(first_mismatch(scene, 192, frames, render::FrameRenderer::kDefaultMaskBudget, workers) == -1);
  }
}

TEST_CASE("FrameRenderer keeps every mask of the busiest loop at 1024 px within its default budget", "[render][cairo]") {
  // Four modules, each its own masks (their centres sit apart on the pixel grid), three parts a
  // module: a second loop must still draw nothing.
  const auto scene = render::build_scene(test::builtin_spec(), test::variant("duotone", 2, "strong"));
  render::FrameRenderer renderer(scene, 1024);
  for (int f = 0; f < scene.frame_count; ++f) renderer.render(f);
  const long first_play = renderer.counts().rasterised;
  for (int f = 0; f < scene.frame_count; ++f) renderer.render(f);
  CHECK(renderer.counts().rasterised == first_play);
  CHECK(renderer.mask_bytes() < render::FrameRenderer::kDefaultMaskBudget / 4);  // 10.4 MiB, kept as runs
}

TEST_CASE("FrameRenderer matches render_frame when its mask budget is spent", "[render][cairo]") {
  // No budget: nothing is kept. A small one: masks are evicted while the loop plays.
  const auto scene = render::build_scene(test::builtin_spec(), test::variant("duotone", 2.5, "strong"));
  std::vector<double> twice = every_frame(scene);
  twice.insert(twice.end(), twice.begin(), twice.end());
  CHECK(first_mismatch(scene, 256, twice, 0) == -1);
  CHECK(first_mismatch(scene, 256, twice, 64 << 10) == -1);
}

TEST_CASE("FrameRenderer rasterises one mask for the four swelling modules where they sit alike on the pixel grid", "[render][cairo]") {
  // Modules alone (packets removed). At 192 px every module centre falls on a whole pixel, so
  // the four swell through the same masks; at 200 px (centres at .67 and .33 of a pixel) they
  // cannot. (At small sizes a swelling card reaches past the canvas's edge, where Cairo clips,
  // and its mask is its own.)
  auto scene = render::build_scene(test::builtin_spec(), test::variant("outline", 2, "light"));
  std::erase_if(scene.elements, [](const render::Element& e) { return e.kind == render::ElementKind::Packet; });
  const auto first_play = [&](int size) {
    render::FrameRenderer renderer(scene, size);
    for (int f = 0; f < scene.frame_count; ++f) renderer.render(f);
    CHECK(first_mismatch(scene, size, every_frame(scene)) == -1);
    return renderer.counts();
  };
  const auto at_192 = first_play(192), at_200 = first_play(200);
  // (At 192 px a fill may also find an earlier frame's mask whose points round alike.)
  CHECK(at_192.rasterised * 4 <= at_200.rasterised);
  CHECK(at_192.reused >= at_192.rasterised * 3);
  // At 24 px the cards' boxes reach past the canvas; while their ink stays inside (at rest and
  // gathered), one mask still serves four.
  const auto at_24 = first_play(24), at_25 = first_play(25);
  CHECK(at_24.rasterised * 2 < at_25.rasterised);
}

TEST_CASE("FrameRenderer matches render_frame when seeking, repeating and between frames", "[render][cairo]") {
  const auto scene = render::build_scene(test::builtin_spec(), test::variant("duotone", 2.5, "strong"));
  const double last = scene.frame_count - 1;
  CHECK(first_mismatch(scene, 64, {40, 40, 3, 89, 0, 61, 61.5, 12.25, last, 0, 44, 43, 42}) == -1);
  std::vector<double> backwards;
  for (double f = last; f >= 0; f -= 0.75) backwards.push_back(f);
  CHECK(first_mismatch(scene, 64, backwards) == -1);
}

TEST_CASE("FrameRenderer matches render_frame with a translucent colour and a fading element", "[render][cairo]") {
  render::Variant v = test::variant("duotone", 2, "strong");
  v.color = spec::Rgba{34, 197, 94, 128};
  auto scene = render::build_scene(test::builtin_spec(), v);
  CHECK(first_mismatch(scene, 64, every_frame(scene)) == -1);
  // A module at half opacity fades as one layer (a Cairo group): drawn whole, never clipped.
  scene.elements.back().opacity = motion::Track<double>(0.5);
  CHECK(first_mismatch(scene, 64, every_frame(scene)) == -1);
}

TEST_CASE("FrameRenderer rejects sizes render_frame rejects", "[render][cairo]") {
  const auto scene = render::build_scene(test::builtin_spec(), test::variant("outline", 2, "light"));
  CHECK_THROWS_AS(render::FrameRenderer(scene, 7), std::invalid_argument);
  CHECK_THROWS_AS(render::FrameRenderer(scene, 4097), std::invalid_argument);
}
