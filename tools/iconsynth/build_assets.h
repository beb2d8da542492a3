#pragma once
// `iconsynth build`: regenerates the icon's asset set from the spec, one file at a time, each
// written atomically. Split from the command so the benchmark can time it.

#include "tools/iconsynth/cli_options.h"

#include <cstdio>
#include <string>

namespace iconsynth::cli {

struct BuildOptions {
  SpecOptions spec;
  std::string theme;  // the spec's default when empty
  std::string color;
  int size = 64;
  bool exact = false;  // frames, animated SVGs and rest poses in the exact geometry, not fitted to `size`
  std::string out = "out";
};

// Writes every asset under o.out; one progress line per file and a summary go to `progress`
// (nullptr: quiet). Throws on the first failure; files already written stay whole.
void run_build(const BuildOptions& o, std::FILE* progress);

}  // namespace iconsynth::cli
