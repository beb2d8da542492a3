#!/usr/bin/env bash
# Install what is missing, build Release with warnings, and run every test through CTest.
# Exits non-zero on any build error or failed test.
set -euo pipefail
cd "$(dirname "$0")/.."

bash tools/deps.sh --test
# ThorVG for `check` (npm @lottiefiles/dotlottie-web, pinned): its tests require it, never skip it.
bash tools/dotlottie-web.sh > /dev/null
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DICONSYNTH_BUILD_TESTS=ON
cmake --build build -j2
ctest --test-dir build --output-on-failure -j2

# The whole suite again under AddressSanitizer and UBSan; any finding stops the run.
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DICONSYNTH_SANITIZE=address,undefined \
  -DICONSYNTH_BUILD_BENCH=OFF
cmake --build build-asan -j2
ASAN_OPTIONS=halt_on_error=1:detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
  LSAN_OPTIONS=suppressions=$PWD/tests/lsan.supp \
  ctest --test-dir build-asan --output-on-failure -j2
