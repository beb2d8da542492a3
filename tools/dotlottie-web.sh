#!/usr/bin/env bash
# Installs the project's pinned dotlottie-web (tools/dotlottie-web/package-lock.json) from npm into a
# cache outside the source tree, and prints the package folder. `iconsynth check` runs ThorVG from
# there (Node runs render/lottie/thorvg_child.mjs with this folder as its argument).
#   tools/dotlottie-web.sh   -> e.g. /root/.cache/iconsynth/npm/dotlottie-web/node_modules/@lottiefiles/dotlottie-web
# Env: ICONSYNTH_NPM_CACHE (default ${XDG_CACHE_HOME:-$HOME/.cache}/iconsynth/npm).
set -euo pipefail

tools="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [[ ${1:-} == -h || ${1:-} == --help ]]; then sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'; exit 0; fi
(($# == 0)) || { echo "dotlottie-web.sh: unexpected argument '$1' (see --help)" >&2; exit 1; }
exec "$tools/npm-install.sh" "$tools/dotlottie-web" "${ICONSYNTH_NPM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/iconsynth/npm}/dotlottie-web" "@lottiefiles/dotlottie-web"
