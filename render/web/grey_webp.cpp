#include "render/web/grey_webp.h"

#include <webp/decode.h>
#include <webp/encode.h>

#include <cstdint>
#include <stdexcept>

namespace iconsynth::render::web {

std::string encode_grey_webp(const std::vector<unsigned char>& pixels, int width, int height) {
  if (width < 1 || height < 1 || width > kWebpMaxSide || height > kWebpMaxSide) {
    throw std::invalid_argument("WebP: an image of " + std::to_string(width) + " × " + std::to_string(height) + " px, not 1 to " +
                                std::to_string(kWebpMaxSide) + " px a side");
  }
  if (pixels.size() != std::size_t(width) * height) throw std::invalid_argument("WebP: pixels do not fill " + std::to_string(width) + " × " + std::to_string(height));
  WebPConfig config;
  WebPPicture picture;
  if (!WebPConfigInit(&config) || !WebPPictureInit(&picture)) throw std::runtime_error("libwebp: version mismatch");
  config.lossless = 1;
  config.exact = 1;
  config.method = kGreyWebpMethod;
  config.quality = kGreyWebpQuality;
  picture.use_argb = 1;
  picture.width = width;
  picture.height = height;
  if (!WebPPictureAlloc(&picture)) throw std::runtime_error("libwebp: out of memory");
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const std::uint32_t g = pixels[std::size_t(y) * width + x];
      picture.argb[std::size_t(y) * picture.argb_stride + x] = 0xff000000u | g << 16 | g << 8 | g;
    }
  }
  WebPMemoryWriter writer;
  WebPMemoryWriterInit(&writer);
  picture.writer = WebPMemoryWrite;
  picture.custom_ptr = &writer;
  const bool ok = WebPEncode(&config, &picture);
  const int error = picture.error_code;
  WebPPictureFree(&picture);
  std::string bytes(reinterpret_cast<const char*>(writer.mem), writer.size);
  WebPMemoryWriterClear(&writer);
  if (!ok) throw std::runtime_error("libwebp: cannot encode (error " + std::to_string(error) + ")");
  return bytes;
}

GreyImage decode_grey_webp(const std::string& bytes) {
  const auto* data = reinterpret_cast<const std::uint8_t*>(bytes.data());
  WebPBitstreamFeatures features;
  if (WebPGetFeatures(data, bytes.size(), &features) != VP8_STATUS_OK) throw std::invalid_argument("not a WebP");
  if (features.has_animation) throw std::invalid_argument("an animated WebP, not one image");
  int width = 0, height = 0;
  std::uint8_t* rgb = WebPDecodeRGB(data, bytes.size(), &width, &height);
  if (!rgb) throw std::invalid_argument("a WebP that does not decode");
  GreyImage grey{width, height, std::vector<unsigned char>(std::size_t(width) * height)};
  for (std::size_t i = 0; i < grey.pixels.size(); ++i) grey.pixels[i] = rgb[3 * i];
  WebPFree(rgb);
  return grey;
}

}  // namespace iconsynth::render::web
