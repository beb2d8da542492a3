#!/usr/bin/env bash
# CI on a fresh Debian 12 machine (.ci/run): install what is missing, then
#   release    GCC, warnings: build everything, print the renderer's ratio table beside rlottie
#              (tools/bench/ratio_table.mjs, a short run that fails nothing), run every test (ctest -j2)
#   sanitizer  clang 14, ASan + UBSan: build only the suites that have tests labelled `sanitizer`,
#              the CLI and what the install generates with it (completion, man pages), and run
#              those tests: every test of code that reads untrusted input or manages memory.
#              Left out: tests labelled browser, player, slow or install, which re-run browsers,
#              other players or size matrices on outputs the other tests already check
#              (tests/CMakeLists.txt says which and why). Building with clang also keeps the
#              code clang-clean, as tools/fuzz.sh needs.
#   fuzz       every fuzz target for 20 s from the committed corpus, two at a time (tools/fuzz.sh)
# Each step's wall and CPU time is printed at the end. Exits non-zero on any build error, failed test or
# fuzz finding.
set -euo pipefail
cd "$(dirname "$0")/.."

# CPU seconds (user + system) of every finished child so far: beside wall time, what a step costs
# whatever else the machine is doing.
cpu_file=$(mktemp)
trap 'rm -f "$cpu_file"' EXIT
# `times` must run in this shell, not in a $(…) subshell (whose children used nothing): cpu sets
# cpu_now.
cpu() {
  times > "$cpu_file"
  cpu_now=$(tail -n 1 "$cpu_file" | awk '{ split($1, u, "m"); split($2, s, "m"); printf "%d", u[1] * 60 + u[2] + s[1] * 60 + s[2] }')
}
times=()
step() {  # step NAME COMMAND...: runs it and records its wall and CPU time
  local name=$1 start=$SECONDS start_cpu
  cpu
  start_cpu=$cpu_now
  shift
  echo "==== $name: $*"
  "$@"
  cpu
  times+=("$(printf '%-22s %5d s wall %6d s CPU' "$name" $((SECONDS - start)) $((cpu_now - start_cpu)))")
}

step "install packages" bash tools/deps.sh --test
# ThorVG for `check` (npm @lottiefiles/dotlottie-web, pinned): its tests require it, never skip it.
step "install dotlottie-web" bash -c 'bash tools/dotlottie-web.sh > /dev/null'

# Unity sources: a library's files compiled as one translation unit (16 a batch), so the headers
# they share (nlohmann-json, Eigen, Cairo, CLI11) and the templates they instantiate are compiled
# once a library, not once a file: less than half the libraries' compile time (tools/bench/README.md,
# "CI time"). The same for each test suite (tests/CMakeLists.txt).
unity=(-DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=16)
step "release configure" cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DICONSYNTH_BUILD_TESTS=ON "${unity[@]}"
step "release build" cmake --build build -j2
# The renderer's time beside rlottie's, a short run, for the log: it shows a regression, it fails
# nothing (tools/bench/README.md has the full run).
step "renderer beside rlottie" bash -c 'node tools/bench/ratio_table.mjs --min-time 0.05 || echo "ratio table: not measured (see above)"'
step "release tests" ctest --test-dir build --output-on-failure -j2 --timeout 600

# -O1 -g1: what ASan suggests, a fifth less to compile than -O2 -g, line numbers in every report.
# fuzzer-no-link and ICONSYNTH_FUZZ: the same objects serve the fuzz binary, so the libraries are
# compiled once for both passes (coverage instrumentation costs the tests little).
step "sanitizer configure" env CC=clang CXX=clang++ cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" -DICONSYNTH_SANITIZE=address,undefined,fuzzer-no-link \
  -DICONSYNTH_FUZZ=ON -DICONSYNTH_BUILD_BENCH=OFF "${unity[@]}"
# iconsynth_completion and iconsynth_man run the sanitized CLI as the install does: `completion
# bash`, and every command's --help through help2man.
step "sanitizer build" cmake --build build-asan -j2 --target iconsynth_sanitizer_tests fuzz_iconsynth iconsynth_completion iconsynth_man
step "sanitizer tests" env ASAN_OPTIONS=halt_on_error=1:detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
  LSAN_OPTIONS=suppressions=$PWD/tests/lsan.supp \
  ctest --test-dir build-asan -L sanitizer --output-on-failure -j2 --timeout 600

step "fuzz (20 s a target)" env ICONSYNTH_FUZZ_JOBS=2 ICONSYNTH_FUZZ_BUILD=build-asan bash tools/fuzz.sh 20

echo "==== CI passed; time by step:"
printf '  %s\n' "${times[@]}"
cpu
printf '  %-22s %5d s wall %6d s CPU\n' total $SECONDS "$cpu_now"
