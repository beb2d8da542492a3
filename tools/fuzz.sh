#!/usr/bin/env bash
# Builds the libFuzzer binary (clang, ASan + UBSan + coverage) and runs every target of
# tests/fuzz/targets.h for a while, seeded from the committed corpus. Findings land in
# build-fuzz/findings/<target>/; to keep one as a regression case, copy it to
# tests/fuzz/regressions/<target>/ (the test suite replays those every run). Exits 1 when any
# target finds something (all targets still run), naming them.
#   tools/fuzz.sh [SECONDS_PER_TARGET=600] [TARGET...]
#   ICONSYNTH_FUZZ_JOBS=2 tools/fuzz.sh 20     targets two at a time (CI's short run)
#   ICONSYNTH_FUZZ_BUILD=build-asan tools/fuzz.sh 20   the binary of an existing tree (CI's)
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-600}
shift || true
jobs=${ICONSYNTH_FUZZ_JOBS:-1}

# ICONSYNTH_FUZZ_BUILD: a tree already configured with -DICONSYNTH_FUZZ=ON and fuzzer-no-link
# (tools/test.sh's sanitizer tree, so CI compiles the libraries once); else build-fuzz, made here.
build=${ICONSYNTH_FUZZ_BUILD:-}
if [[ -z $build ]]; then
  build=build-fuzz
  bash tools/deps.sh --fuzz
  CC=clang CXX=clang++ cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DICONSYNTH_FUZZ=ON \
    -DICONSYNTH_BUILD_TESTS=OFF -DICONSYNTH_BUILD_BENCH=OFF -DICONSYNTH_SANITIZE=address,undefined,fuzzer-no-link > /dev/null
fi
cmake --build "$build" -j2 --target fuzz_iconsynth
fuzzer=$build/tests/fuzz/fuzz_iconsynth
mkdir -p build-fuzz  # corpora, findings and logs

targets=("$@")
((${#targets[@]})) || mapfile -t targets < <(ICONSYNTH_FUZZ_TARGET=list "$fuzzer")

# One target: its corpus grows in build-fuzz/corpus/<target>; its last lines go to <target>.log.
run_target() {
  local t=$1 corpus=build-fuzz/corpus/$1 findings=build-fuzz/findings/$1
  mkdir -p "$corpus" "$findings"
  cp -n tests/fuzz/corpus/"$t"/* "$corpus"/ 2> /dev/null || true
  ICONSYNTH_FUZZ_TARGET=$t ASAN_OPTIONS=halt_on_error=1:detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    "$fuzzer" -max_total_time="$seconds" -rss_limit_mb=2048 -max_len=65536 -artifact_prefix="$findings/" \
    -print_final_stats=1 "$corpus" > "build-fuzz/$t.log" 2>&1
}
export -f run_target
export seconds fuzzer

echo "fuzz: ${targets[*]}, ${seconds}s each, $jobs at a time"
failed=()
# xargs runs `jobs` targets at once; each prints its summary when it ends.
printf '%s\n' "${targets[@]}" | xargs -P "$jobs" -I{} bash -c \
  'if run_target {}; then s=ok; else s=FAILED; fi; echo "fuzz: {} $s: $(grep -E "^#[0-9]+[[:space:]]+DONE" build-fuzz/{}.log | tail -n 1)"' \
  || true
for t in "${targets[@]}"; do
  if ! grep -qE '^Done [0-9]+ runs' "build-fuzz/$t.log"; then
    failed+=("$t")
    echo "---- fuzz: $t found something (build-fuzz/$t.log, findings in build-fuzz/findings/$t/):"
    tail -n 40 "build-fuzz/$t.log"
  fi
done
if ((${#failed[@]})); then
  echo "fuzz: FAILED: ${failed[*]}"
  exit 1
fi
echo "fuzz: ${#targets[@]} targets, no findings"
