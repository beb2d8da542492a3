#include "render/cairo/surface.h"

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

CairoContext make_context(cairo_surface_t* surface) {
  CairoContext cr(cairo_create(surface));
  if (cairo_status(cr.get()) != CAIRO_STATUS_SUCCESS) {
    throw std::runtime_error(std::string("cairo: cannot draw: ") + cairo_status_to_string(cairo_status(cr.get())));
  }
  return cr;
}

}  // namespace iconsynth::render
