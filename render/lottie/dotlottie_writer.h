#pragma once
// A dotLottie v2 bundle: every style × motion of the icon, with light and dark themes.
//
//   manifest.json   {"version":"2", "generator":"iconsynth X", "initial":{"animation":"outline-light"},
//                    "animations":[{"id":"outline-light","initialTheme":"dark","themes":["light","dark"]}, …],
//                    "themes":[{"id":"light","name":"Light"}, …, {"id":"dark-w2.5","name":"Dark, weight 2.5"}]}
//   a/<id>.json     one Lottie animation per style × motion (colours and weight inline, with slot ids)
//   t/<theme>.json  {"rules":[{"id":"primary","type":"Color","value":[r,g,b]}, … slots.h's table]}
// Themes: each of the spec's colour themes alone ("dark": colours, the weight left as it is), then
// each at each preset weight ("dark-w1.5": colours and weight). dotLottie players apply one theme
// at a time, so a player driven by themes alone (no code) needs the combinations to show a preset
// in a theme; the colour-only ones keep a weight a page has set.
// Entries in that order, deflated, fixed timestamps: the same spec gives the same bytes.
// A master (masters.h) is the same bundle drawn for one size at one preset weight: its
// animations fitted to that size's pixels with the weight baked, only the colour themes, and
// "custom": {…, "pixelGrid": 32} in its manifest.

#include "render/lottie/lottie_writer.h"
#include "spec/icon_spec.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace iconsynth::render::lottie {

// A variant's scene fitted to a size's pixel grid (render/cairo/sized_scene.h's scene_for_size:
// fitting judges candidates by rasterising them, which this library does not do).
using FittedScene = std::function<AnimatedScene(const spec::IconSpec&, const spec::Variant&, int px)>;

struct BundleOptions {
  int size = 24;                          // canvas of every animation
  double weight = 2;                      // stroke weight baked in (and the weight slot's default)
  std::optional<std::string> theme;       // inline colours and the animations' initialTheme (default: the spec's)
  std::optional<spec::Rgba> color;        // the inline primary instead of the theme's; then no initialTheme,
                                          // which a player would apply over it
  std::string generator = "iconsynth";
  // Set, the bundle is the master drawn for `size` px at `weight`, its scenes these; empty, the
  // exact bundle (build_scene's scenes, the weight slot keyed).
  FittedScene fitted;
};

// A theme of the bundle: one of the spec's colour themes, alone or at a preset weight.
struct BundleTheme {
  std::string id;                // "dark", "dark-w1.5"
  std::string name;              // "Dark", "Dark, weight 1.5"
  std::string colours;           // the spec's theme it takes its colours from
  std::optional<double> weight;  // the preset it sets; none: the weight is left as it is
};

// The bundle's themes, in manifest order: each colour theme alone, then (unless `colours_only`,
// a master's, whose weight is baked) each at each preset.
std::vector<BundleTheme> bundle_themes(const spec::IconSpec& spec, bool colours_only = false);
// The bundle theme `id` names, if the spec makes one of that id.
std::optional<BundleTheme> find_bundle_theme(const spec::IconSpec& spec, const std::string& id);

struct BundleEntry {
  std::string path;   // inside the archive
  std::string bytes;
};

// The bundle's files, in archive order (manifest first).
std::vector<BundleEntry> bundle_entries(const spec::IconSpec& spec, const BundleOptions& options);
// The .lottie archive bytes.
std::string write_dotlottie(const spec::IconSpec& spec, const BundleOptions& options);

}  // namespace iconsynth::render::lottie
