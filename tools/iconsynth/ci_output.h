#pragma once
// --junit FILE and --github for the commands that check something (golden check, check): their
// results where CI systems look for them. Under GitHub Actions (GITHUB_ACTIONS=true, or --github)
// failures become "::error" annotations and the summary is appended to $GITHUB_STEP_SUMMARY.

#include "render/ci/test_suite.h"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <string>

namespace iconsynth::cli {

struct CiOutputOptions {
  std::string junit;    // "" = no JUnit file
  bool github = false;  // --github; GITHUB_ACTIONS=true does the same

  void add_to(CLI::App& command);
  // Refuses a --junit file not named .xml (output_format.h), before anything is checked or written.
  void check_names() const;
  // Writes the JUnit file (atomically); under GitHub Actions prints the annotations on
  // `annotations` and appends the Markdown summary to $GITHUB_STEP_SUMMARY when it is set.
  // IoError when a file cannot be written.
  void emit(const render::ci::TestSuite& suite, std::FILE* annotations) const;
};

}  // namespace iconsynth::cli
