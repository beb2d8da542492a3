#!/usr/bin/env bash
# Installs the Debian 12 packages iconsynth needs; skips what is already there.
#   deps.sh          what building and running needs (Node.js and npm too: `preview` copies the
#                    pinned lottie-web, `check` runs ThorVG from the pinned dotlottie-web)
#   deps.sh --fuzz   also clang and its libFuzzer runtime (tools/fuzz.sh)
#   deps.sh --test   also what the test suite needs (unzip, libxml2 and xmllint, Catch2, rsvg-convert,
#                    Chromium for the browser tests, man and dpkg-dev for the install and package
#                    tests), and clang, whose sanitizer pass and short fuzz run tools/test.sh makes
# help2man and jq write the man pages at build time (without them, the build skips the manual and
# says so).
set -euo pipefail

packages=(
  cmake g++ make pkg-config
  libeigen3-dev libcairo2-dev libpixman-1-dev nlohmann-json3-dev libcli11-dev libzip-dev libssl-dev librlottie-dev
  libwebp-dev libgif-dev libcpp-httplib-dev
  libbenchmark-dev libnlopt-dev help2man jq
)
# Node.js may come from elsewhere than Debian (this image ships its own): only add Debian's if absent.
command -v node > /dev/null && command -v npm > /dev/null || packages+=(nodejs npm)
if [[ ${1:-} == --test ]]; then
  packages+=(catch2 libxml2-dev libxml2-utils unzip chromium librsvg2-bin man-db dpkg-dev)
fi
if [[ ${1:-} == --test || ${1:-} == --fuzz ]]; then
  packages+=(clang libclang-rt-14-dev)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "deps: installing ${missing[*]}"
  sudo_cmd=()
  [[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
