#pragma once
// Finds the pinned npm packages iconsynth uses at run time: lottie-web (the preview page copies
// its player) and @lottiefiles/dotlottie-web (ThorVG for `check`). Each is pinned by a lock in
// tools/<cache name>/ and installed into a cache by tools/<cache name>.sh.

#include "render/lottie/isolated_player.h"
#include "render/preview/preview_site.h"

#include <filesystem>
#include <string>
#include <vector>

namespace iconsynth::cli {

// One pinned package: what it is called, where its installer puts it, how to point elsewhere.
struct NpmPackageKind {
  const char* name;        // "lottie-web", "@lottiefiles/dotlottie-web"
  const char* cache_name;  // the cache folder and the installer: tools/<cache_name>.sh
  const char* env;         // environment variable naming another copy
  const char* option;      // command-line option naming another copy
};
inline constexpr NpmPackageKind kLottieWeb{"lottie-web", "lottie-web", "ICONSYNTH_LOTTIE_WEB", "--lottie-web"};
inline constexpr NpmPackageKind kDotlottieWeb{"@lottiefiles/dotlottie-web", "dotlottie-web", "ICONSYNTH_DOTLOTTIE_WEB",
                                              "--dotlottie-web"};

struct NpmPackage {
  std::filesystem::path folder;  // the package root (holds package.json)
  std::string version;
};

// The folder the installer puts `kind` in: $ICONSYNTH_NPM_CACHE, else $XDG_CACHE_HOME or ~/.cache,
// then iconsynth/npm/<cache name>/node_modules/<name>.
std::filesystem::path default_package_folder(const NpmPackageKind& kind);

// `folder` if given, else the kind's environment variable, else default_package_folder(), checked
// to hold `kind`'s package.json and each of `files`. IoError naming the folder, the problem and
// how to install the package when it is not usable.
NpmPackage find_npm_package(const NpmPackageKind& kind, const std::string& folder,
                            const std::vector<std::filesystem::path>& files = {});

using render::LottieWebPackage;

std::filesystem::path default_lottie_web_folder();
// find_npm_package for lottie-web, with its player and licence.
LottieWebPackage find_lottie_web(const std::string& folder);

// ThorVG for `check`: Node ($ICONSYNTH_NODE, else `node` on the PATH) and the dotlottie-web
// package (`folder`, as for find_npm_package). IoError saying what is missing and how to get it.
render::lottie::ThorvgRuntime find_thorvg(const std::string& folder);

}  // namespace iconsynth::cli
