#pragma once
// Animated previews for places Lottie cannot play (a README, a chat, an issue): every frame of a
// variant as an animated WebP (lossless, full alpha) or GIF (palette, 1-bit transparency).

#include "render/scene/scene.h"

#include <optional>
#include <string>

namespace iconsynth::render {

struct PreviewOptions {
  int size = 64;
  std::optional<spec::Rgba> background;  // transparent when empty
};

// Lossless animated WebP; each frame shown at the scene's frame rate.
std::string animated_webp(const AnimatedScene& scene, const PreviewOptions& options);

// Animated GIF, looping. GIF delays are in 1/100 s and browsers slow anything under 2/100 s
// down to 1/10 s, so frames are sampled every 20 ms of the action (50 fps) at most.
std::string animated_gif(const AnimatedScene& scene, const PreviewOptions& options);

// The frame each GIF image shows, in order (exposed for tests).
std::vector<double> gif_frame_times(const AnimatedScene& scene);

}  // namespace iconsynth::render
