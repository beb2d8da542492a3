#pragma once
// The typed, validated form of spec/gpu-cluster.json: everything the icon's geometry, paint and
// motion depend on. Built only by load_spec(), so an IconSpec is always valid.

#include "geometry/ring_layout.h"
#include "motion/choreography.h"
#include "spec/color.h"

#include <nlohmann/json.hpp>

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace iconsynth::spec {

enum class Style { Outline, Solid, Duotone };
enum class Theme { Light, Dark };
enum class Motion { Light, Strong };

inline constexpr std::array<Style, 3> kStyles{Style::Outline, Style::Solid, Style::Duotone};
inline constexpr std::array<Theme, 2> kThemes{Theme::Light, Theme::Dark};
inline constexpr std::array<Motion, 2> kMotions{Motion::Light, Motion::Strong};

std::string_view name(Style style);
std::string_view name(Theme theme);
std::string_view name(Motion motion);
std::optional<Style> parse_style(std::string_view text);
std::optional<Theme> parse_theme(std::string_view text);
std::optional<Motion> parse_motion(std::string_view text);

// The stroke weight range every style accepts (the product's promise, not a spec choice).
inline constexpr double kMinWeight = 1.0;
inline constexpr double kMaxWeight = 3.0;

// Which colour fills a card.
enum class CardFill { None, Primary, Secondary };
// How the die detail is inked: a filled square, a hole cut through the card's fill, or nothing.
enum class DieInk { None, Fill, Hole };

// How one style paints a module. Links and packets read the same in every style.
struct StyleRule {
  CardFill card_fill = CardFill::None;
  bool card_stroke = true;
  DieInk die = DieInk::Fill;
};

// A theme's colours: the default primary colour, the backdrop the icon is designed to sit on,
// and how far the duotone secondary tone moves from the primary toward that backdrop.
struct ThemeRule {
  Rgba primary;
  Rgba backdrop;
  double secondary_mix = 0.6;

  // The duotone tone for a given primary colour.
  Rgba secondary(Rgba primary_color) const { return mix(primary_color, backdrop, secondary_mix); }
};

struct IconSpec {
  std::string id;
  double frame_rate = 60;
  geometry::LayoutParams layout;
  double default_weight = 2;
  std::vector<double> weight_presets;
  std::array<StyleRule, kStyles.size()> styles;
  std::array<ThemeRule, kThemes.size()> themes;
  std::array<motion::ChoreographyParams, kMotions.size()> motions;
  nlohmann::json source;  // the effective spec document (after overrides), for `info` and reports

  const StyleRule& style_rule(Style s) const { return styles[static_cast<int>(s)]; }
  const ThemeRule& theme_rule(Theme t) const { return themes[static_cast<int>(t)]; }
  const motion::ChoreographyParams& choreography(Motion m) const { return motions[static_cast<int>(m)]; }
};

}  // namespace iconsynth::spec
