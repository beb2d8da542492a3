#include "render/golden/renderer.h"

#include <cairo.h>
#include <pixman.h>

namespace iconsynth::render::golden {

std::string Renderer::label() const {
  if (iconsynth.empty() && cairo.empty() && pixman.empty()) return "an unknown renderer";
  std::string text = "iconsynth " + iconsynth + ", Cairo " + cairo;
  if (!pixman.empty()) text += ", pixman " + pixman;
  return text;
}

bool Renderer::same_libraries(const Renderer& other) const {
  const auto same = [](const std::string& a, const std::string& b) { return a.empty() || b.empty() || a == b; };
  return same(cairo, other.cairo) && same(pixman, other.pixman);
}

// The libraries' run-time versions: those of the shared objects loaded, not of the headers.
Renderer current_renderer(const std::string& iconsynth_version) {
  return {iconsynth_version, cairo_version_string(), pixman_version_string()};
}

}  // namespace iconsynth::render::golden
