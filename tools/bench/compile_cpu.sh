#!/usr/bin/env bash
# A compiler launcher that appends each compile's CPU seconds (user + system, its children
# included) and output file to $COMPILE_CPU_LOG: which translation units a cold build pays for.
#   cmake -S . -B build-cpu -DCMAKE_CXX_COMPILER_LAUNCHER=$PWD/tools/bench/compile_cpu.sh
#   COMPILE_CPU_LOG=/tmp/cpu.log cmake --build build-cpu -j2
#   awk '{ s += $1 } END { print s }' /tmp/cpu.log; sort -rn /tmp/cpu.log | head
set -uo pipefail
log=${COMPILE_CPU_LOG:-compile_cpu.log}
out=unknown
prev=""
for a in "$@"; do
  [[ $prev == -o ]] && out=$a
  prev=$a
done
times=$(mktemp)
/usr/bin/time -f '%U %S' -o "$times" "$@"
status=$?
awk -v out="$out" 'END { printf "%.2f %s\n", $(NF - 1) + $NF, out }' "$times" >> "$log"
rm -f "$times"
exit $status
