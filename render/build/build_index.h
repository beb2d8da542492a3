#pragma once
// index.html of a build folder: the files of the build by kind, each with a preview where a
// browser can show one (static and animated SVGs, PNGs, filmstrips), on the theme's backdrop.

#include "render/build/build_plan.h"

#include <string>
#include <vector>

namespace iconsynth::render::build {

inline constexpr const char* kIndexName = "index.html";

// The page listing `files` (relative links), grouped by their kind in the table's order.
std::string index_html(const spec::IconSpec& spec, const std::vector<PlannedFile>& files, spec::Rgba backdrop);

}  // namespace iconsynth::render::build
