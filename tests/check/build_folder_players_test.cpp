// `check BUILD_DIR` through the real CLI and a player: a clean build checks clean, every bundle
// and Lottie file it lists compared with the spec; the damaged files (build_folder_support.h) are
// each named and fail it (exit 1). A player's test: rlottie on every file a build lists.
#include "build_folder_support.h"

#include "render/check/build_folder.h"

namespace fs = std::filesystem;
using iconsynth::test::run_cli;
using iconsynth::test::scratch_dir;
namespace build = iconsynth::render::build;
namespace check = iconsynth::render::check;

TEST_CASE("check BUILD_DIR compares the bundle and every Lottie file a build lists with the spec, and fails naming each damaged file",
          "[check][build]") {
  const fs::path dir = scratch_dir("check-build-players");
  const fs::path out = iconsynth::test::built_folder(dir);
  const build::Manifest manifest = build::read_manifest(out);
  const std::size_t playable = check::playable_files(manifest).size();

  const std::string command = "check " + out.string() + " --player rlottie --size 24";
  auto r = run_cli(command, dir);
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("files: " + std::to_string(manifest.files.size()) + " as listed, 0 not"));
  CHECK_THAT(r.out, Catch::Contains("build check passed") && Catch::Contains("0 of " + std::to_string(playable)));

  const iconsynth::test::Damage d = iconsynth::test::damage(out, manifest);
  r = run_cli(command, dir);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.out, Catch::Contains(d.edited.string() + ": sha256 "));
  CHECK_THAT(r.out, Catch::Contains(d.cut.string() + ": " + std::to_string(fs::file_size(d.cut)) + " bytes, the manifest says"));
  CHECK_THAT(r.out, Catch::Contains(d.removed.string() + ": missing"));
  CHECK_THAT(r.out, Catch::Contains("build check FAILED: 3 files damaged or missing"));
}
