// Raster masters (render/web/raster_master.h): every frame a page composites from one is Cairo's
// frame of the hinted scene at that size, in any colour and theme.
#include "../render/support.h"

#include <catch2/catch.hpp>

#include "render/cairo/raster.h"
#include "render/cairo/sized_scene.h"
#include "render/lottie/masters.h"
#include "render/web/raster_master.h"
#include "render/web/web_package.h"

#include <algorithm>
#include <cstdio>

using namespace iconsynth;

namespace {

struct Worst {
  double mean = 0;
  int max = 0;
};

// Every frame of the master of `variant` at `px`, composited in its scene's colours, against Cairo.
Worst judge(const render::Variant& variant, int px, render::web::RasterMaster* kept = nullptr) {
  const render::AnimatedScene scene = render::scene_for_size(test::builtin_spec(), variant, px);
  const render::web::RasterMaster master = render::web::write_raster_master(scene, px);
  CHECK(master.frames == scene.frame_count);
  CHECK(master.unique >= 1);
  CHECK(master.unique <= master.frames);
  CHECK(master.planes == (render::uses_role(scene, render::ColorRole::Secondary) ? 3 : 1));
  Worst worst;
  for (int f = 0; f < scene.frame_count; ++f) {
    const render::ImageSurface cairo = render::render_frame(render::evaluate(scene, f), px);
    const std::vector<std::uint32_t> page = render::web::composite_raster_frame(master.sheet, f, scene.primary, scene.secondary);
    const render::DiffStats d = render::compare_images(cairo.view(), render::view_of(page, px, px), 32);
    worst.mean = std::max(worst.mean, d.mean_abs);
    worst.max = std::max(worst.max, d.max_abs);
  }
  if (kept) *kept = master;
  return worst;
}

}  // namespace

TEST_CASE("A raster master composites to Cairo's hinted frames in every style, colour and theme", "[web][raster]") {
  const char* colours[] = {"#ffffff", "#E5484D"};
  for (const char* style : {"outline", "solid", "duotone"}) {
    for (const char* theme : {"dark", "light"}) {
      for (const char* colour : colours) {
        for (const char* motion : {"light", "strong"}) {
          for (int px : {16, 32}) {
            const render::Variant v{style, 2, motion, theme, spec::parse_hex_color(colour)};
            INFO(style << " " << theme << " " << colour << " " << motion << " at " << px << " px");
            const Worst w = judge(v, px);
            CHECK(w.mean <= 1.0);
            std::printf("raster master %s %s %s %s %d px: worst frame mean %.3f, max %d\n", style, theme, colour, motion, px, w.mean, w.max);
          }
        }
      }
    }
  }
}

TEST_CASE("A raster master stores each distinct frame once and says which frame is which", "[web][raster]") {
  const render::Variant v{"outline", 2, "light", "dark", spec::parse_hex_color("#ffffff")};
  const render::AnimatedScene scene = render::scene_for_size(test::builtin_spec(), v, 24);
  const render::web::RasterMaster master = render::web::write_raster_master(scene, 24);
  CHECK(master.unique < master.frames);  // the light motion holds frames
  CHECK(master.sheet.substr(8, 4) == "WEBP");
  CHECK_THROWS_WITH(render::web::composite_raster_frame(master.sheet, master.frames, scene.primary, scene.secondary),
                    Catch::Contains("no frame " + std::to_string(master.frames)));
  CHECK_THROWS_WITH(render::web::composite_raster_frame("not a sheet", 0, scene.primary, scene.secondary), Catch::Contains("not a WebP"));
  // Deterministic.
  CHECK(render::web::write_raster_master(scene, 24).sheet == master.sheet);
}

// The bytes of every master a page may fetch for the seed's look (outline, weight 2), by size.
TEST_CASE("Raster masters' bytes at each master size", "[web][raster]") {
  for (int px : render::lottie::master_sizes(test::builtin_spec())) {
    std::size_t bytes[2] = {0, 0};
    int unique[2] = {0, 0};
    const char* motions[] = {"light", "strong"};
    for (int m = 0; m < 2; ++m) {
      const render::Variant v{"outline", 2, motions[m], "dark", spec::parse_hex_color("#ffffff")};
      const render::web::RasterMaster master = render::web::write_raster_master(render::scene_for_size(test::builtin_spec(), v, px), px);
      bytes[m] = master.sheet.size();
      unique[m] = master.unique;
      CHECK(master.sheet.size() > 0);
    }
    std::printf("raster masters outline w2 at %d px: light %zu B (%d unique frames), strong %zu B (%d unique frames), together %zu B\n", px, bytes[0],
                unique[0], bytes[1], unique[1], bytes[0] + bytes[1]);
  }
  std::printf("the clock bundle: %zu B\n", render::web::clock_bundle(test::builtin_spec(), {}).size());
}

