#pragma once
// `check BUILD_DIR`: every file a build's manifest.json lists verified (bytes and sha256), then
// each of its bundles and Lottie files compared with the spec as `check FILE` compares one.

#include "render/check/asset_check.h"
#include "spec/icon_spec.h"

#include <filesystem>

namespace iconsynth::cli {

// Prints a line per file checked and a verdict. std::invalid_argument when the manifest is
// malformed; CheckFailed when a file is missing, altered or differs from the synthesis.
void check_build_folder(const spec::IconSpec& spec, const std::filesystem::path& dir, const render::check::CheckOptions& options,
                        const render::lottie::AssetLimits& limits);

}  // namespace iconsynth::cli
