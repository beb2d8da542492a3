// `check` at all nine icon sizes from 16 to 512 px in both players (tests/check/size_matrix.h):
// slow, so in the slow matrix; check_sizes_test.cpp runs five of them in every build.
#include "size_matrix.h"

using namespace iconsynth::test;
using namespace iconsynth::test::size_matrix;

TEST_CASE("Our own bundle matches itself in both players at every size from 16 to 512 px", "[check][sizes][slow]") {
  own_bundle_matches(kEverySize);
}
TEST_CASE("Each exported JSON matches itself in both players at every size from 16 to 512 px", "[check][sizes][slow]") {
  own_exports_match(kEverySize);
}
TEST_CASE("Caught at every size from 16 to 512 px: every keyframe one frame late", "[check][sizes][slow]") {
  check_mutant(mutants()[0], kEverySize);
}
TEST_CASE("Caught at every size from 16 to 512 px: the strong swell 3% larger", "[check][sizes][slow]") {
  check_mutant(mutants()[1], kEverySize);
}
TEST_CASE("Caught at every size from 16 to 512 px: weight 2.2 shown for 2", "[check][sizes][slow]") {
  check_mutant(mutants()[2], kEverySize);
}
TEST_CASE("Caught at every size from 16 to 512 px: primary moved by 16 levels in one channel", "[check][sizes][slow]") {
  check_mutant(mutants()[3], kEverySize);
}
TEST_CASE("Caught at every size from 16 to 512 px: every inline colour red while the themes stay right", "[check][sizes][slow]") {
  check_mutant(mutants()[4], kEverySize);
}
TEST_CASE("Caught at every size from 16 to 512 px: one packet layer removed", "[check][sizes][slow]") {
  check_mutant(mutants()[5], kEverySize);
}
TEST_CASE("Caught at every size from 16 to 512 px: a theme whose colour slot is wrong, by ThorVG, and rlottie says it cannot see it", "[check][sizes][slow]") {
  wrong_theme_caught(kEverySize);
}
