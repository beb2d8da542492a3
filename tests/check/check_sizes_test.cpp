// `check` in both players (tests/check/size_matrix.h) in every build: our own outputs match at
// five icon sizes from 16 to 512 px (noise is nearest its limit at both ends); each damage is
// caught at 16 and 24 px, where its margin over the limit is the thinnest (render/check/README.md's
// calibration: edges move more as the size grows, ink noise is highest at 16 px). All nine sizes
// for both are the slow matrix's (check_sizes_slow_test.cpp).
#include "size_matrix.h"

namespace {

constexpr int kSizes[] = {16, 24, 48, 128, 512};
constexpr int kThinnestMargins[] = {16, 24};

}  // namespace

ICONSYNTH_SIZE_MATRIX_TESTS(kSizes, "five sizes from 16 to 512 px", kThinnestMargins, "16 and 24 px", "[check][sizes]")
