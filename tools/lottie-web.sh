#!/usr/bin/env bash
# Installs the project's pinned lottie-web (tools/lottie-web/package-lock.json) from npm into a cache
# outside the source tree, and prints the package folder. `iconsynth preview` copies the player from
# there into the page (it looks in this cache by default); the browser tests load it from there too.
#   tools/lottie-web.sh      -> e.g. /root/.cache/iconsynth/npm/lottie-web/node_modules/lottie-web
# Env: ICONSYNTH_NPM_CACHE (default ${XDG_CACHE_HOME:-$HOME/.cache}/iconsynth/npm).
set -euo pipefail

tools="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [[ ${1:-} == -h || ${1:-} == --help ]]; then sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'; exit 0; fi
(($# == 0)) || { echo "lottie-web.sh: unexpected argument '$1' (see --help)" >&2; exit 1; }
exec "$tools/npm-install.sh" "$tools/lottie-web" "${ICONSYNTH_NPM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/iconsynth/npm}/lottie-web" "lottie-web"
