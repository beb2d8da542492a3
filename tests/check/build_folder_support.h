#pragma once
// A build folder for `check BUILD_DIR`'s tests, and the damage they do to it: a Lottie file's
// colour edited in place (same size, other bytes), a PNG cut short, the index removed.
#include "../tools/cli_support.h"

#include "render/build/manifest.h"

#include <catch2/catch.hpp>

#include <fstream>

namespace iconsynth::test {

// `build --size 16` into dir/out; its folder.
inline std::filesystem::path built_folder(const std::filesystem::path& dir) {
  const std::filesystem::path out = dir / "out";
  REQUIRE(run_cli("build --size 16 -o " + out.string(), dir).exit_code == 0);
  return out;
}

struct Damage {
  std::filesystem::path edited, cut, removed;
};

inline Damage damage(const std::filesystem::path& out, const render::build::Manifest& manifest) {
  Damage d{out / manifest.of_kind("lottie").front()->path, out / manifest.of_kind("png").front()->path, out / "index.html"};
  std::string text = read_file(d.edited);
  const std::size_t at = text.find("\"k\":[1,1,1");
  REQUIRE(at != std::string::npos);
  text.replace(at, 10, "\"k\":[0,1,1");
  std::ofstream(d.edited, std::ios::binary) << text;
  std::filesystem::resize_file(d.cut, std::filesystem::file_size(d.cut) / 2);
  std::filesystem::remove(d.removed);
  return d;
}

}  // namespace iconsynth::test
