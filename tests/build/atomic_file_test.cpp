#include "../tools/cli_support.h"
#include "render/build/atomic_file.h"

#include <catch2/catch.hpp>

namespace fs = std::filesystem;
using iconsynth::render::build::IoError;
using iconsynth::render::build::write_file_atomically;

TEST_CASE("Atomic writes create folders, replace whole files and leave nothing else", "[build][atomic]") {
  const fs::path dir = iconsynth::test::scratch_dir("atomic");
  const fs::path target = dir / "deep" / "er" / "asset.bin";
  write_file_atomically(target, std::string("first version, longer"));
  write_file_atomically(target, std::string("second"));
  CHECK(iconsynth::test::read_file(target) == "second");
  CHECK(std::distance(fs::directory_iterator(target.parent_path()), fs::directory_iterator()) == 1);
}

TEST_CASE("A write that cannot happen throws IoError naming the path and leaves no temp file", "[build][atomic]") {
  const fs::path dir = iconsynth::test::scratch_dir("atomic-fail");
  fs::create_directories(dir / "target.png");  // a folder where the file should go: rename fails
  CHECK_THROWS_AS(write_file_atomically(dir / "target.png", "bytes"), IoError);
  CHECK_THROWS_WITH(write_file_atomically(dir / "target.png", "bytes"), Catch::Contains("target.png"));
  CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1);
}
