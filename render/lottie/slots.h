#pragma once
// The slot contract: every exported property whose value depends on the weight, the colour or
// the theme carries one of these slot ids, so a dotLottie player can restyle the icon at play
// time and draw exactly what `iconsynth render` draws for the same options.
//
//   id                 type    unit          value
//   primary            Color   0–1 RGB       the primary colour (theme's, or --color)
//   primary-opacity    Scalar  percent       its alpha × 100 / 255
//   secondary          Color   0–1 RGB       mix(primary, backdrop, secondary_mix)   duotone only
//   secondary-opacity  Scalar  percent       its alpha × 100 / 255                   duotone only
//   weight             Scalar  seconds       (weight − 1) × 0.2
//
// Why the weight is a time: ThorVG, the engine of dotLottie players, cannot slot a stroke width
// or a rectangle's size (its overrides cover colours, opacities, transforms and time remaps;
// a slotted stroke width is ignored and corrupts that stroke's opacity on the next change). So
// every part that follows the weight lives in a precomposition keyed over its own timeline,
// one key per weight where the geometry bends, linear in between, and the layer's time remap
// (`tm`, in seconds) picks the weight. Any weight in [1, 3] is then drawn exactly, by every
// player, with one Scalar slot.

#include "render/lottie/lottie_json.h"
#include "spec/color.h"

#include <optional>
#include <string>

namespace iconsynth::render::lottie {

inline constexpr const char* kPrimarySlot = "primary";
inline constexpr const char* kPrimaryOpacitySlot = "primary-opacity";
inline constexpr const char* kSecondarySlot = "secondary";
inline constexpr const char* kSecondaryOpacitySlot = "secondary-opacity";
inline constexpr const char* kWeightSlot = "weight";

// Seconds of precomposition time per unit of stroke weight, from weight 1 at time 0. At 60 fps
// the presets 1.5, 2 and 2.5 fall on whole frames (6, 12, 18), which rlottie needs: it rounds a
// time remap to a frame, and clamps it to the animation's duration (3 → 0.4 s).
inline constexpr double kWeightSecondsPerUnit = 0.2;

// The weight slot's value for a stroke weight.
double weight_remap_seconds(double weight);

// What the slots hold for one look of the icon.
struct SlotLook {
  spec::Rgba primary;
  spec::Rgba secondary;
  std::optional<double> weight = 2;  // none: the look leaves the weight as it is (a colour-only theme)
  bool with_secondary = false;       // whether the animation paints anything in the secondary tone
};

// The root "slots" object: {"primary":{"p":{"a":0,"k":[r,g,b]}}, …} (the order of the table).
Json slots_object(const SlotLook& look);
// The same values as dotLottie v2 theme rules: [{"id":"primary","type":"Color","value":[…]}, …].
Json theme_rules(const SlotLook& look);

// A Lottie colour's opacity (percent) from 8-bit alpha, at the writer's precision.
Json opacity_value(std::uint8_t alpha);

}  // namespace iconsynth::render::lottie
