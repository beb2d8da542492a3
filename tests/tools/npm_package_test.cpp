#include "preview_support.h"
#include "tools/iconsynth/atomic_file.h"
#include "tools/iconsynth/npm_package.h"

#include <catch2/catch.hpp>

namespace fs = std::filesystem;
using iconsynth::cli::find_lottie_web;
using iconsynth::cli::IoError;

TEST_CASE("find_lottie_web accepts the package and reads its version", "[tools][preview]") {
  const fs::path folder = iconsynth::test::fake_lottie_web(iconsynth::test::scratch_dir("lottie-web-ok"));
  const auto package = find_lottie_web(folder.string());
  CHECK(package.version == "9.9.9");
  CHECK(package.player == folder / "build/player/lottie_light_canvas.min.js");
  CHECK(package.license == folder / "LICENSE.md");
}

TEST_CASE("find_lottie_web names the folder, the problem and the fix", "[tools][preview]") {
  const fs::path dir = iconsynth::test::scratch_dir("lottie-web-bad");
  CHECK_THROWS_WITH(find_lottie_web((dir / "nowhere").string()),
                    Catch::Contains("nowhere: no readable package.json") && Catch::Contains("tools/lottie-web.sh"));

  const fs::path other = iconsynth::test::fake_lottie_web(dir / "other", R"({"name": "left-pad", "version": "1.0.0"})");
  CHECK_THROWS_WITH(find_lottie_web(other.string()), Catch::Contains("does not name the package \"lottie-web\""));

  const fs::path broken = iconsynth::test::fake_lottie_web(dir / "broken", "{not json");
  CHECK_THROWS_AS(find_lottie_web(broken.string()), IoError);

  const fs::path huge = iconsynth::test::fake_lottie_web(dir / "huge");
  fs::resize_file(huge / "package.json", 2u << 20);  // read no further than its size
  CHECK_THROWS_WITH(find_lottie_web(huge.string()), Catch::Contains("package.json is implausibly large"));

  const fs::path no_player = iconsynth::test::fake_lottie_web(dir / "no-player");
  fs::remove(no_player / "build/player/lottie_light_canvas.min.js");
  CHECK_THROWS_WITH(find_lottie_web(no_player.string()),
                    Catch::Contains("build/player/lottie_light_canvas.min.js is missing"));
}

TEST_CASE("The default lottie-web folder is where tools/lottie-web.sh installs", "[tools][preview]") {
  // The script's cache rule, spelled out: $ICONSYNTH_NPM_CACHE/lottie-web/node_modules/lottie-web.
  ::setenv("ICONSYNTH_NPM_CACHE", "/cache/npm", 1);
  CHECK(iconsynth::cli::default_lottie_web_folder() == "/cache/npm/lottie-web/node_modules/lottie-web");
  ::unsetenv("ICONSYNTH_NPM_CACHE");
  ::setenv("XDG_CACHE_HOME", "/xdg", 1);
  CHECK(iconsynth::cli::default_lottie_web_folder() == "/xdg/iconsynth/npm/lottie-web/node_modules/lottie-web");
  ::unsetenv("XDG_CACHE_HOME");
}
