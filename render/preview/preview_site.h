#pragma once
// The preview page written into a folder, once or on every change of the spec file (`iconsynth
// preview`, --watch, --serve): the page's files from preview_page.h, a copy of lottie-web's
// player, and status.js, which tells an open page about later builds.

#include "render/preview/preview_page.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace iconsynth::render {

// The lottie-web files a page copies beside itself (MIT asks for the licence to go along).
struct LottieWebPackage {
  std::filesystem::path folder;   // the package root (holds package.json)
  std::filesystem::path player;   // build/player/lottie_light_canvas.min.js
  std::filesystem::path license;  // LICENSE.md
  std::string version;
};

struct PreviewSiteOptions {
  std::filesystem::path spec_file;     // empty: the built-in spec
  std::vector<std::string> overrides;  // --set, applied in order
  std::filesystem::path out = "preview";
  int size = 160;
  std::string theme;                    // the spec's default when empty
  std::optional<double> weight;         // the Cairo frames' weight; the spec's default when empty
  std::string generator = "iconsynth";  // names the writer in the page
  std::chrono::milliseconds poll{200};  // how often a watch checks for a stop request
};

// How an open page learns of a new build: never (a page opened from disk), by polling status.js
// (--watch, from disk), or from the server's event stream (--serve).
enum class PreviewMode { Static, Watch, Serve };

struct PreviewBuild {
  std::string build;   // the build id
  PreviewWork work;    // frames drawn, of the page's total
};

// Builds the page from the spec and writes it into o.out; files whose bytes did not change are left
// untouched, data.js and then status.js go last. Flipbooks `cache` holds from the previous build are
// reused. Throws (SpecError, IoError…) before writing anything when the spec is bad.
PreviewBuild write_preview(const PreviewSiteOptions& o, const LottieWebPackage& lottie_web, PreviewMode mode,
                           PreviewCache* cache = nullptr);

// The same for a spec already loaded (the editor's base); o.spec_file and o.overrides are not read.
PreviewBuild write_preview(const spec::IconSpec& spec, const PreviewSiteOptions& o, const LottieWebPackage& lottie_web, PreviewMode mode,
                           PreviewCache* cache = nullptr);

// The page options `o` asks for (size, weight, theme checked against the spec's, generator).
PreviewPageOptions page_options(const spec::IconSpec& spec, const PreviewSiteOptions& o, const LottieWebPackage& lottie_web);

// Writes the page, then rebuilds it whenever the spec file is saved (inotify), until `keep_going`
// returns false (checked every o.poll). A rebuild draws only the flipbooks the edit changed. A bad
// spec leaves the last good page in place and puts the error in status.js. After each build or
// error, one line goes to `log` and `on_update` gets the update as JSON: {"build", "error", "ms",
// "framesRendered", "framesTotal"}. std::invalid_argument, before anything, without a spec file.
void watch_preview(const PreviewSiteOptions& o, const LottieWebPackage& lottie_web, PreviewMode mode,
                   const std::function<bool()>& keep_going, std::FILE* log,
                   const std::function<void(const std::string&)>& on_update = {});

}  // namespace iconsynth::render
