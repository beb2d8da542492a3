#include "tools/iconsynth/lottie_web_package.h"

#include "tools/iconsynth/atomic_file.h"

#include <nlohmann/json.hpp>

#include <cstdlib>

namespace iconsynth::cli {

namespace fs = std::filesystem;

namespace {

// A package.json larger than this is not lottie-web's (it is about 2 KB).
constexpr std::size_t kMaxPackageJsonBytes = 1 << 20;

std::string env(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

[[noreturn]] void unusable(const fs::path& folder, const std::string& problem) {
  throw IoError("lottie-web at " + folder.string() + ": " + problem +
                "; run tools/lottie-web.sh to install the pinned version, or pass --lottie-web FOLDER");
}

}  // namespace

fs::path default_lottie_web_folder() {
  fs::path cache;
  if (!env("ICONSYNTH_NPM_CACHE").empty()) {
    cache = env("ICONSYNTH_NPM_CACHE");
  } else {
    cache = !env("XDG_CACHE_HOME").empty() ? fs::path(env("XDG_CACHE_HOME")) : fs::path(env("HOME")) / ".cache";
    cache /= "iconsynth/npm";
  }
  return cache / "lottie-web/node_modules/lottie-web";
}

LottieWebPackage find_lottie_web(const std::string& folder) {
  LottieWebPackage package;
  package.folder = !folder.empty()                        ? fs::path(folder)
                   : !env("ICONSYNTH_LOTTIE_WEB").empty() ? fs::path(env("ICONSYNTH_LOTTIE_WEB"))
                                                          : default_lottie_web_folder();
  std::error_code ec;
  if (fs::file_size(package.folder / "package.json", ec) > kMaxPackageJsonBytes && !ec) {
    unusable(package.folder, "package.json is implausibly large");
  }
  const std::optional<std::string> text = read_whole_file(package.folder / "package.json");
  if (!text) unusable(package.folder, "no readable package.json");
  const nlohmann::json manifest = nlohmann::json::parse(*text, nullptr, /*allow_exceptions=*/false);
  if (!manifest.is_object() || manifest.value("name", nlohmann::json()) != "lottie-web") {
    unusable(package.folder, "package.json does not name the package \"lottie-web\"");
  }
  const nlohmann::json version = manifest.value("version", nlohmann::json());
  if (!version.is_string()) unusable(package.folder, "package.json has no version");
  package.version = version.get<std::string>();
  package.player = package.folder / "build/player/lottie_light_canvas.min.js";
  package.license = package.folder / "LICENSE.md";
  for (const fs::path& file : {package.player, package.license}) {
    if (!fs::is_regular_file(file, ec)) unusable(package.folder, fs::relative(file, package.folder, ec).string() + " is missing");
  }
  return package;
}

}  // namespace iconsynth::cli
