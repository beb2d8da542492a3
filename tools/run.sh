#!/usr/bin/env bash
# The main job on a fresh Debian 12 machine: install what is missing (packages, and the pinned
# players `preview` and `check` use), build Release, and regenerate the gpu-cluster asset set into
# out/. Extra arguments go to `iconsynth build`.
set -euo pipefail
cd "$(dirname "$0")/.."

bash tools/deps.sh
bash tools/lottie-web.sh > /dev/null     # preview: lottie-web, pinned
bash tools/dotlottie-web.sh > /dev/null  # check: ThorVG (@lottiefiles/dotlottie-web), pinned
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DICONSYNTH_BUILD_TESTS=OFF
cmake --build build -j2
./build/iconsynth build --out out/ "$@"
