#include "render/svg/svg_ink.h"

#include "render/svg/css_text.h"
#include "spec/color.h"

#include <cstdint>
#include <cstdio>

namespace iconsynth::render::svg {

std::string ink(const Paint& paint, const spec::ThemeRule& theme) {
  if (paint.role == ColorRole::Primary) return "currentColor";
  return std::string("var(") + kSecondaryProperty + ",color-mix(in srgb,currentColor " + css_number((1 - theme.secondary_mix) * 100) +
         "%," + spec::to_hex(theme.backdrop) + "))";
}

std::string fill_scope(const std::string& document, const std::string& icon_id) {
  std::uint32_t hash = 2166136261u;  // FNV-1a
  for (unsigned char c : document) hash = (hash ^ c) * 16777619u;
  char hex[9];
  std::snprintf(hex, sizeof hex, "%08x", hash);
  const std::string scope = icon_id + "-" + hex;
  std::string filled;
  filled.reserve(document.size() + 8 * scope.size());
  for (char c : document) {
    if (c == kScope) {
      filled += scope;
    } else {
      filled += c;
    }
  }
  return filled;
}

}  // namespace iconsynth::render::svg
