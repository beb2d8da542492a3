#pragma once
// The one PNG encoder of the project's own images (frames, filmstrips): libpng
// writing into a string, rows unfiltered (icons are sparse, flat colour: filters buy little and
// cost time), its errors made exceptions.

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace iconsynth::render {

struct PngFormat {
  enum class Pixels { Rgba, Palette };  // 8 bits a sample; Palette: one index byte a pixel
  int width = 0, height = 0;
  Pixels pixels = Pixels::Rgba;
  int compression_level = 6;                         // zlib's, 0 (none) to 9 (smallest)
  std::vector<std::array<std::uint8_t, 4>> palette;  // straight RGBA, at most 256; Palette only
};

// A PNG of `format.height` rows, row `y` being `row(y)`: `width` pixels of `format.pixels`,
// valid until the next call. `row` must not throw. std::runtime_error when libpng fails.
std::string encode_png(const PngFormat& format, const std::function<const std::uint8_t*(int y)>& row);

}  // namespace iconsynth::render
