#include "render/cairo/raster.h"

#include "render/cairo/draw.h"

#include <cmath>
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
  CairoContext cr = make_context(sheet.get());
  for (int frame = 0; frame < scene.frame_count; ++frame) {
    cairo_save(cr.get());
    cairo_translate(cr.get(), (frame % columns) * size, (frame / columns) * size);
    cairo_rectangle(cr.get(), 0, 0, size, size);
    cairo_clip(cr.get());  // a swelling module never bleeds into its neighbour's cell
    draw_frame(cr.get(), evaluate(scene, frame), size / scene.grid);
    cairo_restore(cr.get());
  }
  return sheet;
}

}  // namespace iconsynth::render
