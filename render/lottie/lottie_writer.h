#pragma once
// AnimatedScene → Lottie JSON. The scene's tracks are transcribed as keyframes (same frames, same
// Bézier handles), never sampled, so a player shows what our Cairo renderer draws.

#include "render/lottie/lottie_json.h"
#include "render/lottie/slots.h"
#include "render/scene/scene.h"

#include <string>

namespace iconsynth::render::lottie {

struct LottieOptions {
  int size = 24;  // canvas width and height in px; the 24-unit grid is scaled to fill it
  // What "meta" says about the icon: everything the spec knows (a file on its own), or only its
  // title (an animation in a bundle, whose manifest says the rest once: each animation in the
  // archive is deflated on its own, and the description six times would cost 2 KB).
  enum class Meta { Full, Title } meta = Meta::Full;
  // Whether parts that follow the weight are keyed for the weight slot. Off, each part is drawn
  // at the variant's weight alone and no weight slot is declared: a master drawn for one preset
  // weight (render/web/masters.h), where a page wanting another weight picks another master.
  bool weight_slot = true;
};

// The animation as a JSON document (keys in a fixed order, numbers at fixed precision). Parts
// that follow the weight are keyed for the weight slot (unless options.weight_slot is off) when
// the animation is longer than the weight timeline (0.4 s); a shorter one (the one-frame reduced-motion rendition) bakes its weight
// and declares no weight slot. Throws std::invalid_argument when a part changes its commands
// between two weights (e.g. a corner radius reaching 0 inside [1, 3]): players could not key it.
Json write_animation(const AnimatedScene& scene, const LottieOptions& options);

// Minified text of a document: the bytes that go into files.
std::string to_text(const Json& document);

// Each contour of `path`, scaled by `scale`, as a Lottie bezier shape {"c","v","i","o"} (tangents
// relative to their vertex; a closed contour's repeated start vertex dropped).
Json bezier_shapes(const geometry::Path& path, double scale);

// Colour as Lottie's 0–1 RGB floats (alpha goes into the paint's opacity).
Json color_value(spec::Rgba color);

}  // namespace iconsynth::render::lottie
