#pragma once
// GitHub Actions' own channels for a suite: workflow-command annotations on the log
// ("::error title=…::message", shown on the run and the pull request) and a Markdown job summary
// (appended to the file $GITHUB_STEP_SUMMARY names).

#include "render/ci/test_suite.h"

#include <cstddef>
#include <string>

namespace iconsynth::render::ci {

// GitHub shows at most ten error annotations a step.
constexpr std::size_t kMaxAnnotations = 10;

// One "::error" line per failed or errored case, at most `limit` lines: past it, the last line
// counts the rest. Empty when the suite passed.
std::string github_annotations(const TestSuite& suite, std::size_t limit = kMaxAnnotations);

// The suite as Markdown: verdict, counts, a table of what failed (at most `max_rows` rows, then a
// count), notes, then each section as a titled list. Ends with a blank line, so summaries appended one after another stay apart.
std::string markdown_summary(const TestSuite& suite, std::size_t max_rows = 50);

}  // namespace iconsynth::render::ci
