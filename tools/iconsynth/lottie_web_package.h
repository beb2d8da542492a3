#pragma once
// Finds the lottie-web npm package the preview page copies its player from. The project pins one
// version (tools/lottie-web/package-lock.json); tools/lottie-web.sh installs it into a cache.

#include <filesystem>
#include <string>

namespace iconsynth::cli {

struct LottieWebPackage {
  std::filesystem::path folder;   // the package root (holds package.json)
  std::filesystem::path player;   // build/player/lottie_light_canvas.min.js
  std::filesystem::path license;  // LICENSE.md, copied beside the player (MIT asks for it)
  std::string version;
};

// The folder tools/lottie-web.sh installs into: $ICONSYNTH_NPM_CACHE, else $XDG_CACHE_HOME or
// ~/.cache, then iconsynth/npm/lottie-web/node_modules/lottie-web.
std::filesystem::path default_lottie_web_folder();

// `folder` if given, else $ICONSYNTH_LOTTIE_WEB, else default_lottie_web_folder(). IoError naming
// the folder, the missing file and how to install it when the package is not usable.
LottieWebPackage find_lottie_web(const std::string& folder);

}  // namespace iconsynth::cli
