// `check` at all nine icon sizes from 16 to 512 px in both players (tests/check/size_matrix.h):
// slow, so in the slow matrix; check_sizes_test.cpp runs some of them in every build.
#include "size_matrix.h"

ICONSYNTH_SIZE_MATRIX_TESTS(iconsynth::test::size_matrix::kEverySize, "every size from 16 to 512 px",
                            iconsynth::test::size_matrix::kEverySize, "every size from 16 to 512 px", "[check][sizes][slow]")
