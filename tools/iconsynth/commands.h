#pragma once
// Each command registers itself on the app; its callback throws on failure and main() maps the
// exception to an exit code (2 for bad input, 1 for a failed operation, 3 for an internal error).

#include "spec/icon_spec.h"

#include <CLI/CLI.hpp>

#include <exception>
#include <ostream>
#include <stdexcept>

namespace iconsynth::cli {

void add_render_command(CLI::App& app);
void add_info_command(CLI::App& app);
void add_build_command(CLI::App& app);
void add_export_command(CLI::App& app);
void add_golden_command(CLI::App& app);
void add_check_command(CLI::App& app);
void add_fit_command(CLI::App& app);
void add_plot_command(CLI::App& app);
void add_spec_command(CLI::App& app);
void add_sheet_command(CLI::App& app);
void add_preview_command(CLI::App& app);
// `completion bash`: a completion script for every command of `app`, as they are when it runs.
void add_completion_command(CLI::App& app);

// Prints every tunable value of `spec` (spec/tunable_paths.h), one a line in groups, or as JSON
// (`spec --paths`, `info --paths`).
void print_tunable_paths(const spec::IconSpec& spec, bool as_json, std::ostream& out);

// A check found differences: exit code 1, after the command has printed what differs.
struct CheckFailed : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The exit code for a command's failure, after saying what failed on `err`: 2 for bad input
// (spec errors, std::invalid_argument), 3 for a bug (any other std::logic_error), 1 for a failed
// operation or check.
int report_failure(std::exception_ptr failure, std::ostream& err);

// Runs the CLI on argv and returns the process exit code.
int run(int argc, char** argv);

}  // namespace iconsynth::cli
