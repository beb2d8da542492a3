#pragma once
// The icon without a player: one variant as a self-contained SVG whose CSS animations play the
// scene. Each element track becomes one @keyframes rule with the scene's own keys and easing
// (Lottie's cubic Bézier is CSS's cubic-bezier(); holds are steps(1,end)), never sampled frames.
//
// The page styles it: the primary ink is currentColor, the duotone tone and the stroke weight are
// custom properties (kSecondaryProperty, kWeightProperty) defaulting to the variant's values, and
// a weight set by CSS moves the same geometry `render --weight` does (card inset, die, packet), by
// SVG 2 geometry properties in calc(). It plays once on load; data-play="hover" | "parent-hover" |
// "class" on the <svg> plays it on its own hover, its parent's hover, or while it has class "play";
// under prefers-reduced-motion: reduce it shows the rest pose. No script, no external reference.

#include "render/scene/scene.h"
#include "render/svg/svg_ink.h"

#include <string>

namespace iconsynth::render::svg {

inline constexpr const char* kWeightProperty = "--iconsynth-weight";
// The attribute on <svg> that chooses the trigger, and the class that plays it from page code.
inline constexpr const char* kPlayAttribute = "data-play";
inline constexpr const char* kPlayClass = "play";

struct SvgOptions {
  int size = 24;        // width and height in px (the 24-unit grid scaled to it)
  bool pretty = false;  // one rule and one element per line, indented; minified otherwise
};

// The document. Deterministic: the same scene and options give the same bytes. Its rules are
// scoped by a class derived from its content (inline SVGs share the page's stylesheet, so two
// variants on one page must not restyle each other). Throws std::invalid_argument when a part
// that follows the stroke weight is not a rect, circle or static-ended line (CSS cannot move a
// path's points), naming the element and part.
std::string write_animated_svg(const AnimatedScene& scene, const SvgOptions& options = {});

// The animation's length in ms as written in the document (3 decimals).
double duration_ms(const AnimatedScene& scene);

}  // namespace iconsynth::render::svg
