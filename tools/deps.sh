#!/usr/bin/env bash
# Installs the Debian 12 packages iconsynth needs to build and test; skips what is already there.
set -euo pipefail

packages=(
  cmake g++ make pkg-config
  libeigen3-dev libcairo2-dev nlohmann-json3-dev libcli11-dev
  catch2 libbenchmark-dev
)

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
