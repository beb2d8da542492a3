#pragma once
// What an asset says about playing it, judged on its own: every animation's markers, and a
// bundle's state machines. Problems are findings (text naming the entry and the field); they are
// reported beside the pixel verdict, which they do not change.
//   markers:  each {cm, tm, dr} inside [ip, op]; a "reduced motion" marker present (lottie-ios and
//             lottie-android play it when the platform asks for reduced motion)
//   machines: the initial state exists; every state's animation is in the manifest and its
//             segment a marker of that animation; transitions go to states that exist; guards,
//             interactions and actions name inputs and states that exist; every state is
//             reachable from the initial one

#include "render/lottie/asset_reader.h"

#include <string>
#include <vector>

namespace iconsynth::render {

std::vector<std::string> interaction_findings(const lottie::Asset& asset);

}  // namespace iconsynth::render
