#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan) and runs each for a while, seeded from the
# committed corpus. Findings land in build-fuzz/findings/<target>/; to keep one as a regression
# case, copy it to tests/fuzz/regressions/<target>/ (the test suite replays those every run).
#   tools/fuzz.sh [SECONDS_PER_TARGET=600] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-600}
shift || true
targets=("$@")
((${#targets[@]})) || targets=(spec_loader set_override color lottie_json dotlottie bundle_entries frame_png)

bash tools/deps.sh
command -v clang++ > /dev/null || { apt-get update -qq && apt-get install -y -qq clang libclang-rt-14-dev; }
CC=clang CXX=clang++ cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DICONSYNTH_FUZZ=ON \
  -DICONSYNTH_BUILD_TESTS=OFF -DICONSYNTH_BUILD_BENCH=OFF -DICONSYNTH_SANITIZE=address,undefined,fuzzer-no-link
cmake --build build-fuzz -j2 --target "${targets[@]/#/fuzz_}"

for t in "${targets[@]}"; do
  corpus=build-fuzz/corpus/$t findings=build-fuzz/findings/$t
  mkdir -p "$corpus" "$findings"
  cp -n tests/fuzz/corpus/"$t"/* "$corpus"/ 2> /dev/null || true
  echo "fuzz: $t for ${seconds}s"
  ASAN_OPTIONS=halt_on_error=1:detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    build-fuzz/tests/fuzz/fuzz_"$t" -max_total_time="$seconds" -rss_limit_mb=2048 -max_len=65536 \
    -artifact_prefix="$findings/" -print_final_stats=1 "$corpus" 2>&1 | tail -n 25 | tee "build-fuzz/$t.log"
done
