#!/usr/bin/env bash
# Installs the project's pinned lottie-web (tools/lottie-web/package-lock.json) from npm into a cache
# outside the source tree, and prints the package folder. `iconsynth preview` copies the player from
# there into the page (it looks in this cache by default); the browser tests load it from there too.
#   tools/lottie-web.sh      -> e.g. /root/.cache/iconsynth/npm/lottie-web/node_modules/lottie-web
# Env: ICONSYNTH_NPM_CACHE (default ${XDG_CACHE_HOME:-$HOME/.cache}/iconsynth/npm).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lottie-web"
cache="${ICONSYNTH_NPM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/iconsynth/npm}/lottie-web"
package="$cache/node_modules/lottie-web"

die() { echo "lottie-web.sh: $*" >&2; exit 1; }
if [[ ${1:-} == -h || ${1:-} == --help ]]; then sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'; exit 0; fi
(($# == 0)) || die "unexpected argument '$1' (see --help)"

install_node() {
  command -v node > /dev/null && command -v npm > /dev/null && return
  [[ $(id -u) -eq 0 ]] || die "node/npm not found; run: sudo apt-get install -y nodejs npm"
  echo "lottie-web.sh: installing Debian nodejs and npm..." >&2
  export DEBIAN_FRONTEND=noninteractive
  { apt-get install -y -qq nodejs npm || { apt-get update -qq && apt-get install -y -qq nodejs npm; }; } >&2 \
    || die "apt-get install nodejs npm failed"
}

mkdir -p "$cache"
# Serialize parallel runs (ctest -j) that share the cache; npm ci only when the lock changed,
# and the stamp is written after a successful install.
exec 9> "$cache/.setup.lock"
flock 9
if ! cmp -s "$here/package-lock.json" "$cache/node_modules/.iconsynth-lock.json"; then
  install_node
  echo "lottie-web.sh: npm ci into $cache..." >&2
  cp "$here/package.json" "$here/package-lock.json" "$cache/"
  (cd "$cache" && npm ci --no-audit --no-fund --loglevel=error >&2) || die "npm ci failed in $cache"
  cp "$here/package-lock.json" "$cache/node_modules/.iconsynth-lock.json"
fi
[[ -f $package/package.json ]] || die "$package/package.json missing after install"
echo "$package"
