#pragma once
// What the SVG writers (animated and static) share: how a paint is inked so the page styles it,
// and the class that scopes a document's rules.

#include "render/scene/scene.h"

#include <string>

namespace iconsynth::render::svg {

inline constexpr const char* kSecondaryProperty = "--iconsynth-secondary";

// The CSS colour of a paint: currentColor for the primary, so the icon takes the text colour of
// where it sits; for the duotone tone, the page's --iconsynth-secondary, else the primary mixed
// toward the theme's backdrop as `render --color` mixes it (color-mix in sRGB).
std::string ink(const Paint& paint, const spec::ThemeRule& theme);

// Stands for a document's scope class until the document is complete (the class is a hash of it).
inline constexpr char kScope = '\x01';
// `document` with each kScope replaced by "<icon_id>-<8 hex digits of the document's hash>": a class
// that changes whenever the content does, so documents inlined on one page (whose <style> rules
// reach the whole page) never restyle each other.
std::string fill_scope(const std::string& document, const std::string& icon_id);

}  // namespace iconsynth::render::svg
