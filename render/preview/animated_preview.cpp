#include "render/preview/animated_preview.h"

#include "render/cairo/raster.h"

#include <gif_lib.h>
#include <webp/encode.h>
#include <webp/mux.h>

#include <cmath>
#include <memory>
#include <stdexcept>
#include <vector>

namespace iconsynth::render {

namespace {

// A frame as straight-alpha RGBA bytes (what the encoders take), over `background` if any.
std::vector<std::uint8_t> straight_rgba(const AnimatedScene& scene, double frame, const PreviewOptions& o) {
  ImageSurface image = render_frame(evaluate(scene, frame), o.size);
  if (o.background) image = over_background(image, *o.background);
  std::vector<std::uint8_t> rgba(static_cast<std::size_t>(o.size) * o.size * 4);
  for (int y = 0; y < o.size; ++y) {
    for (int x = 0; x < o.size; ++x) {
      const std::uint32_t p = image.pixel(x, y);
      const unsigned a = p >> 24;
      std::uint8_t* out = &rgba[(static_cast<std::size_t>(y) * o.size + x) * 4];
      for (int c = 0; c < 3; ++c) {
        const unsigned premultiplied = (p >> (16 - 8 * c)) & 255;
        out[c] = a == 0 ? 0 : static_cast<std::uint8_t>((premultiplied * 255 + a / 2) / a);
      }
      out[3] = static_cast<std::uint8_t>(a);
    }
  }
  return rgba;
}

int timestamp_ms(double frame, double frame_rate) { return static_cast<int>(std::lround(frame * 1000.0 / frame_rate)); }

}  // namespace

std::string animated_webp(const AnimatedScene& scene, const PreviewOptions& o) {
  check_output_size(o.size);
  WebPAnimEncoderOptions anim_options;
  if (!WebPAnimEncoderOptionsInit(&anim_options)) throw std::runtime_error("webp: incompatible library version");
  anim_options.anim_params.loop_count = 0;  // forever
  std::unique_ptr<WebPAnimEncoder, void (*)(WebPAnimEncoder*)> encoder(
      WebPAnimEncoderNew(o.size, o.size, &anim_options), WebPAnimEncoderDelete);
  WebPConfig config;
  if (!encoder || !WebPConfigInit(&config)) throw std::runtime_error("webp: cannot create an encoder");
  config.lossless = 1;
  config.exact = 1;  // keep colour under transparent pixels as drawn: bytes stay reproducible
  for (int f = 0; f < scene.frame_count; ++f) {
    const std::vector<std::uint8_t> rgba = straight_rgba(scene, f, o);
    WebPPicture picture;
    if (!WebPPictureInit(&picture)) throw std::runtime_error("webp: incompatible library version");
    picture.use_argb = 1;
    picture.width = picture.height = o.size;
    const bool ok = WebPPictureImportRGBA(&picture, rgba.data(), o.size * 4) &&
                    WebPAnimEncoderAdd(encoder.get(), &picture, timestamp_ms(f, scene.frame_rate), &config);
    WebPPictureFree(&picture);
    if (!ok) throw std::runtime_error(std::string("webp: cannot add frame: ") + WebPAnimEncoderGetError(encoder.get()));
  }
  WebPData data;
  WebPDataInit(&data);
  if (!WebPAnimEncoderAdd(encoder.get(), nullptr, timestamp_ms(scene.frame_count, scene.frame_rate), nullptr) ||
      !WebPAnimEncoderAssemble(encoder.get(), &data)) {
    throw std::runtime_error(std::string("webp: cannot assemble: ") + WebPAnimEncoderGetError(encoder.get()));
  }
  std::string bytes(reinterpret_cast<const char*>(data.bytes), data.size);
  WebPDataClear(&data);
  return bytes;
}

std::vector<double> gif_frame_times(const AnimatedScene& scene) {
  constexpr double kStepMs = 20;  // the shortest delay browsers honour
  const double step = std::max(1.0, kStepMs * scene.frame_rate / 1000.0);
  std::vector<double> frames;
  const double last = scene.frame_count - 1;
  // Stop half a step early so the last image, the rest pose, still gets a full delay.
  for (int k = 0; k * step < last - step / 2; ++k) frames.push_back(k * step);
  frames.push_back(last);  // always end on the rest pose
  return frames;
}

namespace {

int write_to_string(GifFileType* gif, const GifByteType* data, int length) {
  static_cast<std::string*>(gif->UserData)->append(reinterpret_cast<const char*>(data), length);
  return length;
}

void gif_check(int status, GifFileType* gif, const char* what) {
  if (status == GIF_ERROR) throw std::runtime_error(std::string("gif: cannot ") + what + ": " + GifErrorString(gif->Error));
}

}  // namespace

std::string animated_gif(const AnimatedScene& scene, const PreviewOptions& o) {
  check_output_size(o.size);
  constexpr int kTransparent = 255;  // palette index kept for transparent pixels
  const int n = o.size * o.size;
  std::string bytes;
  int error = 0;
  GifFileType* gif = EGifOpen(&bytes, write_to_string, &error);
  if (!gif) throw std::runtime_error(std::string("gif: cannot start: ") + GifErrorString(error));
  struct Closer {
    GifFileType* gif;
    ~Closer() {
      if (gif) EGifCloseFile(gif, nullptr);
    }
  } closer{gif};
  EGifSetGifVersion(gif, true);
  gif_check(EGifPutScreenDesc(gif, o.size, o.size, 8, 0, nullptr), gif, "write the header");
  // Loop forever: the NETSCAPE2.0 application extension.
  const GifByteType netscape[] = {'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0'};
  const GifByteType loop[] = {1, 0, 0};
  gif_check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), gif, "write the loop");
  gif_check(EGifPutExtensionBlock(gif, sizeof netscape, netscape), gif, "write the loop");
  gif_check(EGifPutExtensionBlock(gif, sizeof loop, loop), gif, "write the loop");
  gif_check(EGifPutExtensionTrailer(gif), gif, "write the loop");

  const std::vector<double> frames = gif_frame_times(scene);
  int elapsed_cs = 0;
  for (std::size_t i = 0; i < frames.size(); ++i) {
    const std::vector<std::uint8_t> rgba = straight_rgba(scene, frames[i], o);
    std::vector<GifByteType> r(n), g(n), b(n), indices(n);
    // Transparent pixels take an opaque pixel's colour so they cost no palette entries.
    std::uint8_t fill[3] = {0, 0, 0};
    for (int p = 0; p < n; ++p) {
      if (rgba[p * 4 + 3] >= 128) fill[0] = rgba[p * 4], fill[1] = rgba[p * 4 + 1], fill[2] = rgba[p * 4 + 2];
    }
    for (int p = 0; p < n; ++p) {
      const bool opaque = rgba[p * 4 + 3] >= 128;
      r[p] = opaque ? rgba[p * 4] : fill[0];
      g[p] = opaque ? rgba[p * 4 + 1] : fill[1];
      b[p] = opaque ? rgba[p * 4 + 2] : fill[2];
    }
    int colors = kTransparent;  // 255 colours, index 255 left for transparency
    std::vector<GifColorType> palette(256);
    if (GifQuantizeBuffer(o.size, o.size, &colors, r.data(), g.data(), b.data(), indices.data(), palette.data()) == GIF_ERROR) {
      throw std::runtime_error("gif: cannot quantize a frame");
    }
    for (int p = 0; p < n; ++p) {
      if (rgba[p * 4 + 3] < 128) indices[p] = kTransparent;
    }
    // Delays accumulate in whole 1/100 s so the total stays the scene's duration.
    const double next_time = i + 1 < frames.size() ? frames[i + 1] : scene.frame_count;
    const int next_cs = static_cast<int>(std::lround(next_time * 100.0 / scene.frame_rate));
    GraphicsControlBlock control{DISPOSE_BACKGROUND, false, next_cs - elapsed_cs, kTransparent};
    elapsed_cs = next_cs;
    GifByteType extension[4];
    EGifGCBToExtension(&control, extension);
    gif_check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, sizeof extension, extension), gif, "write a frame delay");
    std::unique_ptr<ColorMapObject, void (*)(ColorMapObject*)> map(GifMakeMapObject(256, palette.data()), GifFreeMapObject);
    gif_check(EGifPutImageDesc(gif, 0, 0, o.size, o.size, false, map.get()), gif, "write a frame");
    for (int y = 0; y < o.size; ++y) gif_check(EGifPutLine(gif, &indices[static_cast<std::size_t>(y) * o.size], o.size), gif, "write a frame");
  }
  closer.gif = nullptr;
  if (EGifCloseFile(gif, &error) == GIF_ERROR) throw std::runtime_error(std::string("gif: cannot finish: ") + GifErrorString(error));
  return bytes;
}

}  // namespace iconsynth::render
