#!/usr/bin/env bash
# Runs a browser test script (Node ESM, playwright-core) against headless Debian Chromium:
#   run.sh SCRIPT.mjs [script arguments...]
# Installs the pinned playwright-core into a cache OUTSIDE the source tree, Debian's chromium if
# missing, and the project's pinned lottie-web (tools/lottie-web.sh), then runs SCRIPT from the cache
# (ESM resolves imports next to the script, not via NODE_PATH). The script finds lottie-web in
# $ICONSYNTH_LOTTIE_WEB and Chromium in $ICONSYNTH_CHROMIUM. Env: ICONSYNTH_NPM_CACHE, ICONSYNTH_CHROMIUM.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export ICONSYNTH_NPM_CACHE="${ICONSYNTH_NPM_CACHE:-/tmp/iconsynth-npm}"
cache="$ICONSYNTH_NPM_CACHE/browser"
chrome="${ICONSYNTH_CHROMIUM:-/usr/bin/chromium}"

die() { echo "run.sh: $*" >&2; exit 1; }
(($# >= 1)) || die "usage: run.sh SCRIPT.mjs [arguments...]"
script=$1
shift
[[ -f $script && $script == *.mjs ]] || die "$script is not an .mjs file"

setup() {
  # Playwright's own browser download can't work here: use Debian's chromium.
  if [ ! -x "$chrome" ]; then
    [ "$chrome" = /usr/bin/chromium ] || die "ICONSYNTH_CHROMIUM=$chrome is not executable"
    [ "$(id -u)" = 0 ] || die "/usr/bin/chromium missing; run: sudo apt-get install -y chromium"
    echo "run.sh: installing Debian chromium..." >&2
    export DEBIAN_FRONTEND=noninteractive
    { apt-get install -y -qq chromium || { apt-get update -qq && apt-get install -y -qq chromium; }; } >&2 \
      || die "apt-get install chromium failed"
  fi
}

mkdir -p "$cache"
( flock 9 && setup ) 9> "$cache/.chromium.lock"  # one apt-get at a time under ctest -j
"$here/../../tools/npm-install.sh" "$here" "$cache" || die "cannot install playwright-core"

ICONSYNTH_LOTTIE_WEB="$("$here/../../tools/lottie-web.sh")" || die "tools/lottie-web.sh failed"
export ICONSYNTH_LOTTIE_WEB ICONSYNTH_CHROMIUM="$chrome"
# The shared launcher and helpers go beside the script (replaced atomically: runs may overlap); each run
# gets its own copy of the script (two tests may run different scripts at once).
for shared in chromium.mjs session.mjs; do
  copied=$(mktemp "$cache/.shared.XXXXXX")
  cp "$here/$shared" "$copied"
  mv -f "$copied" "$cache/$shared"
done
name=$(basename "$script" .mjs)
copy=$(mktemp --suffix=.mjs "$cache/$name.XXXXXX")
trap 'rm -f "$copy"' EXIT
cp "$script" "$copy"
node "$copy" "$@"