// Before its first frame a page fetches the clock bundle and the rest pose's raster master: in
// every style and preset weight, at every master size, within the published asset's bytes.
TEST_CASE("At every master size, a page's bytes before the first frame (the clock and the rest pose's raster master) are within the published asset's 12,291",
          "[web][raster]") {
  const spec::IconSpec& spec = test::builtin_spec();
  const std::size_t clock = render::web::clock_bundle(spec, {}).size();
  std::size_t worst = 0;
  for (int px : render::lottie::master_sizes(spec)) {
    for (const char* style : {"outline", "solid", "duotone"}) {
      for (double weight : spec.weight_presets) {
        const render::Variant v{style, weight, spec.default_motion, spec.default_theme, std::nullopt};
        const std::size_t rest = render::web::write_raster_rest(render::scene_for_size(spec, v, px), px).sheet.size();
        INFO(style << " w" << weight << " at " << px << " px: the clock " << clock << " B, the rest pose's master " << rest << " B");
        CHECK(clock + rest <= 12291);
        worst = std::max(worst, clock + rest);
      }
    }
  }
  std::printf("a page's bytes before the first frame, the most of any look and size: %zu B\n", worst);
}

// The rest pose's master draws the whole master's first frame, and only it.
TEST_CASE("A rest pose's raster master holds the animation's first frame alone", "[web][raster]") {
  for (const char* style : {"outline", "duotone"}) {
    const render::Variant v{style, 2, "strong", "dark", spec::parse_hex_color("#E5484D")};
    const render::AnimatedScene scene = render::scene_for_size(test::builtin_spec(), v, 32);
    const render::web::RasterMaster rest = render::web::write_raster_rest(scene, 32);
    CHECK(rest.frames == 1);
    CHECK(rest.unique == 1);
    CHECK(rest.sheet.size() < render::web::write_raster_master(scene, 32).sheet.size());
    const render::ImageSurface cairo = render::render_frame(render::evaluate(scene, 0), 32);
    const std::vector<std::uint32_t> page = render::web::composite_raster_frame(rest.sheet, 0, scene.primary, scene.secondary);
    CHECK(render::compare_images(cairo.view(), render::view_of(page, 32, 32), 32).mean_abs <= 1.0);
    CHECK_THROWS_WITH(render::web::composite_raster_frame(rest.sheet, 1, scene.primary, scene.secondary), Catch::Contains("no frame 1"));
  }
}

// A strip taller than a WebP may be runs down columns side by side, and reads back whole.
TEST_CASE("A raster master's strip taller than WebP's 16,383 rows runs down columns and reads back whole", "[web][raster]") {
  const int px = 16, rows = 40000;
  std::vector<unsigned char> strip(std::size_t(px) * rows);
  for (std::size_t i = 0; i < strip.size(); ++i) strip[i] = static_cast<unsigned char>((i / px * 31 + i % px * 7) % 256);
  const std::string sheet = render::web::sheet_of_strip(strip, px);
  int back_px = 0;
  const std::vector<unsigned char> back = render::web::strip_of_sheet(sheet, back_px);
  CHECK(back_px == px);
  // Three columns of 13,334 rows: the last padded with two zero rows.
  REQUIRE(back.size() == std::size_t(px) * 3 * 13334);
  strip[6] = 3;  // the header's column count
  CHECK(std::equal(strip.begin(), strip.end(), back.begin()));
  CHECK(std::all_of(back.begin() + strip.size(), back.end(), [](unsigned char v) { return v == 0; }));
  CHECK_THROWS_WITH(render::web::sheet_of_strip(std::vector<unsigned char>(16 * 5, 0), 4), Catch::Contains("no whole rows"));
}
