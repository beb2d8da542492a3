#include "render/cairo/surface.h"

#include "render/cairo/png_encode.h"

#include <array>
#include <cstring>
#include <stdexcept>
#include <unordered_map>
#include <vector>

namespace iconsynth::render {

ImageSurface::ImageSurface(int width, int height) : width_(width), height_(height) {
  if (width < 1 || height < 1 || width > kMaxSurfaceSide || height > kMaxSurfaceSide ||
      std::int64_t{width} * height > kMaxSurfacePixels) {
    throw std::invalid_argument("image of " + std::to_string(width) + "x" + std::to_string(height) +
                                " px is out of bounds (sides 1-" + std::to_string(kMaxSurfaceSide) + ", at most " +
                                std::to_string(kMaxSurfacePixels) + " pixels)");
  }
  surface_.reset(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height));
  if (cairo_surface_status(surface_.get()) != CAIRO_STATUS_SUCCESS) {
    throw std::runtime_error(std::string("cairo: cannot create image: ") +
                             cairo_status_to_string(cairo_surface_status(surface_.get())));
  }
}

const unsigned char* ImageSurface::data() const {
  cairo_surface_flush(surface_.get());
  return cairo_image_surface_get_data(surface_.get());
}

int ImageSurface::stride() const { return cairo_image_surface_get_stride(surface_.get()); }

std::uint32_t ImageSurface::pixel(int x, int y) const {
  if (x < 0 || y < 0 || x >= width_ || y >= height_) throw std::out_of_range("pixel outside the image");
  return reinterpret_cast<const std::uint32_t*>(data() + std::ptrdiff_t{y} * stride())[x];
}

namespace {

// Straight (not premultiplied) RGBA bytes of a premultiplied pixel, rounded as Cairo's PNG writer
// rounds them (opaque and empty pixels stay as they are).
std::array<unsigned char, 4> straight(std::uint32_t p) {
  const std::uint32_t a = p >> 24;
  std::uint32_t r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;
  if (a != 255 && a != 0) r = (r * 255 + a / 2) / a, g = (g * 255 + a / 2) / a, b = (b * 255 + a / 2) / a;
  return {static_cast<unsigned char>(r), static_cast<unsigned char>(g), static_cast<unsigned char>(b), static_cast<unsigned char>(a)};
}

}  // namespace

std::string ImageSurface::png_bytes() const {
  // An icon is one or two colours anti-aliased over transparency, so an image usually has at
  // most 256 distinct pixels: then it is written as a palette image (a quarter of the data to
  // compress), numbered in order of first appearance; otherwise as RGBA.
  const unsigned char* pixels = data();
  const int stride = this->stride();
  std::vector<unsigned char> indices(std::size_t(width_) * height_);
  // Grey ramps are multiples of 0x01010101 = 257 × 65537: the identity hash would put them all
  // in one bucket of a 257-bucket table, so the bits are mixed first.
  struct Mix {
    std::size_t operator()(std::uint32_t p) const { return std::size_t{p} * 0x9E3779B97F4A7C15u >> 32; }
  };
  std::unordered_map<std::uint32_t, unsigned char, Mix> index_of;
  std::vector<std::uint32_t> palette;  // premultiplied, in order of first appearance
  for (int y = 0; y < height_ && palette.size() <= 256; ++y) {
    const auto* argb = reinterpret_cast<const std::uint32_t*>(pixels + std::ptrdiff_t{y} * stride);
    unsigned char* out = &indices[std::size_t(y) * width_];
    std::uint32_t last = 0;
    unsigned char last_index = 0;
    bool have_last = false;
    for (int x = 0; x < width_; ++x) {
      const std::uint32_t p = argb[x];
      if (!(have_last && p == last)) {
        const auto [it, added] = index_of.try_emplace(p, static_cast<unsigned char>(palette.size()));
        if (added) palette.push_back(p);
        if (palette.size() > 256) break;
        last = p, last_index = it->second, have_last = true;
      }
      out[x] = last_index;
    }
  }
  const bool indexed = palette.size() <= 256;

  // For speed: zlib level 2 and no row filters write a filmstrip about three times faster than
  // Cairo's writer (zlib's default level, adaptive filters).
  PngFormat format{width_, height_, indexed ? PngFormat::Pixels::Palette : PngFormat::Pixels::Rgba, 2, {}};
  if (indexed) {
    for (std::uint32_t p : palette) format.palette.push_back(straight(p));
    return encode_png(format, [&](int y) { return &indices[std::size_t(y) * width_]; });
  }
  std::vector<unsigned char> row(std::size_t(width_) * 4);
  return encode_png(format, [&](int y) {
    const auto* argb = reinterpret_cast<const std::uint32_t*>(pixels + std::ptrdiff_t{y} * stride);
    for (int x = 0; x < width_; ++x) {
      const auto c = straight(argb[x]);
      std::memcpy(&row[std::size_t(x) * 4], c.data(), 4);
    }
    return row.data();
  });
}

