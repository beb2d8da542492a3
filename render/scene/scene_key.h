#pragma once
// A scene's identity for caches: the exact bytes of everything that decides its frames (the
// grid, the frame count, and every element's outlines, paints, tracks and rotation), and nothing
// else (not its name, metadata or choreography events). Two scenes with the same key draw the same
// frames, so a rendered result can be reused across rebuilds, variants and edits.

#include "render/scene/scene.h"

#include <string>

namespace iconsynth::render {

std::string scene_key(const AnimatedScene& scene);

}  // namespace iconsynth::render
