// check finds the variant of an export made on any options and matches it: a case for each style,
// motion, theme, weight and colour (the full matrix of 96 is variant_matrix_slow_test.cpp); and
// the bundle with one colour theme and one preset theme applied by ThorVG (all eight: slow).
#include "variant_matrix.h"

using namespace iconsynth::test;

TEST_CASE("Own exports off their defaults match themselves and are named: outline and solid", "[check][variants]") {
  const fs::path work = scratch_dir("check-variants-a");
  check_own_export({"outline", "light", "light", "1", "#E5484D"}, work);
  check_own_export({"solid", "strong", "dark", "1.5", "#22C55E"}, work);
}

TEST_CASE("Own exports off their defaults match themselves and are named: duotone", "[check][variants]") {
  const fs::path work = scratch_dir("check-variants-b");
  check_own_export({"duotone", "light", "dark", "2.5", "#22C55E"}, work);
  check_own_export({"duotone", "strong", "light", "3", "#E5484D"}, work);
}

TEST_CASE("The bundle matches with a colour theme and a preset theme applied by ThorVG", "[check][variants]") {
  const fs::path work = scratch_dir("check-variants-themes");
  REQUIRE(run_cli("export --format dotlottie -o " + (work / "gpu-cluster.lottie").string(), work).exit_code == 0);
  check_bundle_theme(work / "gpu-cluster.lottie", "light", work);
  check_bundle_theme(work / "gpu-cluster.lottie", "dark-w1.5", work);
}

TEST_CASE("The spec's own weight is the one compared, however unround it is", "[check][variants]") {
  // A fitted spec says what it found (2.668); a solid card's frame explains the rounder 2.67 or
  // 2.65 about as well, and those are not the spec's.
  const fs::path work = scratch_dir("check-variants-own-weight");
  const fs::path file = work / "solid-light-w2.668.json";
  REQUIRE(run_cli("export --style solid --motion light --weight 2.668 -o " + file.string(), work).exit_code == 0);
  const Checked c = check_file(work, file, "--set stroke.default=2.668 --size 256 --player thorvg");
  CHECK(c.exit_code == 0);
  CHECK_THAT(c.summary["animations"][0]["found"].get<std::string>(), Catch::Contains(" \u00b7 weight 2.668 \u00b7 "));
  // Without the spec saying so, the roundest weight that explains the frame is found.
  const Checked plain = check_file(work, file, "--size 256 --player thorvg");
  CHECK_THAT(plain.summary["animations"][0]["found"].get<std::string>(), !Catch::Contains("weight 2.668"));
}
