#pragma once
// The plan of a build: every file `iconsynth build` writes, named, sized and held to its kind's
// limits before anything is drawn, so a build that cannot finish is refused before it starts.
//
// The kinds of output are rows of one table (output_kinds.cpp). A row names its files, says what
// they are and what limits them (for --help and the README), and plans its files: each gets its
// path, format (output_format.h), the variant it shows, its size and frame count, and a function
// that makes its bytes. Adding a kind of output is adding a row and its plan function.
//
// Outputs drawn for a known pixel grid (filmstrips, PNGs, static and animated SVGs, the web
// package's masters) take their scene from scene_at_size(): the one place where a scene fitted to
// that size's pixels goes in, and say so in the manifest (pixel_grid). Lottie JSON and the bundle,
// scaled by players to any size, keep the exact scene.

#include "render/build/manifest.h"
#include "render/scene/scene.h"
#include "spec/icon_spec.h"
#include "spec/variant_space.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace iconsynth::render::build {

// What a build is asked for.
struct BuildRequest {
  std::string theme;                    // the spec's default when empty
  std::optional<spec::Rgba> color;      // the theme's primary when empty
  int size = 64;                        // px of filmstrip frames, static and animated SVGs
  bool exact = false;                   // those in the exact geometry, not fitted to `size` px (hinting)
  std::string generator = "iconsynth";  // names the writer in the bundle and the manifest
};

// One file of the plan. `make` reads the spec the plan was made from, which must outlive it.
struct PlannedFile {
  std::string path;                        // inside the folder, '/' between parts
  std::string kind;                        // its row's name: "filmstrip"
  std::string format;                      // output_format.h's name: "png"
  std::optional<ManifestVariant> variant;  // what of a variant it fixes; none for the whole icon
  int size = 0;                            // px it is drawn at (for a player: its canvas)
  int frames = 0;                          // 1 for a still, 0 for a file of several animations
  std::function<std::string()> make;       // its bytes
  int pixel_grid = 0;                      // px its geometry is fitted to (0: exact, for any size)
};

struct BuildPlan {
  std::vector<PlannedFile> files;  // in the order they are made, reported and listed
  std::vector<std::string> notes;  // what --theme / --color leave alone, and why
};

// What a row's plan function sees: the spec, the request, and the look every output takes.
struct BuildContext {
  const spec::IconSpec& spec;
  BuildRequest request;
  spec::Variant look;  // the theme asked for (or the spec's) and its colour, resolved
  spec::VariantSpace space;

  // Every style × motion × preset weight in the look's theme and colour.
  std::vector<spec::Variant> variants() const;
  // Every style × preset weight at rest (the default motion's frame 0), in the look.
  std::vector<spec::Variant> rest_poses() const;
  std::vector<std::pair<std::string, int>> motion_frames;  // each motion's frame count, in the spec's order

  // A motion's frame count.
  int frame_count(const std::string& motion) const;
};

// A row of the table.
struct OutputKind {
  std::string_view name;    // "filmstrip": the manifest's kind
  std::string_view files;   // "filmstrips/<style>-<motion>-w<weight>.png"
  std::string_view about;   // what the files are
  std::string_view limits;  // what limits them, "" when nothing but the size range does
  void (*plan)(const BuildContext&, std::vector<PlannedFile>&);
  // The largest --size ≤ `size` at which plan passes the limits (nullptr: any size in range).
  int (*largest_size)(const BuildContext&, int size) = nullptr;
};

// The rows, in build order.
const std::vector<OutputKind>& output_kinds();

// Every file a build of `spec` writes. std::invalid_argument, before anything is made, naming
// the file and the largest size that works when a file would pass its kind's limits, or the
// option that names no theme of the spec.
BuildPlan plan_build(const spec::IconSpec& spec, const BuildRequest& request);

// The largest --size at which plan_build(spec, …) passes every kind's limits (at most kMaxSize).
int largest_size(const spec::IconSpec& spec);

// The context every row of a build of `spec` plans in; std::invalid_argument when the request
// names a theme the spec does not.
BuildContext build_context(const spec::IconSpec& spec, const BuildRequest& request);

// The scene of an output drawn for `size` px on a pixel grid: fitted to that size's pixels
// (render/cairo/sized_scene.h), or the exact scene when `exact`.
AnimatedScene scene_at_size(const spec::IconSpec& spec, const spec::Variant& variant, int size, bool exact);
// The manifest's pixel_grid of such an output: `size` where scene_at_size fits it, else 0.
int pixel_grid_at_size(const spec::IconSpec& spec, int size, bool exact);

// What a file of one variant fixes of it, for the manifest: style, theme, weight and colour, and
// the motion unless `with_motion` is false (a rest pose is every motion's frame 0).
ManifestVariant manifest_variant(const spec::Variant& variant, bool with_motion);

}  // namespace iconsynth::render::build
