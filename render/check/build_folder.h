#pragma once
// `check BUILD_DIR`: a folder `iconsynth build` wrote, read through its manifest.json
// (render/build/manifest.h). Every file it lists must be on disk with the bytes and sha256 it
// lists; its bundles and Lottie files are then what check compares with the spec.

#include "render/build/manifest.h"

#include <filesystem>
#include <string>
#include <vector>

namespace iconsynth::render::check {

// Whether `dir` is a build folder: a folder holding manifest.json.
bool is_build_folder(const std::filesystem::path& dir);

struct BuildFileProblem {
  std::string path;  // as the manifest lists it
  std::string what;  // "missing", "12 bytes, the manifest says 40", "sha256 abc…, the manifest says def…"
};

// Every file `manifest` lists under `dir`, read and compared; the problems in manifest order.
std::vector<BuildFileProblem> verify_build_files(const std::filesystem::path& dir, const build::Manifest& manifest);

// The files check plays and compares with the spec: the bundles, then the Lottie files.
std::vector<const build::ManifestFile*> playable_files(const build::Manifest& manifest);

}  // namespace iconsynth::render::check
