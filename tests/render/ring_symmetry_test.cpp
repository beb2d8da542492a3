// The ring of N with its cards turned to the centre (no keylines) is rotationally symmetric:
// turning its Cairo frame by 360°/N about the grid's centre gives the same frame, frame by frame,
// in the light motion (every module sends and receives at once). (On keylines the cards stand
// upright and the ring keeps its mirror symmetry instead: tests/render/hint_test.cpp.) Each frame is drawn twice by Cairo, once turned through the context's
// transform, so what differs is only where anti-aliasing falls.
#include "render/cairo/draw.h"
#include "render/cairo/raster.h"
#include "render/compare/image_diff.h"
#include "support.h"

#include <catch2/catch.hpp>

#include <iostream>
#include <numbers>
#include <string_view>

using namespace iconsynth;

namespace {
constexpr int kRingSize = 128;
constexpr int kTolerance = 32;
// Anti-aliasing alone moves the mean under 0.1 and no pixel by more than 15 levels; a module a
// quarter unit off or turned 10° moves it past 1.2 (the controls below).
constexpr double kMaxMean = 0.5;
constexpr double kMaxShareOver = 0.002;

render::ImageSurface draw_turned(const render::FrameScene& frame, double degrees) {
  render::ImageSurface img(kRingSize, kRingSize);
  render::CairoContext cr = render::make_context(img.get());
  cairo_translate(cr.get(), kRingSize / 2.0, kRingSize / 2.0);
  cairo_rotate(cr.get(), degrees * std::numbers::pi / 180);
  cairo_translate(cr.get(), -kRingSize / 2.0, -kRingSize / 2.0);
  render::draw_frame(cr.get(), frame, kRingSize / frame.scene->grid);
  return img;
}

// The worst frame of a scene against itself turned by 360°/n.
render::DiffStats worst_turned(const render::AnimatedScene& scene, int n, int* worst_frame = nullptr) {
  render::DiffStats worst;
  for (int f = 0; f < scene.frame_count; ++f) {
    const render::FrameScene frame = render::evaluate(scene, f);
    const render::DiffStats d = render::compare_images(draw_turned(frame, 0).view(), draw_turned(frame, 360.0 / n).view(), kTolerance);
    if (d.mean_abs >= worst.mean_abs) {
      worst = d;
      if (worst_frame) *worst_frame = f;
    }
  }
  return worst;
}
}  // namespace

TEST_CASE("Turning a turned ring's frame by 360/N about the centre matches itself, frame by frame (light)", "[render][symmetry]") {
  for (int n : test::ring_sizes()) {
    for (const std::string& style : test::builtin_space().styles()) {
      const render::AnimatedScene scene = render::build_scene(test::turned_ring_spec(n), test::variant(style, 2, "light"));
      int frame = 0;
      const render::DiffStats worst = worst_turned(scene, n, &frame);
      std::cout << "ring of " << n << ", " << style << "-light turned by 360/" << n << ": worst frame " << frame << " ("
                << render::describe(worst) << ")\n";
      INFO("ring of " << n << ", " << style << ": worst frame " << frame << ": " << render::describe(worst));
      CHECK(worst.mean_abs <= kMaxMean);
      CHECK(worst.share_over <= kMaxShareOver);
    }
  }
}

TEST_CASE("The symmetry check fails for a ring with one module nudged or turned", "[render][symmetry]") {
  // Controls for the test above: the ring of 6 with module 0 a quarter unit off its place, and
  // with it turned 10° off the ring's order.
  for (const std::string_view what : {"nudged", "turned"}) {
    render::AnimatedScene scene = render::build_scene(test::turned_ring_spec(6), test::variant("outline", 2, "light"));
    for (render::Element& e : scene.elements) {
      if (e.kind != render::ElementKind::Module) continue;
      if (what == "nudged") {
        e.position = motion::Track<Eigen::Vector2d>(e.position.at(0) + Eigen::Vector2d(0.25, 0));
      } else {
        e.rotation += 10;
      }
      break;
    }
    const render::DiffStats worst = worst_turned(scene, 6);
    std::cout << "ring of 6, module 0 " << what << ": " << render::describe(worst) << "\n";
    INFO(what << ": " << render::describe(worst));
    CHECK((worst.mean_abs > kMaxMean || worst.share_over > kMaxShareOver));
  }
}
