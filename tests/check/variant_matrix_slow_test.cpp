// The full matrix of check on our own exports: every style × motion × theme × weight 1, 1.5, 2.5,
// 3 × two colours of one's own (96 exports, each in both players at 24 and 128 px), and the
// bundle with each of its eight themes applied by ThorVG. Slow: labelled slow, built with
// -DICONSYNTH_SLOW_TESTS=ON; variant_matrix_test.cpp covers each axis in every run.
#include "variant_matrix.h"

using namespace iconsynth::test;

TEST_CASE("Every export of ours off its defaults matches itself in both players and is named", "[check][slow]") {
  const fs::path work = scratch_dir("check-variants-all");
  for (const char* style : {"outline", "solid", "duotone"}) {
    for (const char* motion : {"light", "strong"}) {
      for (const char* theme : {"light", "dark"}) {
        for (const char* weight : {"1", "1.5", "2.5", "3"}) {
          for (const char* color : {"#E5484D", "#22C55E"}) check_own_export({style, motion, theme, weight, color}, work);
        }
      }
    }
  }
}

TEST_CASE("The bundle matches with each of its themes applied by ThorVG", "[check][slow]") {
  const fs::path work = scratch_dir("check-variants-all-themes");
  REQUIRE(run_cli("export --format dotlottie -o " + (work / "gpu-cluster.lottie").string(), work).exit_code == 0);
  for (const char* theme : {"light", "dark", "light-w1.5", "light-w2", "light-w2.5", "dark-w1.5", "dark-w2", "dark-w2.5"}) {
    check_bundle_theme(work / "gpu-cluster.lottie", theme, work);
  }
}
