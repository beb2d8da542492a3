#pragma once
// What `check` tells people: a JSON summary, and an HTML report with the structural differences
// and, for each animation, its worst frames side by side (asset | ours | difference).
//   OUT/index.html, OUT/summary.json, OUT/img/<animation>/<frame>-{asset,ours,diff}.png

#include "render/check/asset_check.h"
#include "render/compare/report_files.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace iconsynth::render::check {

nlohmann::json summary_json(const CheckResult& result);

// One line of a score chart: a name and a score per frame.
struct ScoreSeries {
  std::string name;
  std::vector<double> scores;
};
// An inline SVG chart of per-frame scores with the limit (score 1) dashed, after a one-line legend.
std::string score_chart(const std::vector<ScoreSeries>& series);

std::vector<OutputFile> write_check_report(const CheckResult& result, const std::filesystem::path& out);

}  // namespace iconsynth::render::check
