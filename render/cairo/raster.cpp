#include "render/cairo/raster.h"

#include "render/cairo/draw.h"
#include "render/cairo/frame_renderer.h"

#include <algorithm>
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

FilmstripStyle filmstrip_for_people(int size, spec::Rgba backdrop) { return {std::max(2, (size + 4) / 8), backdrop}; }

std::pair<std::int64_t, std::int64_t> filmstrip_sheet_size(int frame_count, int size, int columns, int gutter) {
  columns = std::max(1, std::min(columns, frame_count));
  const std::int64_t rows = (frame_count + columns - 1) / columns;
  const auto side = [&](std::int64_t cells) { return cells * size + (cells + 1) * std::int64_t{gutter}; };
  return {side(columns), side(rows)};
}

bool filmstrip_fits(int frame_count, int size, int columns, int gutter) {
  const auto [width, height] = filmstrip_sheet_size(frame_count, size, columns, gutter);
  return width <= kMaxSurfaceSide && height <= kMaxSurfaceSide && width * height <= kMaxSurfacePixels;
}

std::string filmstrip_too_large(int frame_count, int size, int columns, int gutter) {
  if (filmstrip_fits(frame_count, size, columns, gutter)) return "";
  const auto [width, height] = filmstrip_sheet_size(frame_count, size, columns, gutter);
  return std::to_string(frame_count) + " frames at " + std::to_string(size) + " px, " + std::to_string(std::min(columns, frame_count)) +
         " a row, make a sheet of " + std::to_string(width) + "x" + std::to_string(height) + " px, past a filmstrip's limit (" +
         std::to_string(kMaxSurfaceSide) + " px a side, 2^27 pixels)";
}

ImageSurface render_filmstrip(const AnimatedScene& scene, int size, int columns, const FilmstripStyle& style) {
  check_output_size(size);
  if (columns < 1) throw std::invalid_argument("a filmstrip needs at least one column");
  if (style.gutter < 0) throw std::invalid_argument("a filmstrip's gutter cannot be negative");
  columns = std::min(columns, scene.frame_count);
  const auto [width, height] = filmstrip_sheet_size(scene.frame_count, size, columns, style.gutter);
  ImageSurface sheet(static_cast<int>(std::min<std::int64_t>(width, kMaxSurfaceSide + 1)),
                     static_cast<int>(std::min<std::int64_t>(height, kMaxSurfaceSide + 1)));  // throws when too large
  // Each cell is the frame as render_frame draws it (so nothing bleeds into a neighbour), from
  // one renderer that redraws only what moved between consecutive frames.
  FrameRenderer renderer(scene, size);
  const auto cell_origin = [&](int frame) {
    return std::pair<int, int>{style.gutter + (frame % columns) * (size + style.gutter), style.gutter + (frame / columns) * (size + style.gutter)};
  };
  if (style.backdrop) {
    // Frames over the backdrop: composited, as a page shows them.
    CairoContext cr = make_context(sheet.get());
    const spec::Rgba b = *style.backdrop;
    cairo_set_source_rgba(cr.get(), b.r / 255.0, b.g / 255.0, b.b / 255.0, b.a / 255.0);
    cairo_paint(cr.get());
    for (int frame = 0; frame < scene.frame_count; ++frame) {
      const auto [x, y] = cell_origin(frame);
      cairo_set_source_surface(cr.get(), renderer.render(frame).get(), x, y);
      cairo_paint(cr.get());
    }
    return sheet;
  }
  cairo_surface_flush(sheet.get());
  unsigned char* pixels = cairo_image_surface_get_data(sheet.get());
  for (int frame = 0; frame < scene.frame_count; ++frame) {
    const ImageSurface& image = renderer.render(frame);
    const unsigned char* from = image.data();
    const auto [x, y] = cell_origin(frame);
    unsigned char* to = pixels + std::ptrdiff_t{y} * sheet.stride() + std::ptrdiff_t{x} * 4;
    for (int row = 0; row < size; ++row) {
      std::memcpy(to + std::ptrdiff_t{row} * sheet.stride(), from + std::ptrdiff_t{row} * image.stride(), std::size_t(size) * 4);
    }
  }
  cairo_surface_mark_dirty(sheet.get());
  return sheet;
}

}  // namespace iconsynth::render
