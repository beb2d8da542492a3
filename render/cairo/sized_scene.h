#pragma once
// The scene an output of a known pixel size reads: the one choke point where a raster output
// (PNG frames, filmstrips, sheets, WebP, GIF, the preview's flipbooks) or a Lottie / animated
// SVG written for `--size S` chooses between the hinted scene and the exact one. check, fit and
// anything a player scales to any size (the dotLottie bundle) build the exact scene instead.
// (It lives beside the rasteriser because hinting's judge renders the candidates' rest poses.)

#include "render/scene/hint.h"

namespace iconsynth::render {

// Which geometry an output draws.
enum class Geometry {
  Hinted,  // fitted to the output's pixel grid, optical size first, up to the spec's hinting.up_to
  Exact,   // build_scene's, at any size (--exact)
  HintedStrokes,  // Hinted, but every stroke stays a stroke (HintRules::bands off): what an
                  // animated SVG draws, whose CSS keys a rect's stroke over the weight, not a band
};

// Whether scene_for_size hints at that size: not Exact, and `size` at most the spec's hinting.up_to.
bool hints_at(const spec::IconSpec& spec, int size, Geometry geometry = Geometry::Hinted);

// The variant as a size × size px output should draw it: where hints_at, the scene of the
// optical size's layout fitted to that pixel grid, the softer stem judged by the rest pose's
// softness (render/compare/softness.h) in Cairo; else build_scene's exact scene.
AnimatedScene scene_for_size(const spec::IconSpec& spec, const Variant& variant, int size, Geometry geometry = Geometry::Hinted);

// The softness of a scene's rest pose (frame 0) rendered at `size` px.
double rest_softness(const AnimatedScene& scene, int size);

}  // namespace iconsynth::render
