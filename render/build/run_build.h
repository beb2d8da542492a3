#pragma once
// A whole build: plan every file (refused before anything is drawn if any would fail its
// limits), make them on two threads into a staging folder beside the output folder, list them in
// manifest.json, and swap the staging folder in (staging.h). The output folder then holds exactly
// what this build made; a build that fails leaves the previous one as it was.

#include "render/build/build_plan.h"

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace iconsynth::render::build {

struct BuildSettings {
  bool force = false;              // replace a folder that holds what no build of this spec wrote
  std::filesystem::path spec_file; // never inside the output folder, even with force
};

// One file made and written, reported in plan order.
struct FileDone {
  std::size_t index, total;  // 0-based position in the plan, and the plan's size
  const PlannedFile& file;
  std::size_t bytes;
  double ms;                 // to make and write it
};

struct BuildResult {
  Manifest manifest;
  std::size_t bytes = 0;           // all files, the manifest included
  double seconds = 0;
  std::vector<std::string> notes;  // the plan's notes, and anything left behind by the swap
};

// Builds `spec` into `out`. std::invalid_argument (before anything is written) when the plan or
// the folder is refused; IoError when a file cannot be written; the previous build stays whole.
BuildResult run_build(const spec::IconSpec& spec, const BuildRequest& request, const std::filesystem::path& out,
                      const BuildSettings& settings, const std::function<void(const FileDone&)>& progress = {});

// sha256 of the effective spec document, as golden sets record it.
std::string spec_sha256(const spec::IconSpec& spec);

}  // namespace iconsynth::render::build
