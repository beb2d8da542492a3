#pragma once
// The report people look at after a golden check:
//   OUT/index.html    verdict, the spec values that differ from the set's, failures by kind, and
//                     one section per group of variants that changed alike (change_groups.h): its
//                     failures, the spec values that can move it, its variants, the worst frame's
//                     expected | actual | difference (4× enlarged), its key frames in a strip with
//                     the changed ones marked, the first structural changes
//   OUT/report.js     the views, built over that page from the data it carries: a changed frame side
//                     by side, with a slider between expected and actual, strobing, or as the
//                     difference, zoomed by whole pixels; and the motion itself, expected and actual
//                     playing in step (play/pause, scrub, 1× / 0.25×), the differing frames marked
//   OUT/report.css
//   OUT/summary.json  the same facts for machines
//   OUT/img/…         the images: per group, key-frame strips of what the set accepted, what renders
//                     now and their difference (the views cut cells from them), and the worst frame
// Self-contained: opened from disk, it needs nothing else. The served review (render/review) shows
// the same page: every group carries its variants (`data-variants` on the section, `data-variant`
// on each list item) and an empty `.actions` element where a server's page puts Accept and Undo
// accept, as the bundle's section does for the bundle; window.iconsynthGolden is the script's
// handle on its views.

#include "render/golden/golden_check.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace iconsynth::render::golden {

struct ReportOptions {
  // For the commands the page offers, each as a POSIX shell reads it:
  std::string set_dir;    // the set's folder as the user named it ("tests/golden")
  std::string spec_args;  // the spec as the check read it, as options ("--set motions.light.lead=7")
  // Files the page loads after its own, each a stylesheet (.css) or a script (.js): the served
  // review's. None for the report written to disk.
  std::vector<std::string> extras;
};

// The report's files under `out`.
std::vector<OutputFile> write_report(const CheckReport& report, const std::filesystem::path& out, const ReportOptions& options);

// The summary document (also written as summary.json).
nlohmann::json summary_json(const CheckReport& report);

}  // namespace iconsynth::render::golden