ImageSurface decode_png(const std::string& bytes) {
  struct Reader {
    const std::string& bytes;
    std::size_t offset = 0;
  } reader{bytes};
  const auto read = [](void* closure, unsigned char* data, unsigned int length) {
    auto* r = static_cast<Reader*>(closure);
    if (r->bytes.size() - r->offset < length) return CAIRO_STATUS_READ_ERROR;
    std::memcpy(data, r->bytes.data() + r->offset, length);
    r->offset += length;
    return CAIRO_STATUS_SUCCESS;
  };
  cairo_surface_t* loaded = cairo_image_surface_create_from_png_stream(read, &reader);
  if (cairo_surface_status(loaded) != CAIRO_STATUS_SUCCESS) {
    const std::string why = cairo_status_to_string(cairo_surface_status(loaded));
    cairo_surface_destroy(loaded);
    throw std::runtime_error("cannot decode PNG: " + why);
  }
  // Copy into our own ARGB32 surface whatever format the PNG decoded to.
  ImageSurface image(cairo_image_surface_get_width(loaded), cairo_image_surface_get_height(loaded));
  CairoContext cr = make_context(image.get());
  cairo_set_operator(cr.get(), CAIRO_OPERATOR_SOURCE);
  cairo_set_source_surface(cr.get(), loaded, 0, 0);
  cairo_paint(cr.get());
  cairo_surface_destroy(loaded);
  return image;
}

ImageSurface image_from_pixels(const std::uint32_t* pixels, int width, int height) {
  ImageSurface image(width, height);
  cairo_surface_flush(image.get());
  unsigned char* dst = cairo_image_surface_get_data(image.get());
  for (int y = 0; y < height; ++y) {
    std::memcpy(dst + std::ptrdiff_t{y} * image.stride(), pixels + std::ptrdiff_t{y} * width, std::size_t(width) * 4);
  }
  cairo_surface_mark_dirty(image.get());
  return image;
}

ImageSurface enlarge(const ImageSurface& image, int factor) {
  ImageSurface big(image.width() * factor, image.height() * factor);
  CairoContext cr = make_context(big.get());
  cairo_scale(cr.get(), factor, factor);
  cairo_set_source_surface(cr.get(), image.get(), 0, 0);
  cairo_pattern_set_filter(cairo_get_source(cr.get()), CAIRO_FILTER_NEAREST);
  cairo_paint(cr.get());
  return big;
}

CairoContext make_context(cairo_surface_t* surface) {
  CairoContext cr(cairo_create(surface));
  if (cairo_status(cr.get()) != CAIRO_STATUS_SUCCESS) {
    throw std::runtime_error(std::string("cairo: cannot draw: ") + cairo_status_to_string(cairo_status(cr.get())));
  }
  return cr;
}

}  // namespace iconsynth::render
