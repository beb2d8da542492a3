#pragma once
// The web package: an ES-module folder a site copies as it is (`./generative-icons/`) or installs
// with npm, generated from the spec like the descriptor module:
//
//   package.json        exports ./runtime ./react ./element ./<id>.mjs ./<id>.lottie; a pinned peer
//                       dependency on @lottiefiles/dotlottie-web, React an optional peer
//   runtime.mjs         createIcon(canvas, options) → a handle (play, update, destroy, ready)
//   react.mjs           <AnimatedIcon> ('use client'; safe to import while rendering on a server)
//   element.mjs         the <generative-icon> custom element
//   *.d.mts             TypeScript declarations; the icon's styles, motions and themes as unions
//   <id>.mjs, <id>.lottie  the descriptor module and the bundle it points at
//   masters/<id>-<px>px-w<weight>.lottie
//                       the bundle drawn for one backing store's pixels at one preset weight
//                       (render/lottie/masters.h), which the runtime picks by size × pixel ratio
//   masters/<id>-<px>px-w<weight>-<style>-<motion>.webp, masters/<id>-clock.lottie
//                       Cairo's frames at those pixels as coverage (raster_master.h), which the
//                       runtime shows there, and the bundle whose clock and state machines it runs
//
// The code is render/web/*.mjs and *.d.mts, compiled in, with the spec's names filled in.

#include "render/lottie/dotlottie_writer.h"
#include "render/lottie/masters.h"
#include "spec/icon_spec.h"

#include <map>
#include <string>
#include <vector>

namespace iconsynth::render::web {

// The player the package runs on: the project's one pin (tools/dotlottie-web/package.json).
extern const char* const kDotlottieWebPackage;  // "@lottiefiles/dotlottie-web"
extern const char* const kDotlottieWebVersion;  // "0.80.0"
// The wasm's subpath in that package's exports ("dotlottie-player.wasm").
extern const char* const kDotlottieWasm;
// The custom element's tag.
extern const char* const kElementTag;  // "generative-icon"

struct WebPackageOptions {
  lottie::BundleOptions bundle;    // the bundle in the package (and its generator)
  std::string version = "0.0.0";  // package.json's version
};

// The package's files by path in the folder (name → bytes); deterministic for a spec and options.
std::map<std::string, std::string> write_web_package(const spec::IconSpec& spec, const WebPackageOptions& options);

// The paths write_web_package returns, in the order above, without making them;
// std::invalid_argument when the icon's id would name a file of the runtime's ("runtime", …).
std::vector<std::string> web_package_files(const spec::IconSpec& spec);
// One of those files alone (what `build` writes one at a time).
std::string web_package_file(const spec::IconSpec& spec, const WebPackageOptions& options, const std::string& name);

// The options of `master`'s bundle, from the exact bundle's: its size and weight, and its scenes
// fitted to that size's pixels as every sized output's are (render/cairo/sized_scene.h).
lottie::BundleOptions master_options(lottie::BundleOptions exact, const lottie::Master& master);

// The clock bundle: `exact`'s bundle (every animation's timing and markers, the state machines)
// with nothing to draw, no themes, slots or names, for a player that keeps time for raster masters.
std::string clock_bundle(const spec::IconSpec& spec, const lottie::BundleOptions& exact);

}  // namespace iconsynth::render::web
