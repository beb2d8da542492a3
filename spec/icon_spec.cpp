#include "spec/icon_spec.h"

namespace iconsynth::spec {

std::string_view name(Style style) {
  static constexpr std::array<std::string_view, 3> kNames{"outline", "solid", "duotone"};
  return kNames[static_cast<int>(style)];
}
std::string_view name(Theme theme) { return theme == Theme::Light ? "light" : "dark"; }
std::string_view name(Motion motion) { return motion == Motion::Light ? "light" : "strong"; }

std::optional<Style> parse_style(std::string_view text) {
  for (Style s : kStyles) if (name(s) == text) return s;
  return std::nullopt;
}
std::optional<Theme> parse_theme(std::string_view text) {
  for (Theme t : kThemes) if (name(t) == text) return t;
  return std::nullopt;
}
std::optional<Motion> parse_motion(std::string_view text) {
  for (Motion m : kMotions) if (name(m) == text) return m;
  return std::nullopt;
}

}  // namespace iconsynth::spec
