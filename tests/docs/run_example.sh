#!/usr/bin/env bash
# Runs one code block of the manual as a reader would paste it: in the page's scratch folder, with
# `iconsynth` on PATH, everything it prints (stdout and stderr, in order) into OUT.
#   run_example.sh foreground BLOCK OUT        exits as the block does
#   run_example.sh until-quiet BLOCK OUT       in the background; once it has printed and then
#                                              said nothing more for a second, Ctrl-C (SIGINT to
#                                              its process group), then exits as the block does (a
#                                              minute without a line: 124)
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
size=0 quiet=0
for ((tenths = 0; tenths < 600 && quiet < 10; tenths++)); do
  kill -0 "$pid" 2> /dev/null || break
  sleep 0.1
  now=$(stat -c %s "$out")
  if ((now > 0 && now == size)); then ((quiet++)); else quiet=0; fi
  size=$now
done
if [[ ! -s $out ]]; then
  kill -KILL -- -"$pid" 2> /dev/null
  wait "$pid"
  exit 124
fi
kill -INT -- -"$pid" 2> /dev/null
wait "$pid"
