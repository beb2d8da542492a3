#pragma once
// Lossless WebP of 8-bit grey images, for the raster masters' sheets: libwebp's lossless coder
// (prediction, colour cache, LZ77 in two dimensions) stores their coverage a quarter smaller than
// PNG's deflate does, and every browser decodes it. Grey is stored as equal red, green and blue,
// which the coder's subtract-green transform reduces to one channel.

#include <string>
#include <vector>

namespace iconsynth::render::web {

// WebP's largest side.
inline constexpr int kWebpMaxSide = 16383;

// libwebp's effort: method 4 at quality 100 is within 1.5 % of its smallest (method 6) on the
// sheets, in a tenth of its time; method 2 is 2.5 % larger.
inline constexpr int kGreyWebpMethod = 4;
inline constexpr float kGreyWebpQuality = 100;

// `pixels` (width × height, row-major) as a lossless WebP; deterministic.
// std::invalid_argument for a side outside 1 to kWebpMaxSide, std::runtime_error if libwebp fails.
std::string encode_grey_webp(const std::vector<unsigned char>& pixels, int width, int height);

struct GreyImage {
  int width = 0, height = 0;
  std::vector<unsigned char> pixels;  // the red channel, row-major
};

// std::invalid_argument naming what is wrong when `bytes` is no WebP.
GreyImage decode_grey_webp(const std::string& bytes);

}  // namespace iconsynth::render::web
