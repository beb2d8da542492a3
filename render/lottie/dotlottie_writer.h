#pragma once
// A dotLottie v2 bundle: every style × motion of the icon, with light and dark themes.
//
//   manifest.json   {"version":"2", "generator":"iconsynth X", "initial":{"animation":"outline-light"},
//                    "animations":[{"id":"outline-light","initialTheme":"dark","themes":["light","dark"]}, …],
//                    "themes":[{"id":"light","name":"Light"},{"id":"dark","name":"Dark"}]}
//   a/<id>.json     one Lottie animation per style × motion (colours and weight inline, with slot ids)
//   t/<theme>.json  {"rules":[{"id":"primary","type":"Color","value":[r,g,b]},
//                             {"id":"secondary","type":"Color","value":[r,g,b]}]}
// Entries in that order, deflated, fixed timestamps: the same spec gives the same bytes.

#include "render/lottie/lottie_writer.h"
#include "spec/icon_spec.h"

#include <optional>
#include <string>
#include <vector>

namespace iconsynth::render::lottie {

struct BundleOptions {
  int size = 24;                          // canvas of every animation
  double weight = 2;                      // stroke weight baked in (and the weight slot's default)
  std::optional<std::string> theme;       // inline colours and the animations' initialTheme (default: the spec's)
  std::string generator = "iconsynth";
};

struct BundleEntry {
  std::string path;   // inside the archive
  std::string bytes;
};

// The bundle's files, in archive order (manifest first).
std::vector<BundleEntry> bundle_entries(const spec::IconSpec& spec, const BundleOptions& options);
// The .lottie archive bytes.
std::string write_dotlottie(const spec::IconSpec& spec, const BundleOptions& options);

}  // namespace iconsynth::render::lottie
