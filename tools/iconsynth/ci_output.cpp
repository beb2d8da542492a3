#include "tools/iconsynth/ci_output.h"

#include "tools/iconsynth/atomic_file.h"

#include "render/build/output_format.h"
#include "render/ci/github.h"
#include "render/ci/junit.h"

#include <cstdlib>
#include <fstream>

namespace iconsynth::cli {

void CiOutputOptions::add_to(CLI::App& command) {
  command.add_option("--junit", junit, "Also write the results as JUnit XML to this file (one test case per variant or animation and player)");
  command.add_flag("--github", github,
                   "Print GitHub Actions annotations and append a summary to $GITHUB_STEP_SUMMARY (automatic when GITHUB_ACTIONS=true)");
}

void CiOutputOptions::check_names() const {
  if (!junit.empty()) render::build::format_for_file(junit, "", {"xml"}, "--junit");
}

void CiOutputOptions::emit(const render::ci::TestSuite& suite, std::FILE* annotations) const {
  if (!junit.empty()) write_file_atomically(junit, render::ci::junit_xml(suite));
  const char* actions = std::getenv("GITHUB_ACTIONS");
  if (!github && !(actions && std::string(actions) == "true")) return;
  std::fputs(render::ci::github_annotations(suite).c_str(), annotations);
  std::fflush(annotations);
  const char* summary = std::getenv("GITHUB_STEP_SUMMARY");
  if (!summary || !*summary) return;
  std::ofstream out(summary, std::ios::binary | std::ios::app);
  out << render::ci::markdown_summary(suite);
  if (!out.flush()) throw IoError(std::string("cannot append the job summary to ") + summary + " ($GITHUB_STEP_SUMMARY)");
}

}  // namespace iconsynth::cli
