#include "render/cairo/contact_sheet.h"

#include "render/cairo/draw.h"
#include "render/cairo/raster.h"

#include <algorithm>
#include <stdexcept>

namespace iconsynth::render {

namespace {
constexpr int kPad = 12, kLabel = 18, kTitle = 30;
constexpr int kMinCellWidth = 128;  // room for a label like "duotone-strong w2.5"
constexpr int kMinSheetWidth = 520;  // room for the title

// Black or white text, whichever reads on the backdrop.
double ink_for(spec::Rgba b) { return (0.299 * b.r + 0.587 * b.g + 0.114 * b.b) > 140 ? 0.15 : 0.9; }
}  // namespace

ImageSurface render_sheet(const std::vector<SheetCell>& cells, const SheetOptions& o) {
  check_output_size(o.cell);
  if (cells.empty() || o.columns < 1) throw std::invalid_argument("a contact sheet needs cells and at least one column");
  const int columns = std::min<int>(o.columns, static_cast<int>(cells.size()));
  const int rows = (static_cast<int>(cells.size()) + columns - 1) / columns;
  const int cell_w = std::max(o.cell, kMinCellWidth) + kPad, cell_h = o.cell + kLabel + kPad;
  const int inset = (cell_w - kPad - o.cell) / 2;  // centres the icon in a wide cell
  ImageSurface sheet(std::max(kMinSheetWidth, kPad + columns * cell_w), kTitle + kPad + rows * cell_h);
  CairoContext cr = make_context(sheet.get());
  const spec::Rgba b = o.backdrop;
  cairo_set_source_rgb(cr.get(), b.r / 255.0, b.g / 255.0, b.b / 255.0);
  cairo_paint(cr.get());
  const double ink = ink_for(b);
  cairo_select_font_face(cr.get(), "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_source_rgb(cr.get(), ink, ink, ink);
  cairo_set_font_size(cr.get(), 14);
  cairo_move_to(cr.get(), kPad, 22);
  cairo_show_text(cr.get(), o.title.c_str());
  cairo_set_font_size(cr.get(), 11);
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const double x = kPad + static_cast<double>(i % columns) * cell_w + inset;
    const double y = kTitle + kPad + static_cast<double>(i / columns) * cell_h;
    cairo_save(cr.get());
    cairo_translate(cr.get(), x, y);
    cairo_rectangle(cr.get(), 0, 0, o.cell, o.cell);
    cairo_clip(cr.get());
    draw_frame(cr.get(), evaluate(*cells[i].scene, cells[i].frame), o.cell / cells[i].scene->grid);
    cairo_restore(cr.get());
    cairo_text_extents_t ext;
    cairo_text_extents(cr.get(), cells[i].label.c_str(), &ext);
    cairo_set_source_rgb(cr.get(), ink, ink, ink);
    cairo_move_to(cr.get(), x + (o.cell - ext.x_advance) / 2, y + o.cell + 14);
    cairo_show_text(cr.get(), cells[i].label.c_str());
  }
  return sheet;
}

}  // namespace iconsynth::render
