#pragma once
// The report people look at after a golden check:
//   OUT/index.html    verdict; one row per group of variants that changed alike (change_groups.h):
//                     what changed, which variants, the worst frame's expected | actual | diff (4×
//                     enlarged, differences in red/blue), a strip of all its key frames with the
//                     changed ones marked, the Lottie changes folded; the bundle's changes
//   OUT/summary.json  the same facts for machines
//   OUT/img/…         the images the page shows
// Self-contained: opened from disk, it needs nothing else.

#include "render/golden/golden_check.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <vector>

namespace iconsynth::render::golden {

// The report's files under `out`.
std::vector<OutputFile> write_report(const CheckReport& report, const std::filesystem::path& out);

// The summary document (also written as summary.json).
nlohmann::json summary_json(const CheckReport& report);

}  // namespace iconsynth::render::golden
