#pragma once
// The icon descriptor: `<id>.mjs`, an ES module with no dependencies that a page imports beside the
// bundle. Its default export describes the icon (id, title, styles, motions with their animation
// ids, frame counts and durations, the weight range and presets, themes, slot ids); `slots()`
// computes the exact slot values of any weight and colour (slots.h's table, the same numbers the
// exporter writes), `animation()` names the bundle's animation of a style and motion, and `src`
// is the bundle's URL next to the module. The code is render/lottie/descriptor_module.js with the
// spec's data filled in.

#include "spec/icon_spec.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace iconsynth::render::lottie {

struct DescriptorOptions {
  std::string generator = "iconsynth";
  // The look a page gets when it asks for none: the bundle's beside it (build --theme/--color), so
  // the runtime does not paint the spec's default over a recoloured bundle.
  std::optional<std::string> theme = std::nullopt;  // default: the spec's
  std::optional<spec::Rgba> color = std::nullopt;   // used while a page names neither colour nor theme
  // Whether the masters sit beside the bundle: the module then lists their sizes, weights and
  // path, {"sizes": [16, …], "weights": [1.5, 2, 2.5], "path": "masters/<id>-{px}px-w{weight}.lottie",
  // "raster": {"path": "masters/<id>-{px}px-w{weight}-{style}-{motion}.webp",
  //            "rest": "masters/<id>-{px}px-w{weight}-{style}-{motion}-rest.webp", "clock": "masters/<id>-clock.lottie"}}.
  bool masters = false;
};

struct BundleOptions;
// The descriptor of a bundle made with `bundle`: its generator, and its theme and colour as defaults.
DescriptorOptions descriptor_options(const BundleOptions& bundle);

// The module's text; deterministic for a spec and options.
std::string write_descriptor(const spec::IconSpec& spec, const DescriptorOptions& options);

// `text` with each "@NAME@" placeholder replaced by its value (generated modules: this one and
// render/web's); std::logic_error naming any placeholder left unfilled, a bug in the generator.
std::string fill_template(const std::string& text, const std::vector<std::pair<std::string, std::string>>& values);

// File names: "<id>.mjs" and the bundle it points at, "<id>.lottie".
std::string descriptor_file_name(const spec::IconSpec& spec);
std::string bundle_file_name(const spec::IconSpec& spec);

}  // namespace iconsynth::render::lottie
