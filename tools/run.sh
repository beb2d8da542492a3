#!/usr/bin/env bash
# The main job on a fresh Debian 12 machine: install what is missing, build Release, and
# regenerate the gpu-cluster asset set into out/. Extra arguments go to `iconsynth build`.
set -euo pipefail
cd "$(dirname "$0")/.."

bash tools/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DICONSYNTH_BUILD_TESTS=OFF
cmake --build build -j2
./build/iconsynth build --out out/ "$@"
