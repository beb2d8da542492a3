#include "render/cairo/vector_output.h"

#include "render/cairo/draw.h"
#include "render/cairo/raster.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>

#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string_view>

namespace iconsynth::render {

namespace {

cairo_status_t append(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

struct SurfaceDeleter {
  void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
};

// Cairo names SVG groups "surface<N>" from a process-wide counter, so the same frame would get
// different bytes depending on what was drawn before it. Renumber them by first appearance.
std::string normalize_surface_ids(const std::string& svg) {
  static constexpr std::string_view kPrefix = "surface";
  std::map<std::string, std::string> renamed;
  std::string out;
  std::size_t from = 0;
  for (std::size_t at = svg.find(kPrefix); at != std::string::npos; at = svg.find(kPrefix, at)) {
    std::size_t digits = at + kPrefix.size();
    while (digits < svg.size() && svg[digits] >= '0' && svg[digits] <= '9') ++digits;
    if (digits == at + kPrefix.size()) {  // "surface" without a number: not an id
      at = digits;
      continue;
    }
    const std::string original = svg.substr(at + kPrefix.size(), digits - at - kPrefix.size());
    const auto slot = renamed.try_emplace(original, std::to_string(renamed.size() + 1)).first;
    out.append(svg, from, at - from);
    out += kPrefix;
    out += slot->second;
    from = at = digits;
  }
  out.append(svg, from, std::string::npos);
  return out;
}

// Draws into a stream surface and finishes it, so every byte is in the stream on return.
void draw_document(cairo_surface_t* raw, const std::function<void(cairo_t*)>& draw, const char* what) {
  std::unique_ptr<cairo_surface_t, SurfaceDeleter> surface(raw);
  {
    CairoContext cr = make_context(surface.get());
    draw(cr.get());
  }
  cairo_surface_finish(surface.get());
  if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS) {
    throw std::runtime_error(std::string("cairo: cannot write ") + what + ": " +
                             cairo_status_to_string(cairo_surface_status(surface.get())));
  }
}

}  // namespace

std::string svg_document(double width, double height, const std::function<void(cairo_t*)>& draw) {
  std::string out;
  draw_document(cairo_svg_surface_create_for_stream(append, &out, width, height), draw, "SVG");
  return normalize_surface_ids(out);
}

std::string render_pdf(const FrameScene& frame, int size) {
  check_output_size(size);
  std::string out;
  cairo_surface_t* surface = cairo_pdf_surface_create_for_stream(append, &out, size, size);
  // Cairo stamps the current time unless told otherwise; a fixed date keeps outputs byte-identical.
  cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "2000-01-01T00:00:00Z");
  cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, "2000-01-01T00:00:00Z");
  cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "iconsynth");
  const spec::IconMeta& meta = frame.scene->meta;
  cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, meta.title.c_str());
  if (!meta.description.empty()) cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_SUBJECT, meta.description.c_str());
  if (!meta.keywords.empty()) {
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_KEYWORDS, spec::joined_names(meta.keywords, ", ").c_str());
  }
  draw_document(surface, [&](cairo_t* cr) { draw_frame(cr, frame, size / frame.scene->grid); }, "PDF");
  return out;
}

}  // namespace iconsynth::render
