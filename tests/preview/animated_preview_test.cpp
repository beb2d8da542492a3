// Animated previews decode, with the formats' own decoders, to the frames we render.
#include "../render/support.h"

#include "render/cairo/raster.h"
#include "render/preview/animated_preview.h"

#include <catch2/catch.hpp>
#include <gif_lib.h>
#include <webp/demux.h>

using namespace iconsynth;

namespace {

render::AnimatedScene strong_scene() {
  return render::build_scene(test::builtin_spec(), test::variant("duotone", 2, "strong"));
}

int channel(std::uint32_t p, int shift) { return static_cast<int>((p >> shift) & 255); }

}  // namespace

TEST_CASE("Animated WebP decodes to our frames, with their timing", "[preview][webp]") {
  const render::AnimatedScene scene = strong_scene();
  const std::string webp = render::animated_webp(scene, {64, std::nullopt});
  CHECK(render::animated_webp(scene, {64, std::nullopt}) == webp);  // reproducible

  WebPAnimDecoderOptions options;
  REQUIRE(WebPAnimDecoderOptionsInit(&options));
  options.color_mode = MODE_rgbA;  // premultiplied, like Cairo
  const WebPData data{reinterpret_cast<const std::uint8_t*>(webp.data()), webp.size()};
  WebPAnimDecoder* decoder = WebPAnimDecoderNew(&data, &options);
  REQUIRE(decoder != nullptr);
  WebPAnimInfo info;
  REQUIRE(WebPAnimDecoderGetInfo(decoder, &info));
  // The encoder merges identical neighbours (the rest frames) into one longer frame, so each
  // decoded frame stands for every frame of ours whose start time falls in its span.
  CHECK(info.frame_count <= static_cast<std::uint32_t>(scene.frame_count));
  CHECK(info.canvas_width == 64);
  int covered = 0, worst = 0, previous_end = 0;
  std::uint8_t* rgba = nullptr;
  int end = 0;
  while (WebPAnimDecoderHasMoreFrames(decoder)) {
    REQUIRE(WebPAnimDecoderGetNext(decoder, &rgba, &end));
    for (int f = 0; f < scene.frame_count; ++f) {
      const int start = static_cast<int>(std::lround(f * 1000.0 / scene.frame_rate));
      if (start < previous_end || start >= end) continue;
      ++covered;
      const render::ImageSurface ours = render::render_frame(render::evaluate(scene, f), 64);
      for (int y = 0; y < 64; ++y) {
        for (int x = 0; x < 64; ++x) {
          const std::uint8_t* p = rgba + (y * 64 + x) * 4;
          const std::uint32_t o = ours.pixel(x, y);
          worst = std::max({worst, std::abs(p[0] - channel(o, 16)), std::abs(p[1] - channel(o, 8)),
                            std::abs(p[2] - channel(o, 0)), std::abs(p[3] - channel(o, 24))});
        }
      }
    }
    previous_end = end;
  }
  WebPAnimDecoderDelete(decoder);
  CHECK(covered == scene.frame_count);  // every frame shown, once, at its time
  CHECK(end == static_cast<int>(std::lround(scene.frame_count * 1000.0 / scene.frame_rate)));
  CHECK(worst <= 1);  // lossless, up to the rounding of un- and re-premultiplying
}

TEST_CASE("Animated GIF decodes to our frames within palette error, sampled at 50 fps", "[preview][gif]") {
  const render::AnimatedScene scene = strong_scene();
  const std::string gif_bytes = render::animated_gif(scene, {64, std::nullopt});
  CHECK(render::animated_gif(scene, {64, std::nullopt}) == gif_bytes);

  struct Reader {
    const std::string& bytes;
    std::size_t offset = 0;
  } reader{gif_bytes};
  int error = 0;
  GifFileType* gif = DGifOpen(&reader, [](GifFileType* g, GifByteType* out, int length) {
    auto* r = static_cast<Reader*>(g->UserData);
    const int n = static_cast<int>(std::min<std::size_t>(length, r->bytes.size() - r->offset));
    std::memcpy(out, r->bytes.data() + r->offset, n);
    r->offset += n;
    return n;
  }, &error);
  REQUIRE(gif != nullptr);
  REQUIRE(DGifSlurp(gif) == GIF_OK);
  const std::vector<double> times = render::gif_frame_times(scene);
  REQUIRE(gif->ImageCount == static_cast<int>(times.size()));
  int total_delay = 0;
  for (int i = 0; i < gif->ImageCount; ++i) {
    const SavedImage& image = gif->SavedImages[i];
    GraphicsControlBlock control;
    REQUIRE(DGifSavedExtensionToGCB(gif, i, &control) == GIF_OK);
    total_delay += control.DelayTime;
    CHECK(control.DelayTime >= 2);  // browsers slow anything shorter to 1/10 s
    const ColorMapObject* map = image.ImageDesc.ColorMap ? image.ImageDesc.ColorMap : gif->SColorMap;
    const render::ImageSurface ours = render::render_frame(render::evaluate(scene, times[i]), 64);
    double colour_error = 0;
    int opaque = 0, coverage_mismatch = 0;
    for (int p = 0; p < 64 * 64; ++p) {
      const int index = image.RasterBits[p];
      const std::uint32_t o = ours.pixel(p % 64, p / 64);
      const int alpha = channel(o, 24);
      const bool transparent = index == control.TransparentColor;
      coverage_mismatch += transparent != (alpha < 128);
      if (transparent || alpha < 128) continue;
      const GifColorType c = map->Colors[index];
      // Straight colour of our pixel against the palette entry.
      const auto straight = [&](int shift) { return channel(o, shift) * 255 / alpha; };
      colour_error += std::abs(c.Red - straight(16)) + std::abs(c.Green - straight(8)) + std::abs(c.Blue - straight(0));
      ++opaque;
    }
    INFO("gif image " << i << " (frame " << times[i] << ")");
    CHECK(coverage_mismatch == 0);
    // giflib's quantizer works on 5 bits a channel: its boxes are 8 levels wide.
    CHECK(colour_error / (3.0 * opaque) <= 8.0);
  }
  CHECK(total_delay == static_cast<int>(std::lround(scene.frame_count * 100.0 / scene.frame_rate)));
  DGifCloseFile(gif, &error);
}
