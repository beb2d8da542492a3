#pragma once
// AnimatedScene → Lottie JSON. The scene's tracks are transcribed as keyframes (same frames, same
// Bézier handles), never sampled, so a player shows what our Cairo renderer draws.

#include "render/lottie/lottie_json.h"
#include "render/scene/scene.h"

#include <string>

namespace iconsynth::render::lottie {

// Slot ids of the themeable properties; themes in a dotLottie bundle address these.
inline constexpr const char* kPrimarySlot = "primary";
inline constexpr const char* kSecondarySlot = "secondary";
inline constexpr const char* kWeightSlot = "weight";

struct LottieOptions {
  int size = 24;  // canvas width and height in px; the 24-unit grid is scaled to fill it
};

// The animation as a JSON document (keys sorted, numbers at fixed precision).
Json write_animation(const AnimatedScene& scene, const LottieOptions& options);

// Minified text of a document: the bytes that go into files.
std::string to_text(const Json& document);

// Colour as Lottie's 0–1 RGB floats (alpha goes into the paint's opacity).
Json color_value(spec::Rgba color);

}  // namespace iconsynth::render::lottie
