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
