#include "render/cairo/raster.h"

#include "render/cairo/draw.h"
#include "render/cairo/frame_renderer.h"

#include <cmath>
#include <cstring>
#include <stdexcept>

namespace iconsynth::render {

void check_output_size(int size) {
  if (size < kMinSize || size > kMaxSize) {
    throw std::invalid_argument("size " + std::to_string(size) + " px is outside [" + std::to_string(kMinSize) + ", " +
                                std::to_string(kMaxSize) + "]");
  }
}

ImageSurface render_frame(const FrameScene& frame, int size, const Eigen::Vector2d& offset_px) {
  check_output_size(size);
  ImageSurface image(size, size);
  CairoContext cr = make_context(image.get());
  cairo_translate(cr.get(), offset_px.x(), offset_px.y());
  draw_frame(cr.get(), frame, size / frame.scene->grid);
  return image;
}

int default_filmstrip_columns(int frame_count) {
  return std::max(1, static_cast<int>(std::ceil(std::sqrt(static_cast<double>(frame_count)))));
}

ImageSurface over_background(const ImageSurface& image, spec::Rgba background) {
  ImageSurface flat(image.width(), image.height());
  CairoContext cr = make_context(flat.get());
  cairo_set_source_rgba(cr.get(), background.r / 255.0, background.g / 255.0, background.b / 255.0, background.a / 255.0);
  cairo_paint(cr.get());
  cairo_set_source_surface(cr.get(), image.get(), 0, 0);
  cairo_paint(cr.get());
  return flat;
}

ImageSurface render_filmstrip(const AnimatedScene& scene, int size, int columns) {
  check_output_size(size);
  if (columns < 1) throw std::invalid_argument("a filmstrip needs at least one column");
  columns = std::min(columns, scene.frame_count);
  const int rows = (scene.frame_count + columns - 1) / columns;
  ImageSurface sheet(columns * size, rows * size);  // throws when the sheet would be too large
  // Each cell is the frame as render_frame draws it (so nothing bleeds into a neighbour), from
  // one renderer that redraws only what moved between consecutive frames.
  FrameRenderer renderer(scene, size);
  cairo_surface_flush(sheet.get());
  unsigned char* pixels = cairo_image_surface_get_data(sheet.get());
  for (int frame = 0; frame < scene.frame_count; ++frame) {
    const ImageSurface& image = renderer.render(frame);
    const unsigned char* from = image.data();
    unsigned char* to = pixels + std::ptrdiff_t{frame / columns} * size * sheet.stride() + std::ptrdiff_t{frame % columns} * size * 4;
    for (int y = 0; y < size; ++y) {
      std::memcpy(to + std::ptrdiff_t{y} * sheet.stride(), from + std::ptrdiff_t{y} * image.stride(), std::size_t(size) * 4);
    }
  }
  cairo_surface_mark_dirty(sheet.get());
  return sheet;
}

}  // namespace iconsynth::render
