// `check` at five icon sizes from 16 to 512 px in both players (tests/check/size_matrix.h); all
// nine sizes are the slow matrix's (check_sizes_slow_test.cpp).
#include "size_matrix.h"

using namespace iconsynth::test;
using namespace iconsynth::test::size_matrix;

namespace {

constexpr int kSizes[] = {16, 24, 48, 128, 512};

}  // namespace

TEST_CASE("Our own bundle matches itself in both players at five sizes from 16 to 512 px", "[check][sizes]") {
  own_bundle_matches(kSizes);
}
TEST_CASE("Each exported JSON matches itself in both players at five sizes from 16 to 512 px", "[check][sizes]") {
  own_exports_match(kSizes);
}
TEST_CASE("Caught at five sizes from 16 to 512 px: every keyframe one frame late", "[check][sizes]") {
  check_mutant(mutants()[0], kSizes);
}
TEST_CASE("Caught at five sizes from 16 to 512 px: the strong swell 3% larger", "[check][sizes]") {
  check_mutant(mutants()[1], kSizes);
}
TEST_CASE("Caught at five sizes from 16 to 512 px: weight 2.2 shown for 2", "[check][sizes]") {
  check_mutant(mutants()[2], kSizes);
}
TEST_CASE("Caught at five sizes from 16 to 512 px: primary moved by 16 levels in one channel", "[check][sizes]") {
  check_mutant(mutants()[3], kSizes);
}
TEST_CASE("Caught at five sizes from 16 to 512 px: every inline colour red while the themes stay right", "[check][sizes]") {
  check_mutant(mutants()[4], kSizes);
}
TEST_CASE("Caught at five sizes from 16 to 512 px: one packet layer removed", "[check][sizes]") {
  check_mutant(mutants()[5], kSizes);
}
TEST_CASE("Caught at five sizes from 16 to 512 px: a theme whose colour slot is wrong, by ThorVG, and rlottie says it cannot see it", "[check][sizes]") {
  wrong_theme_caught(kSizes);
}
