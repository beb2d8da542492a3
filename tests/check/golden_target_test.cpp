// A golden set as check's (and fit's, and preview --against's) target: the bundle it keeps, every
// animation it tests; a set whose manifest or bundle cannot be read is bad input naming the file.
#include "check_support.h"

#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;
using namespace iconsynth::test;

TEST_CASE("A golden set is read as the bundle it keeps, and a broken one is bad input naming the file", "[check][golden]") {
  const fs::path set = fs::path(ICONSYNTH_SOURCE_DIR) / "tests" / "golden";
  const fs::path dir = scratch_dir("check-golden-target");
  auto r = run_cli("check '" + set.string() + "' --player rlottie --size 24", dir);
  INFO(r.out << r.err);
  CHECK(r.exit_code != 2);
  CHECK_THAT(r.out, Catch::Contains("6 animations"));  // the set's six: three styles, two motions
  CHECK_THAT(r.out, Catch::Matches("(.|\n)*outline-light +outline-light +rlottie[^\n]* matches(.|\n)*"));

  // A copy whose bundle is gone, and one whose manifest is not JSON.
  const fs::path copy = dir / "set";
  fs::remove_all(copy);
  fs::create_directories(copy);
  fs::copy_file(set / "golden.json", copy / "golden.json");
  r = run_cli("check '" + copy.string() + "' --player rlottie --size 24", dir);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("gpu-cluster.lottie"));
  std::ofstream(copy / "golden.json") << "{ not json";
  r = run_cli("check '" + copy.string() + "' --player rlottie --size 24", dir);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("golden.json"));
}
