#pragma once
// A copy of one of our Lottie animations as another authoring pipeline might have written it,
// for testing that check and fit judge what players draw, not our file layout:
//   - precompositions baked: each element becomes a shape layer whose paths and stroke widths are
//     the precomposition's at the weight its time remap picked (no weight timeline, no `tm`);
//   - an extra parent layer per element (a null, ty 3) that carries its position and scale;
//   - every layer and shape renamed ("Layer 3", "Null 3", "Group 7"), no slots, markers or meta;
//   - `rate` frames a second (30 by default): every key time, in and out point scaled, so our
//     60 fps keys land on fractional frames and a 61-frame action ends at 30.5;
//   - a `canvas` px canvas (512 by default), the parents scaling the 24-unit grid up to it.
// Our exports already write every rectangle and ellipse as a Bézier path (`sh`), as such a
// pipeline would after outlining.

#include <nlohmann/json.hpp>

namespace iconsynth::test {

nlohmann::ordered_json restructure_lottie(const nlohmann::ordered_json& ours, double rate = 30, double canvas = 512);

}  // namespace iconsynth::test
