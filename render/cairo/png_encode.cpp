#include "render/cairo/png_encode.h"

#include <png.h>

#include <csetjmp>
#include <stdexcept>

namespace iconsynth::render {

std::string encode_png(const PngFormat& format, const std::function<const std::uint8_t*(int y)>& row) {
  std::string bytes;
  std::vector<png_color> colors;
  std::vector<png_byte> alphas;
  for (const auto& c : format.palette) {
    colors.push_back({c[0], c[1], c[2]});
    alphas.push_back(c[3]);
  }
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  png_infop info = png ? png_create_info_struct(png) : nullptr;
  if (!info) {
    png_destroy_write_struct(&png, nullptr);
    throw std::runtime_error("libpng: cannot start a PNG");
  }
  // libpng reports errors by longjmp. Every object that may own memory is made before this point,
  // so a jump back here skips no constructor and no destructor; it leaks only libpng's own state,
  // which png_destroy_write_struct frees.
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    throw std::runtime_error("libpng: cannot encode PNG");
  }
  png_set_write_fn(
      png, &bytes,
      [](png_structp p, png_bytep data, png_size_t length) {
        static_cast<std::string*>(png_get_io_ptr(p))->append(reinterpret_cast<const char*>(data), length);
      },
      nullptr);
  const int color_type = format.pixels == PngFormat::Pixels::Palette ? PNG_COLOR_TYPE_PALETTE : PNG_COLOR_TYPE_RGB_ALPHA;
  png_set_IHDR(png, info, format.width, format.height, 8, color_type, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  png_set_compression_level(png, format.compression_level);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
  if (format.pixels == PngFormat::Pixels::Palette) {
    png_set_PLTE(png, info, colors.data(), static_cast<int>(colors.size()));
    png_set_tRNS(png, info, alphas.data(), static_cast<int>(alphas.size()), nullptr);
  }
  png_write_info(png, info);
  for (int y = 0; y < format.height; ++y) png_write_row(png, const_cast<png_bytep>(row(y)));
  png_write_end(png, info);
  png_destroy_write_struct(&png, &info);
  return bytes;
}

}  // namespace iconsynth::render
