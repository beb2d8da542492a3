#pragma once
// The icon kinds, as a table in the spirit of Skottie's layer builders: a spec names its kind
// ("kind": "ring"), and the kind's row lays out the rest pose and builds the scene's elements.
// Everything downstream (Cairo, Lottie, SVG + CSS, golden, check, preview) reads only the
// AnimatedScene, so it works on any kind unchanged. A new kind is a row here and a row in the
// spec loader's table (spec::icon_kind_names), not a fork.

#include "render/scene/scene.h"

#include <span>
#include <string_view>

namespace iconsynth::render {

struct IconKind {
  std::string_view name;
  // Appends the kind's elements, back to front, to `scene`, whose variant, colours and
  // choreography are already set.
  void (*build_elements)(const spec::IconSpec& spec, AnimatedScene& scene);
};

// Every kind, in table order.
std::span<const IconKind> icon_kinds();
// The kind of that name; std::invalid_argument naming the known kinds when there is none.
const IconKind& icon_kind(std::string_view name);

}  // namespace iconsynth::render
