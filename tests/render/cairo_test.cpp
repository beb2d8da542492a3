#include "render/cairo/draw.h"
#include "render/cairo/raster.h"
#include "render/cairo/vector_output.h"
#include "support.h"

#include <catch2/catch.hpp>

using namespace iconsynth;

namespace {
std::uint8_t alpha(std::uint32_t argb) { return argb >> 24; }

render::AnimatedScene scene_of(const std::string& style, double weight, const std::string& motion = "light",
                               std::optional<spec::Rgba> color = std::nullopt) {
  return render::build_scene(test::builtin_spec(), {style, weight, motion, "dark", color});
}

// Rows of the column x where the ink is at least half opaque, counted within [y0, y1).
int ink_run(const render::ImageSurface& img, int x, int y0, int y1) {
  int count = 0;
  for (int y = y0; y < y1; ++y) count += alpha(img.pixel(x, y)) >= 128;
  return count;
}

// Bounding box of all non-transparent pixels: {min_x, min_y, max_x, max_y}.
std::array<int, 4> ink_box(const render::ImageSurface& img) {
  std::array<int, 4> box{img.width(), img.height(), -1, -1};
  for (int y = 0; y < img.height(); ++y) {
    for (int x = 0; x < img.width(); ++x) {
      if (alpha(img.pixel(x, y)) == 0) continue;
      box = {std::min(box[0], x), std::min(box[1], y), std::max(box[2], x), std::max(box[3], y)};
    }
  }
  return box;
}
}  // namespace

TEST_CASE("The background is transparent: corners and the centre are empty", "[render][cairo]") {
  for (const render::Variant& v : test::all_style_motion_variants()) {
    const auto scene = render::build_scene(test::builtin_spec(), v);
    const render::ImageSurface img = render::render_frame(render::evaluate(scene, 0), 96);
    INFO(spec::VariantSpace::animation_id(v));
    CHECK(img.pixel(0, 0) == 0);
    CHECK(img.pixel(95, 95) == 0);
    CHECK(img.pixel(48, 48) == 0);  // inside the ring
  }
}

TEST_CASE("The chosen colour is what gets drawn", "[render][cairo]") {
  const auto scene = scene_of("outline", 2, "light", spec::Rgba{255, 0, 0, 255});
  const render::ImageSurface img = render::render_frame(render::evaluate(scene, 18), 128);
  int opaque = 0;
  for (int y = 0; y < 128; ++y) {
    for (int x = 0; x < 128; ++x) {
      const std::uint32_t p = img.pixel(x, y);
      if (alpha(p) != 255) continue;
      ++opaque;
      CHECK(p == 0xFFFF0000u);
    }
  }
  CHECK(opaque > 1000);
}

TEST_CASE("Duotone cards are filled with the secondary tone, solid dies are true holes", "[render][cairo]") {
  const int size = 240;  // 10 px per grid unit
  const spec::IconSpec& spec = test::builtin_spec();
  const double centre_px = (spec.layout.padding + spec.layout.module_size / 2) * 10;
  const int cx = static_cast<int>(centre_px), cy = cx;

  const auto duotone = scene_of("duotone", 2);
  const render::ImageSurface d = render::render_frame(render::evaluate(duotone, 0), size);
  CHECK(d.pixel(cx, cy) == 0xFFFFFFFFu);  // die: primary white
  // Between the die (half 1) and the stroke's inner edge (half 2): the secondary tone.
  const spec::Rgba sec = duotone.secondary;
  CHECK(d.pixel(cx + 16, cy) == (0xFF000000u | sec.r << 16 | sec.g << 8 | sec.b));

  const render::AnimatedScene solid = scene_of("solid", 2);
  const render::ImageSurface s = render::render_frame(render::evaluate(solid, 0), size);
  CHECK(alpha(s.pixel(cx, cy)) == 0);        // the hole
  CHECK(s.pixel(cx + 25, cy) == 0xFFFFFFFFu);  // the card around it
}

TEST_CASE("Measured stroke thickness in pixels follows the weight", "[render][cairo]") {
  // Column through the middle of the top link (x = 12 units) at 10 px per unit, frame 0 (no packets).
  int previous = 0;
  for (double w : {1.0, 1.5, 2.0, 2.5, 3.0}) {
    const render::AnimatedScene scene = scene_of("outline", w);
    const render::ImageSurface img = render::render_frame(render::evaluate(scene, 0), 240);
    const int thickness = ink_run(img, 120, 0, 120);
    INFO("weight " << w << " thickness " << thickness);
    CHECK(std::abs(thickness - w * 10) <= 1);
    CHECK(thickness > previous);
    previous = thickness;
  }
}

