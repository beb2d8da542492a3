// A fill's inside mask stands for Cairo's coverage wherever the fill's edge does not cross a
// pixel; the frame renderer uses it only where an opaque stroke hides that edge, and its frames
// must stay render_frame's.
#include "render/cairo/coverage_mask.h"
#include "render/cairo/draw.h"
#include "render/cairo/frame_renderer.h"
#include "render/cairo/inside_mask.h"
#include "render/cairo/raster.h"
#include "support.h"

#include <catch2/catch.hpp>

#include <random>

using namespace iconsynth;

namespace {

// Every filled part of the built-in icon: cards with and without a die's hole, dies, packets.
std::vector<render::Part> filled_parts() {
  std::vector<render::Part> parts;
  for (const std::string style : {"outline", "solid", "duotone"}) {
    const auto scene = render::build_scene(test::builtin_spec(), test::variant(style, 2, "light"));
    for (const render::Element& e : scene.elements) {
      if (e.name != "module-br" && e.name != "packet-tl-tr") continue;
      for (const render::Part& part : e.parts) {
        if (part.paint.kind == render::Paint::Kind::Fill) parts.push_back(part);
      }
    }
  }
  return parts;
}

}  // namespace

TEST_CASE("A fill's inside mask is Cairo's coverage on every pixel its edge does not cross", "[render][cairo]") {
  constexpr int kSize = 200;
  constexpr double kPxPerUnit = kSize / 24.0;
  render::PartRasteriser rasteriser(kSize, kPxPerUnit);
  std::mt19937 random(20261203);
  std::uniform_real_distribution<double> scale(0.7, 1.4), place(9, 15), turn(0, 90);
  long partial = 0, full = 0;
  for (const render::Part& part : filled_parts()) {
    for (int i = 0; i < 12; ++i) {
      geometry::Affine t = geometry::Affine::Identity();
      t.translate(Eigen::Vector2d(place(random), place(random)));
      t.rotate(turn(random) * 3.14159265358979 / 180);
      t.scale(scale(random));
      const render::PixelBox box{0, 0, kSize, kSize};
      const auto path = render::cairo_path_data(part.path);
      std::vector<std::int64_t> key;
      rasteriser.key(t, path, part.paint, box, true, key);
      const auto cairo = rasteriser.rasterise(t, path, part.paint, box, key);
      key[render::PartRasteriser::kKindWord] = render::PartRasteriser::kInsideOnly;
      const auto inside = rasteriser.inside(t, path, box, key);
      for (int y = 0; y < kSize; ++y) {
        for (int x = 0; x < kSize; ++x) {
          const int drawn = cairo->at(x, y), guessed = inside->at(x, y);
          CHECK((guessed == 0 || guessed == 255));
          if (drawn == 0 || drawn == 255) {
            if (drawn != guessed) FAIL_CHECK(part.name << " at (" << x << ", " << y << "): Cairo " << drawn << ", inside " << guessed);
            full += drawn == 255;
          } else {
            ++partial;
          }
        }
      }
    }
  }
  CHECK(partial > 1000);  // the edges were there to get wrong
  CHECK(full > 100000);
}

TEST_CASE("FrameRenderer draws a duotone card's fill from its inside where the stroke is wide enough, and its frames stay Cairo's",
          "[render][cairo]") {
  const auto scene = render::build_scene(test::builtin_spec(), test::variant("duotone", 2, "strong"));
  const auto first_play = [&](int size) {
    render::FrameRenderer renderer(scene, size);
    for (int f = 0; f < scene.frame_count; ++f) {
      const auto& ours = renderer.render(f);
      const auto theirs = render::render_frame(render::evaluate(scene, f), size);
      for (int y = 0; y < size; ++y) {
        for (int x = 0; x < size; ++x) {
          if (ours.pixel(x, y) != theirs.pixel(x, y)) {
            FAIL("frame " << f << " at " << size << " px differs at (" << x << ", " << y << ")");
          }
        }
      }
    }
    return renderer.counts();
  };
  // At 96 px the stroke is 8 px wide: every card fill drawn; at 24 px (2 px) none.
  const auto at_96 = first_play(96);
  CHECK(at_96.inside_only > 0);
  CHECK(first_play(24).inside_only == 0);
}
