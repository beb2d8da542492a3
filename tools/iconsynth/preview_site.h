#pragma once
// `iconsynth preview`: writes the preview page into a folder, once or on every change of the spec
// file (--watch). Split from the command so tests can drive the watch loop in-process.

#include "tools/iconsynth/cli_options.h"
#include "tools/iconsynth/npm_package.h"

#include "render/preview/preview_page.h"

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
  std::chrono::milliseconds poll{200};  // how often a watch checks for a stop request
};

// How an open page learns of a new build: never (a page opened from disk), by polling status.js
// (--watch, from disk), or from the server's event stream (--serve).
enum class PreviewMode { Static, Watch, Serve };

struct PreviewBuild {
  std::string build;         // the build id
  render::PreviewWork work;  // frames drawn, of the page's total
};

// Builds the page from the spec and writes it into o.out; files whose bytes did not change are left
// untouched, data.js and then status.js go last. Flipbooks `cache` holds from the previous build are
// reused. Throws (SpecError, IoError…) before writing anything when the spec is bad.
PreviewBuild write_preview(const PreviewOptions& o, const LottieWebPackage& lottie_web, PreviewMode mode,
                           render::PreviewCache* cache = nullptr);

// Writes the page, then rebuilds it whenever the spec file is saved (inotify), until `keep_going`
// returns false (checked every o.poll). A rebuild draws only the flipbooks the edit changed. A bad
// spec leaves the last good page in place and puts the error in status.js. After each build or
// error, one line goes to `log` and `on_update` gets the update as JSON: {"build", "error", "ms",
// "framesRendered", "framesTotal"}.
void watch_preview(const PreviewOptions& o, const LottieWebPackage& lottie_web, PreviewMode mode,
                   const std::function<bool()>& keep_going, std::FILE* log,
                   const std::function<void(const std::string&)>& on_update = {});

}  // namespace iconsynth::cli
