// `check` at five icon sizes from 16 to 512 px in both players (tests/check/size_matrix.h); all
// nine sizes are the slow matrix's (check_sizes_slow_test.cpp).
#include "size_matrix.h"

namespace {

constexpr int kSizes[] = {16, 24, 48, 128, 512};

}  // namespace

ICONSYNTH_SIZE_MATRIX_TESTS(kSizes, "five sizes from 16 to 512 px", "[check][sizes]")
