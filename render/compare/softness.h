#pragma once
// How soft an icon looks at its pixel size: the share of its ink that sits in partly covered
// pixels. Σ 2·min(a, 1 − a) / Σ a over the alpha a (0–1) of every pixel: 0 when every pixel is
// fully in or out, 1 when all ink is half-covered grey.

#include "render/compare/image_diff.h"

namespace iconsynth::render {

// The softness of an image's alpha; 0 for an empty image.
double softness(const ImageView& image);

}  // namespace iconsynth::render
