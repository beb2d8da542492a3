#!/usr/bin/env bash
# Installs the Debian 12 packages iconsynth needs; skips what is already there.
#   deps.sh          what building and running needs (Node.js and npm too: `preview` copies the
#                    pinned lottie-web, `check` runs ThorVG from the pinned dotlottie-web)
#   deps.sh --test   also what the test suite needs (unzip, libxml2, Catch2, rsvg-convert, Chromium for the
#                    lottie-web comparison)
set -euo pipefail

packages=(
  cmake g++ make pkg-config
  libeigen3-dev libcairo2-dev nlohmann-json3-dev libcli11-dev libzip-dev libssl-dev librlottie-dev
  libwebp-dev libgif-dev libcpp-httplib-dev
  libbenchmark-dev
)
# Node.js may come from elsewhere than Debian (this image ships its own): only add Debian's if absent.
command -v node > /dev/null && command -v npm > /dev/null || packages+=(nodejs npm)
if [[ ${1:-} == --test ]]; then
  packages+=(catch2 libxml2-dev unzip chromium librsvg2-bin)
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
