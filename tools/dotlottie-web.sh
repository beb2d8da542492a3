#!/usr/bin/env bash
# Installs the project's pinned dotlottie-web (tools/dotlottie-web/package-lock.json) from npm into a
# cache outside the source tree, and prints the package folder. `iconsynth check` runs ThorVG from
# there (Node runs render/lottie/thorvg_child.mjs with this folder as its argument).
#   tools/dotlottie-web.sh   -> e.g. /root/.cache/iconsynth/npm/dotlottie-web/node_modules/@lottiefiles/dotlottie-web
# Env: ICONSYNTH_NPM_CACHE (default ${XDG_CACHE_HOME:-$HOME/.cache}/iconsynth/npm).
set -euo pipefail

tools="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cache="${ICONSYNTH_NPM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/iconsynth/npm}/dotlottie-web"
package="$cache/node_modules/@lottiefiles/dotlottie-web"

die() { echo "dotlottie-web.sh: $*" >&2; exit 1; }
if [[ ${1:-} == -h || ${1:-} == --help ]]; then sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'; exit 0; fi
(($# == 0)) || die "unexpected argument '$1' (see --help)"

"$tools/npm-install.sh" "$tools/dotlottie-web" "$cache"
[[ -f $package/package.json ]] || die "$package/package.json missing after install"
echo "$package"
