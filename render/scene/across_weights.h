#pragma once
// How parts follow the stroke weight: each part built at a list of sample weights, kept only
// where it bends (Part::across_weights).

#include "render/scene/scene.h"

#include <vector>

namespace iconsynth::render {

// Every element's parts, in scene order, as built at one weight.
using PartsAtWeight = std::vector<std::vector<Part>>;

// Gives every part of `parts` its `across_weights`: the same part in `sampled[i]`, built at
// `weights[i]` (same elements, same parts, same order), kept at the ends and where it bends;
// left empty for a part that is the same at every weight.
void set_across_weights(PartsAtWeight& parts, const std::vector<double>& weights, const std::vector<PartsAtWeight>& sampled);

}  // namespace iconsynth::render
