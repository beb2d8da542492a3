#pragma once
// A stand-in lottie-web package for tests that write preview pages but run no JavaScript.

#include "cli_support.h"

#include <filesystem>
#include <fstream>
#include <string>

namespace iconsynth::test {

inline std::filesystem::path fake_lottie_web(const std::filesystem::path& root, const std::string& package_json =
                                                 R"({"name": "lottie-web", "version": "9.9.9"})") {
  const std::filesystem::path folder = root / "lottie-web";
  std::filesystem::create_directories(folder / "build/player");
  std::ofstream(folder / "package.json") << package_json;
  std::ofstream(folder / "build/player/lottie_light_canvas.min.js") << "/* stand-in player */\n";
  std::ofstream(folder / "LICENSE.md") << "MIT\n";
  return folder;
}

}  // namespace iconsynth::test
