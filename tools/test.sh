#!/usr/bin/env bash
# Install what is missing, build Release with warnings, and run every test through CTest.
# Exits non-zero on any build error or failed test.
set -euo pipefail
cd "$(dirname "$0")/.."

bash tools/deps.sh --test
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DICONSYNTH_BUILD_TESTS=ON
cmake --build build -j2
ctest --test-dir build --output-on-failure -j2
