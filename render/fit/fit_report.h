#pragma once
// What `fit` tells people: a text table (stdout), the same as JSON, and an HTML report.
//   OUT/index.html   the verdict, every parameter (value, base, the range over which check still
//                    passes), per animation its score chart, where the residual sits, and its
//                    worst frame side by side (target | ours | difference)
//   OUT/fit.json     the JSON summary
//   OUT/img/<animation>-{target,ours,diff}.png

#include "render/compare/report_files.h"
#include "render/fit/fit.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace iconsynth::render::fit {

// The text report: one line a parameter that moved or was fitted, then the verdicts.
std::string fit_text(const FitResult& result, const std::string& target_name);

nlohmann::json fit_json(const FitResult& result, const std::string& target_name);

std::vector<OutputFile> write_fit_report(const FitResult& result, const std::string& target_name, const std::filesystem::path& out);

// A parameter's value as the spec writes it: "24.000 frames", "#E5484D", "ease-in-out".
std::string value_text(const FittedParam& param);

}  // namespace iconsynth::render::fit
