#include "tools/iconsynth/npm_package.h"

#include "tools/iconsynth/atomic_file.h"

#include <nlohmann/json.hpp>

#include <cstdlib>

#include <unistd.h>

namespace iconsynth::cli {

namespace fs = std::filesystem;

namespace {

// A package.json larger than this is not one of ours (they are a few KB).
constexpr std::size_t kMaxPackageJsonBytes = 1 << 20;

std::string env(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

[[noreturn]] void unusable(const NpmPackageKind& kind, const fs::path& folder, const std::string& problem) {
  throw IoError(std::string(kind.name) + " at " + folder.string() + ": " + problem + "; run tools/" + kind.cache_name +
                ".sh to install the pinned version, or pass " + kind.option + " FOLDER");
}

}  // namespace

fs::path default_package_folder(const NpmPackageKind& kind) {
  fs::path cache;
  if (!env("ICONSYNTH_NPM_CACHE").empty()) {
    cache = env("ICONSYNTH_NPM_CACHE");
  } else {
    cache = !env("XDG_CACHE_HOME").empty() ? fs::path(env("XDG_CACHE_HOME")) : fs::path(env("HOME")) / ".cache";
    cache /= "iconsynth/npm";
  }
  return cache / kind.cache_name / "node_modules" / kind.name;
}

NpmPackage find_npm_package(const NpmPackageKind& kind, const std::string& folder, const std::vector<fs::path>& files) {
  NpmPackage package;
  package.folder = !folder.empty()          ? fs::path(folder)
                   : !env(kind.env).empty() ? fs::path(env(kind.env))
                                            : default_package_folder(kind);
  std::error_code ec;
  if (fs::file_size(package.folder / "package.json", ec) > kMaxPackageJsonBytes && !ec) {
    unusable(kind, package.folder, "package.json is implausibly large");
  }
  const std::optional<std::string> text = read_whole_file(package.folder / "package.json");
  if (!text) unusable(kind, package.folder, "no readable package.json");
  const nlohmann::json manifest = nlohmann::json::parse(*text, nullptr, /*allow_exceptions=*/false);
  if (!manifest.is_object() || manifest.value("name", nlohmann::json()) != kind.name) {
    unusable(kind, package.folder, std::string("package.json does not name the package \"") + kind.name + "\"");
  }
  const nlohmann::json version = manifest.value("version", nlohmann::json());
  if (!version.is_string()) unusable(kind, package.folder, "package.json has no version");
  package.version = version.get<std::string>();
  for (const fs::path& file : files) {
    if (!fs::is_regular_file(package.folder / file, ec)) unusable(kind, package.folder, file.string() + " is missing");
  }
  return package;
}

fs::path default_lottie_web_folder() { return default_package_folder(kLottieWeb); }

LottieWebPackage find_lottie_web(const std::string& folder) {
  const fs::path player = "build/player/lottie_light_canvas.min.js", license = "LICENSE.md";
  const NpmPackage package = find_npm_package(kLottieWeb, folder, {player, license});
  return {package.folder, package.folder / player, package.folder / license, package.version};
}

render::lottie::ThorvgRuntime find_thorvg(const std::string& folder) {
  const NpmPackage package = find_npm_package(kDotlottieWeb, folder);
  if (const std::string given = env("ICONSYNTH_NODE"); !given.empty()) {
    if (::access(given.c_str(), X_OK) != 0) throw IoError("Node.js is not at $ICONSYNTH_NODE=" + given);
    return {given, package.folder, package.version};
  }
  const std::string dirs = env("PATH");
  for (std::size_t start = 0; start <= dirs.size();) {
    const std::size_t colon = std::min(dirs.find(':', start), dirs.size());
    const fs::path candidate = fs::path(dirs.substr(start, colon - start)) / "node";
    if (colon > start && ::access(candidate.c_str(), X_OK) == 0) return {candidate, package.folder, package.version};
    start = colon + 1;
  }
  throw IoError("Node.js is not installed (apt-get install nodejs, or set ICONSYNTH_NODE)");
}

}  // namespace iconsynth::cli
