#pragma once
// `iconsynth preview`: writes the preview page into a folder, once or on every change of the spec
// file (--watch). Split from the command so tests can drive the watch loop in-process.

#include "tools/iconsynth/cli_options.h"
#include "tools/iconsynth/npm_package.h"

#include <chrono>
#include <cstdio>
#include <functional>
#include <string>

namespace iconsynth::cli {

struct PreviewOptions {
  SpecOptions spec;
  std::string out = "preview";
  int size = 160;
  std::string theme;  // the spec's default when empty
  std::optional<double> weight;  // the Cairo frames' weight; the spec's default when empty
  std::string lottie_web;        // package folder; see find_lottie_web
  std::chrono::milliseconds poll{200};
};

// Builds the page from the spec and writes it into o.out; files whose bytes did not change are left
// untouched, data.js and then status.js go last. Returns the build id. Throws (SpecError, IoError…)
// before writing anything when the spec is bad.
std::string write_preview(const PreviewOptions& o, const LottieWebPackage& lottie_web, bool watching);

// Writes the page, then rebuilds it whenever the spec file's bytes change, until `keep_going`
// returns false. A bad spec leaves the last good page in place and puts the error in status.js
// (the page shows it) and on `log`. One line per rebuild or error goes to `log`.
void watch_preview(const PreviewOptions& o, const LottieWebPackage& lottie_web, const std::function<bool()>& keep_going,
                   std::FILE* log);

}  // namespace iconsynth::cli
