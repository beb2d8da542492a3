// `check BUILD_DIR` through the real CLI: a clean build checks clean; a file edited in place (same
// size, other bytes), one cut short and one removed are each named and fail it (exit 1); a
// manifest that is not one is bad input (exit 2).
#include "../tools/cli_support.h"

#include "render/build/manifest.h"
#include "render/check/build_folder.h"

#include <catch2/catch.hpp>

#include <fstream>

namespace fs = std::filesystem;
using iconsynth::test::read_file;
using iconsynth::test::run_cli;
using iconsynth::test::scratch_dir;
namespace build = iconsynth::render::build;
namespace check = iconsynth::render::check;

TEST_CASE("check BUILD_DIR verifies every listed file and compares the bundle and Lottie files with the spec", "[check][build]") {
  const fs::path dir = scratch_dir("check-build");
  const fs::path out = dir / "out";
  REQUIRE(run_cli("build --size 16 -o " + out.string(), dir).exit_code == 0);
  const build::Manifest manifest = build::read_manifest(out);
  REQUIRE(check::is_build_folder(out));
  CHECK(check::verify_build_files(out, manifest).empty());
  const std::vector<const build::ManifestFile*> playable = check::playable_files(manifest);
  REQUIRE(playable.size() == 1 + manifest.of_kind("lottie").size());
  CHECK(playable.front()->kind == "bundle");

  const std::string command = "check " + out.string() + " --player rlottie --size 24";
  auto r = run_cli(command, dir);
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("files: " + std::to_string(manifest.files.size()) + " as listed, 0 not"));
  CHECK_THAT(r.out, Catch::Contains("build check passed") && Catch::Contains("0 of " + std::to_string(playable.size())));

  // Tampered: a Lottie file's colour edited in place (same size), a PNG cut short, the index gone.
  const fs::path lottie = out / manifest.of_kind("lottie").front()->path;
  std::string text = read_file(lottie);
  const std::size_t at = text.find("\"k\":[1,1,1");
  REQUIRE(at != std::string::npos);
  text.replace(at, 10, "\"k\":[0,1,1");
  std::ofstream(lottie, std::ios::binary) << text;
  const fs::path png = out / manifest.of_kind("png").front()->path;
  fs::resize_file(png, fs::file_size(png) / 2);
  fs::remove(out / "index.html");
  const std::vector<check::BuildFileProblem> problems = check::verify_build_files(out, manifest);
  REQUIRE(problems.size() == 3);
  r = run_cli(command, dir);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.out, Catch::Contains(lottie.string() + ": sha256 "));
  CHECK_THAT(r.out, Catch::Contains(png.string() + ": " + std::to_string(fs::file_size(png)) + " bytes, the manifest says"));
  CHECK_THAT(r.out, Catch::Contains((out / "index.html").string() + ": missing"));
  CHECK_THAT(r.out, Catch::Contains("build check FAILED: 3 files damaged or missing"));

  // A manifest that is not one: bad input, nothing compared.
  std::ofstream(out / "manifest.json") << "{\"manifest\": 1, \"files\": 3}";
  r = run_cli(command, dir);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("manifest.json"));
  // And the options of one asset are refused for a folder.
  r = run_cli("check " + out.string() + " --junit " + (dir / "j.xml").string(), dir);
  CHECK(r.exit_code == 2);
  CHECK_FALSE(fs::exists(dir / "j.xml"));
}
