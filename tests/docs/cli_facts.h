#pragma once
// What the docs may name, from the sources of truth: the commands and options `--help` lists, and
// the fields of a spec (`spec --paths` for the tunable values, `spec --print` for every field).

#include <map>
#include <set>
#include <string>

namespace iconsynth::test {

struct Captured {
  int exit_code;
  std::string out;
};

// Runs a shell command line and captures its stdout (stderr goes where the test's goes). It writes
// no file, so tests running side by side cannot read each other's output.
Captured capture(const std::string& command);

struct CliFacts {
  // Each command path ("" for the top, "render", "golden check") and its options ("--size", "-o").
  std::map<std::string, std::set<std::string>> options;
  std::set<std::string> all_options;  // every command's

  bool is_command(const std::string& path) const { return options.count(path) > 0; }
};

// Reads every command's --help, from the top down.
const CliFacts& cli_facts();

// The help text of a command path ("golden check"), as `iconsynth golden check --help` prints it.
std::string help_of(const std::string& command);

struct SpecFacts {
  std::set<std::string> tunable;    // `spec --paths` of each spec read
  std::set<std::string> fields;     // every key path of each spec's effective document, "layout.module"
  std::set<std::string> top_level;  // the document's top-level keys: "layout", "motions", …

  // A dotted path a doc may name: a field, a tunable value, or what leads to one.
  bool names_a_field(const std::string& path) const;
};

// The built-in spec's and every spec/examples file's paths together.
const SpecFacts& spec_facts();

// The built-in spec's `spec --paths --json` document.
std::string builtin_paths_json();

}  // namespace iconsynth::test
