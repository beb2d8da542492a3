// `check BUILD_DIR`'s reading of a build folder: a clean build verifies clean; a file edited in
// place (same size, other bytes), one cut short and one removed are each found; a manifest that
// is not one is bad input (exit 2), and one asset's options are refused for a folder. (Playing the
// files it lists: build_folder_players_test.cpp, with the players' tests.)
#include "build_folder_support.h"

#include "render/check/build_folder.h"

namespace fs = std::filesystem;
using iconsynth::test::run_cli;
using iconsynth::test::scratch_dir;
namespace build = iconsynth::render::build;
namespace check = iconsynth::render::check;

TEST_CASE("check BUILD_DIR verifies every listed file, names the damaged ones and refuses a manifest that is not one", "[check][build]") {
  const fs::path dir = scratch_dir("check-build");
  const fs::path out = iconsynth::test::built_folder(dir);
  const build::Manifest manifest = build::read_manifest(out);
  REQUIRE(check::is_build_folder(out));
  CHECK(check::verify_build_files(out, manifest).empty());
  const std::vector<const build::ManifestFile*> playable = check::playable_files(manifest);
  REQUIRE(playable.size() == 1 + manifest.of_kind("lottie").size());
  CHECK(playable.front()->kind == "bundle");

  iconsynth::test::damage(out, manifest);
  const std::vector<check::BuildFileProblem> problems = check::verify_build_files(out, manifest);
  REQUIRE(problems.size() == 3);

  // A manifest that is not one: bad input, nothing compared.
  std::ofstream(out / "manifest.json") << "{\"manifest\": 1, \"files\": 3}";
  auto r = run_cli("check " + out.string() + " --player rlottie --size 24", dir);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("manifest.json"));
  // And the options of one asset are refused for a folder.
  r = run_cli("check " + out.string() + " --junit " + (dir / "j.xml").string(), dir);
  CHECK(r.exit_code == 2);
  CHECK_FALSE(fs::exists(dir / "j.xml"));
}