TEST_CASE("Output scales with size", "[render][cairo]") {
  const render::AnimatedScene scene = scene_of("solid", 2);
  const render::FrameScene frame = render::evaluate(scene, 0);
  const auto small = ink_box(render::render_frame(frame, 48));
  const auto large = ink_box(render::render_frame(frame, 192));
  for (int i = 0; i < 4; ++i) CHECK(std::abs(large[i] - 4 * small[i]) <= 4);
  CHECK(render::render_frame(frame, 8).width() == 8);
  CHECK(render::render_frame(frame, 4096).height() == 4096);
  CHECK_THROWS_WITH(render::render_frame(frame, 7), "size 7 px is outside [8, 4096]");
  CHECK_THROWS_AS(render::render_frame(frame, 4097), std::invalid_argument);
}

TEST_CASE("Nothing is drawn outside the canvas at weight 3, in any frame", "[render][cairo]") {
  // Draw on a canvas with a wide margin: any ink in the margin would be cut off in real output.
  const int size = 96, margin = 24;
  for (const render::Variant& v : test::all_style_motion_variants(3.0)) {
    const auto scene = render::build_scene(test::builtin_spec(), v);
    INFO(spec::VariantSpace::animation_id(v));
    for (int f = 0; f < scene.frame_count; ++f) {
      render::ImageSurface img(size + 2 * margin, size + 2 * margin);
      render::CairoContext cr = render::make_context(img.get());
      cairo_translate(cr.get(), margin, margin);
      render::draw_frame(cr.get(), render::evaluate(scene, f), size / scene.grid);
      const auto box = ink_box(img);
      CHECK(box[0] >= margin);
      CHECK(box[1] >= margin);
      CHECK(box[2] < margin + size);
      CHECK(box[3] < margin + size);
    }
  }
}

TEST_CASE("First and last frames are pixel-identical", "[render][cairo]") {
  for (const render::Variant& v : test::all_style_motion_variants()) {
    const auto scene = render::build_scene(test::builtin_spec(), v);
    CHECK(render::render_frame(render::evaluate(scene, 0), 64).png_bytes() ==
          render::render_frame(render::evaluate(scene, scene.frame_count - 1), 64).png_bytes());
  }
}

TEST_CASE("A filmstrip cell is the frame rendered alone, seeked out of order", "[render][cairo]") {
  const auto scene = scene_of("duotone", 2.5, "strong");
  const int size = 32, columns = 7;
  const render::ImageSurface sheet = render::render_filmstrip(scene, size, columns);
  CHECK(sheet.width() == columns * size);
  CHECK(sheet.height() == (scene.frame_count + columns - 1) / columns * size);
  for (int f : {44, 3, 89, 0, 61}) {
    const render::ImageSurface alone = render::render_frame(render::evaluate(scene, f), size);
    const int ox = (f % columns) * size, oy = (f / columns) * size;
    bool same = true;
    for (int y = 0; y < size && same; ++y) {
      for (int x = 0; x < size && same; ++x) same = alone.pixel(x, y) == sheet.pixel(ox + x, oy + y);
    }
    INFO("frame " << f);
    CHECK(same);
  }
}

TEST_CASE("PNG and PDF bytes are reproducible", "[render][cairo]") {
  const auto scene = scene_of("duotone", 2);
  const render::FrameScene frame = render::evaluate(scene, 40);
  const std::string pdf = render::render_pdf(frame, 64);
  render::render_pdf(render::evaluate(scene, 10), 64);  // other documents in between
  CHECK(render::render_pdf(frame, 64) == pdf);
  CHECK(pdf.rfind("%PDF-", 0) == 0);
  CHECK(render::render_frame(frame, 64).png_bytes() == render::render_frame(frame, 64).png_bytes());
}

TEST_CASE("PNG bytes hold what Cairo's own PNG writer would: same pixels once decoded", "[render][cairo]") {
  const auto same_as_cairos = [](const render::ImageSurface& image) {
    std::string cairos;
    cairo_surface_write_to_png_stream(
        image.get(),
        [](void* closure, const unsigned char* data, unsigned int length) {
          static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
          return CAIRO_STATUS_SUCCESS;
        },
        &cairos);
    const std::string ours = image.png_bytes();
    CHECK(ours.rfind("\x89PNG\r\n\x1a\n", 0) == 0);
    const render::ImageSurface a = render::decode_png(ours), b = render::decode_png(cairos);
    REQUIRE(a.width() == b.width());
    for (int y = 0; y < a.height(); ++y) {
      for (int x = 0; x < a.width(); ++x) {
        if (a.pixel(x, y) != b.pixel(x, y)) return false;
      }
    }
    return true;
  };
  // A translucent colour over transparency: under 256 distinct pixels, so a palette image, with
  // every alpha level at the edges, where straight alpha rounds.
  const auto translucent = scene_of("duotone", 2, "strong", spec::Rgba{34, 197, 94, 128});
  CHECK(same_as_cairos(render::render_frame(render::evaluate(translucent, 40), 96)));
  // Two colours blending into each other: hundreds of distinct pixels, so RGBA.
  render::Variant two_tone = test::variant("duotone", 2, "strong");
  two_tone.theme = "light";
  const auto scene = render::build_scene(test::builtin_spec(), two_tone);
  CHECK(same_as_cairos(render::render_filmstrip(scene, 64, 10)));
}
