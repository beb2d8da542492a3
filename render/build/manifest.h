#pragma once
// A build's manifest: what `iconsynth build` wrote into its folder, file by file, so golden sets,
// `check` and people can find any output without knowing the folder's layout.
//
//   DIR/manifest.json
//   {"manifest": 1, "generator": "iconsynth 0.1.0",
//    "spec": {"id": "gpu-cluster", "sha256": "…"},            // sha256 of the effective spec document
//    "build": {"size": 64, "theme": "dark", "color": "#E5484D"},  // color only when one was asked for
//    "files": [                                              // every file but manifest.json, in plan order
//      {"path": "filmstrips/outline-light-w2.png", "kind": "filmstrip", "format": "png",
//       "variant": {"style": "outline", "motion": "light", "theme": "dark", "weight": 2, "color": "#FFFFFF"},
//       "size": 64, "pixel_grid": 64, "frames": 60, "bytes": 48213, "sha256": "…"},
//      {"path": "gpu-cluster.lottie", "kind": "bundle", "format": "dotlottie", "size": 24, "frames": 0, …}, …]}
// "variant" is present for files of one variant; "style", "motion" … only as far as the file fixes
// them (a rest-pose SVG has no motion). "size" is the px the file is drawn at (its canvas for a
// player), "frames" its frame count (1 for a still, 0 for a file of several animations).
// "pixel_grid" is the size in px a file is drawn for: its geometry fitted to that many pixels
// (render/cairo/sized_scene.h), crisp there and only there; absent, the file holds the exact
// geometry, the same at any size (the Lottie files and the bundle, which players scale).
//
// Readers (golden sets, check, scripts) take read_manifest(dir), then find() or of_kind(): a
// build's bundle is of_kind("bundle").front()->path, its Lottie files of_kind("lottie").

#include <nlohmann/json.hpp>

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace iconsynth::render::build {

inline constexpr const char* kManifestName = "manifest.json";

struct ManifestVariant {
  std::optional<std::string> style, motion, theme;
  std::optional<double> weight;
  std::optional<std::string> color;  // #RRGGBB or #RRGGBBAA
};

struct ManifestFile {
  std::string path;    // relative to the folder, '/' between parts
  std::string kind;    // the row of the build's output kinds that made it: "filmstrip", "lottie", …
  std::string format;  // output_format.h's name: "png", "lottie", …
  std::optional<ManifestVariant> variant;
  int size = 0;
  int frames = 0;
  std::size_t bytes = 0;
  std::string sha256;
  int pixel_grid = 0;  // 0: the exact geometry
};

struct Manifest {
  std::string generator;
  std::string spec_id;
  std::string spec_sha256;
  int size = 0;
  std::string theme;
  std::optional<std::string> color;
  std::vector<ManifestFile> files;

  // The file at `path`, if the manifest lists it.
  const ManifestFile* find(const std::string& path) const;
  // Every file of one kind ("lottie", "bundle", …), in the manifest's order.
  std::vector<const ManifestFile*> of_kind(std::string_view kind) const;
};

nlohmann::ordered_json to_json(const Manifest& manifest);
// std::invalid_argument naming the field (as a JSON pointer) when `document` is not a manifest.
Manifest manifest_from_json(const nlohmann::ordered_json& document);
// DIR/manifest.json read and checked; std::invalid_argument naming the file when it is missing,
// unreadable or malformed, or lists a path that leaves the folder.
Manifest read_manifest(const std::filesystem::path& dir);

}  // namespace iconsynth::render::build
