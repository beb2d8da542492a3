#pragma once
// An owned Cairo ARGB32 image surface (premultiplied alpha, native-endian 0xAARRGGBB pixels).

#include "render/compare/image_diff.h"

#include <cairo.h>

#include <cstdint>
#include <memory>
#include <string>

namespace iconsynth::render {

// Largest side Cairo can rasterise, and the most pixels one image may hold (512 MiB of ARGB32).
inline constexpr int kMaxSurfaceSide = 32767;
inline constexpr std::int64_t kMaxSurfacePixels = std::int64_t{1} << 27;

class ImageSurface {
 public:
  // A transparent width × height image; std::invalid_argument when the size is out of bounds.
  ImageSurface(int width, int height);

  cairo_surface_t* get() const { return surface_.get(); }
  int width() const { return width_; }
  int height() const { return height_; }

  // Premultiplied 0xAARRGGBB at (x, y); flushes pending drawing first.
  std::uint32_t pixel(int x, int y) const;
  // Row-major premultiplied pixels, `stride` bytes a row.
  const unsigned char* data() const;
  int stride() const;

  // The pixels as a view for image comparison.
  ImageView view() const { return {width_, height_, stride(), data()}; }

  // The image as PNG bytes, deterministic (no timestamps) and written for speed: a palette image
  // when it has at most 256 distinct pixels, zlib level 2, no row filters. Pixels round to
  // straight alpha as Cairo's PNG writer rounds them, so both files decode to the same image.
  std::string png_bytes() const;

 private:
  struct Destroy {
    void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
  };
  std::unique_ptr<cairo_surface_t, Destroy> surface_;
  int width_, height_;
};

// Decodes PNG bytes into a premultiplied ARGB32 image; std::runtime_error if they are not a PNG.
ImageSurface decode_png(const std::string& bytes);

// An image holding a copy of `pixels` (premultiplied 0xAARRGGBB, row-major, width × height).
ImageSurface image_from_pixels(const std::uint32_t* pixels, int width, int height);

// `image` scaled up by a whole factor with nearest-neighbour sampling: crisp pixels for reports.
ImageSurface enlarge(const ImageSurface& image, int factor);

// Owns a cairo_t for the lifetime of a drawing.
struct CairoContextDeleter {
  void operator()(cairo_t* cr) const { cairo_destroy(cr); }
};
using CairoContext = std::unique_ptr<cairo_t, CairoContextDeleter>;

// A drawing context on `surface`; throws std::runtime_error if Cairo reports an error.
CairoContext make_context(cairo_surface_t* surface);

}  // namespace iconsynth::render
