#pragma once
// The typed, validated form of a spec such as spec/gpu-cluster.json: everything the icon's geometry, paint and
// motion depend on. Built only by load_spec(), so an IconSpec is always valid. Styles, themes and
// motions are named in the spec, in its order: adding one is a spec edit, never a code change.

#include "geometry/ring_layout.h"
#include "motion/choreography.h"
#include "spec/color.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace iconsynth::spec {

// The spec document: keys keep the file's order, which is the order of every enumeration.
using Json = nlohmann::ordered_json;

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

// A style, theme or motion under the name the spec gives it.
template <class Rule>
struct Named {
  std::string name;
  Rule rule;
};

// What the icon is, for people and catalogues: into players' metadata, manifests and SVG titles.
struct IconMeta {
  std::string title;                  // "GPU cluster"
  std::string description;
  std::string category;
  std::vector<std::string> keywords;
  std::string license;                // an SPDX id, "MIT"
};

// {"title", "description", "category", "keywords", "license"}: how `info` and the preview page show it.
Json to_json(const IconMeta& meta);

// One optical size (spec "hinting.optical_sizes"): below a size, the layout a small rendering
// draws, as a font's optical-size masters do (Material Symbols' opsz axis): simpler and stronger.
struct OpticalSize {
  int below = 0;                   // px: renderings smaller than this (the smallest such range wins)
  geometry::LayoutParams layout;   // the spec's layout with this range's changes
  double packet_min_px = 0;        // packets at least this wide, px
};

// "hinting": outputs written for a size up to `up_to` px are fitted to their pixel grid
// (render/scene/hint.h); absent, every output draws the exact geometry.
struct Hinting {
  int up_to = 0;                            // px; 0: never hinted
  std::vector<OpticalSize> optical_sizes;   // by `below`, ascending
};

struct IconSpec {
  std::string id;
  IconMeta meta;                      // "meta" in the spec; title defaults to the id
  double frame_rate = 60;
  std::string kind = "ring";          // the icon kind: which builder lays out the scene (loader.h)
  geometry::LayoutParams layout;      // the kind's layout, as the spec gives it
  Hinting hinting;
  double default_weight = 2;
  std::vector<double> weight_presets;
  std::vector<Named<StyleRule>> styles;                     // in the spec's order
  std::vector<Named<ThemeRule>> themes;
  std::vector<Named<motion::ChoreographyParams>> motions;
  std::string default_style, default_motion, default_theme;  // "defaults" in the spec
  // "interaction": the motion a pointer entering the icon plays, and the one a click plays
  // (both the default motion when the spec says nothing).
  std::string hover_motion, click_motion;
  Json source;  // the effective spec document (after overrides), for `info` and reports

  // Modules on the ring: the choreography's positions.
  int module_count() const { return layout.modules; }

  // The rule of that name; std::invalid_argument naming the spec's choices when there is none.
  const StyleRule& style_rule(std::string_view name) const;
  const ThemeRule& theme_rule(std::string_view name) const;
  const motion::ChoreographyParams& choreography(std::string_view name) const;
};

// The spec a `size` px rendering draws: its layout the optical size's for that size (and packets
// at least its minimum), or the spec as it is when no optical size covers it.
IconSpec at_optical_size(const IconSpec& spec, int size);

// The names of a named list, in order.
template <class Rule>
std::vector<std::string> names_of(const std::vector<Named<Rule>>& list) {
  std::vector<std::string> names;
  for (const auto& item : list) names.push_back(item.name);
  return names;
}

// "outline|solid|duotone": a list's names for messages and help.
std::string joined_names(const std::vector<std::string>& names, std::string_view separator = "|");

}  // namespace iconsynth::spec
