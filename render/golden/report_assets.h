#pragma once
// The golden report's hand-written files (render/golden/report/), compiled in by CMake so the CLI
// needs no data folder at run time.

#include <span>
#include <string_view>

namespace iconsynth::render::golden {

struct ReportAsset {
  std::string_view name;  // path inside the report's folder
  std::string_view text;
};

// report.js and report.css.
std::span<const ReportAsset> report_assets();

}  // namespace iconsynth::render::golden
