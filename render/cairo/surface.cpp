#include "render/cairo/surface.h"

#include <cstring>
#include <stdexcept>

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

std::string ImageSurface::png_bytes() const {
  std::string bytes;
  const auto append = [](void* closure, const unsigned char* data, unsigned int length) {
    static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
    return CAIRO_STATUS_SUCCESS;
  };
  const cairo_status_t status = cairo_surface_write_to_png_stream(surface_.get(), append, &bytes);
  if (status != CAIRO_STATUS_SUCCESS) {
    throw std::runtime_error(std::string("cairo: cannot encode PNG: ") + cairo_status_to_string(status));
  }
  return bytes;
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
