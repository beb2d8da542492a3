#!/usr/bin/env bash
# Validates every exported animation against the official Lottie JSON schema (lottie-specs, draft
# 2020-12, with ajv): each style x motion at each preset weight, and the animations inside the
# dotLottie bundle; and each style x motion of the rings of 3, 6 and 8 (spec/examples/ring-N.json)
# at weights 1, 2 and 3. Usage: schema_test.sh ICONSYNTH WORKDIR
set -euo pipefail
iconsynth=$1
work=$2
here=$(cd "$(dirname "$0")" && pwd)

rm -rf "$work" && mkdir -p "$work/bundle"
for style in outline solid duotone; do
  for motion in light strong; do
    for weight in 1.5 2 2.5; do
      "$iconsynth" export --style "$style" --motion "$motion" --weight "$weight" \
        -o "$work/$style-$motion-w$weight.json" > /dev/null
    done
  done
done
"$iconsynth" export --format dotlottie -o "$work/gpu-cluster.lottie" > /dev/null
unzip -q "$work/gpu-cluster.lottie" -d "$work/bundle"
for n in 3 6 8; do
  for style in outline solid duotone; do
    for motion in light strong; do
      for weight in 1 2 3; do
        "$iconsynth" export --spec "$here/../../spec/examples/ring-$n.json" --style "$style" --motion "$motion" \
          --weight "$weight" -o "$work/ring$n-$style-$motion-w$weight.json" > /dev/null
      done
    done
  done
done

files=("$work"/*.json "$work"/bundle/a/*.json)
echo "validating ${#files[@]} animations"
bash "$here/schema/run.sh" "${files[@]}"
