#!/usr/bin/env bash
# Runs one code block of the manual as a reader would paste it: in the page's scratch folder, with
# `iconsynth` on PATH, everything it prints (stdout and stderr, in order) into OUT.
#   run_example.sh foreground BLOCK OUT        exits as the block does
#   run_example.sh until-it-prints BLOCK OUT   in the background; once it has printed a line,
#                                              Ctrl-C (SIGINT to its process group), then exits as
#                                              the block does (a minute without a line: 124)
# The caller sets PATH and the working folder.
set -uo pipefail
mode=$1 block=$2 out=$3
: > "$out"
if [[ $mode == foreground ]]; then
  bash -e -o pipefail "$block" > "$out" 2>&1 < /dev/null
  exit
fi
set -m  # job control: the block gets its own process group, with Ctrl-C not ignored
bash -e -o pipefail "$block" > "$out" 2>&1 < /dev/null &
pid=$!
for ((tenths = 0; tenths < 600; tenths++)); do
  [[ -s $out ]] && break
  kill -0 "$pid" 2> /dev/null || break
  sleep 0.1
done
if [[ ! -s $out ]]; then
  kill -KILL -- -"$pid" 2> /dev/null
  wait "$pid"
  exit 124
fi
kill -INT -- -"$pid" 2> /dev/null
wait "$pid"
