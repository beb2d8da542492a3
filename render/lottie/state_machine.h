#pragma once
// The bundle's interaction, as dotLottie v2 state machines (s/<style>.json, one per style; the
// format dotlottie-rs and @lottiefiles/dotlottie-web >= 0.50 read):
//
//   rest ──PointerEnter: "hover" (unless reducedMotion)──▶ <hover motion> ──┐ OnComplete:
//    │  ──Click: "click"───────────────────────────────▶ <click motion> ──┤ "actionDone"
//    │  ──page code: "<motion>" (any motion, by name)──▶ <motion>  ───────┘ ──▶ rest
//    └─ <hover motion> ──Click: "click"──▶ <click motion>
//
// "rest" shows the rest pose (marker "rest") and plays nothing: nothing moves without an event.
// Each motion state plays its animation once and returns to rest. A click while the hover
// motion plays switches to the click motion at once (the stronger action wins); anything else
// during playback is ignored, so an action always finishes where it began. Inputs: an Event per
// motion name and "hover", "click", "actionDone"; the Boolean "reducedMotion" (false) that a page
// sets when the platform asks for reduced motion: hovering then plays nothing, a click still does.

#include "render/lottie/lottie_json.h"
#include "spec/icon_spec.h"

#include <string>

namespace iconsynth::render::lottie {

inline constexpr const char* kRestState = "rest";
inline constexpr const char* kHoverEvent = "hover";
inline constexpr const char* kClickEvent = "click";
inline constexpr const char* kActionDoneEvent = "actionDone";
inline constexpr const char* kReducedMotionInput = "reducedMotion";

// The state machine of one style of the bundle (its id is the style's name).
Json state_machine(const spec::IconSpec& spec, const std::string& style);

// "Hover plays light, a click plays strong": the manifest's name for it.
std::string state_machine_title(const spec::IconSpec& spec, const std::string& style);

}  // namespace iconsynth::render::lottie
