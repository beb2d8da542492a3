#pragma once
// What `check` tells people: a JSON summary, and an HTML report with the structural differences
// and, for each animation, its worst frames side by side (asset | ours | difference).
//   OUT/index.html, OUT/summary.json, OUT/img/<animation>/<frame>-{asset,ours,diff}.png

#include "render/check/asset_check.h"
#include "render/compare/report_files.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <vector>

namespace iconsynth::render::check {

nlohmann::json summary_json(const CheckResult& result);

std::vector<OutputFile> write_check_report(const CheckResult& result, const std::filesystem::path& out);

}  // namespace iconsynth::render::check
