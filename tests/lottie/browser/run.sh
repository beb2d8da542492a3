#!/usr/bin/env bash
# Render Lottie frames to PNG with lottie-web in headless Chromium (reference images).
#   run.sh --json FILE.json --size PX --frames 0,10,45|all --out DIR [--renderer canvas|svg]
# Installs its pinned npm deps into a cache OUTSIDE the source tree and Debian's chromium
# if missing, then runs render_frames.mjs from that cache (ESM resolves imports next to
# the script, not via NODE_PATH). Env: ICONSYNTH_NPM_CACHE, ICONSYNTH_CHROMIUM.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cache="${ICONSYNTH_NPM_CACHE:-/tmp/iconsynth-npm}/browser"
chrome="${ICONSYNTH_CHROMIUM:-/usr/bin/chromium}"

die() { echo "run.sh: $*" >&2; exit 1; }
command -v node >/dev/null || die "node not found (need Node.js >= 20)"
command -v npm >/dev/null || die "npm not found"
command -v flock >/dev/null || die "flock not found (util-linux)"
mkdir -p "$cache"

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
  # npm ci only when the lock changed; the stamp is written after a successful install.
  if ! cmp -s "$here/package-lock.json" "$cache/node_modules/.iconsynth-lock.json"; then
    echo "run.sh: npm ci into $cache..." >&2
    cp "$here/package.json" "$here/package-lock.json" "$cache/"
    (cd "$cache" && npm ci --no-audit --no-fund --loglevel=error >&2) || die "npm ci failed in $cache"
    cp "$here/package-lock.json" "$cache/node_modules/.iconsynth-lock.json"
  fi
  # Atomic replace so a concurrent run never reads a half-written script.
  if ! cmp -s "$here/render_frames.mjs" "$cache/render_frames.mjs"; then
    cp "$here/render_frames.mjs" "$cache/.render_frames.mjs.tmp"
    mv -f "$cache/.render_frames.mjs.tmp" "$cache/render_frames.mjs"
  fi
}

# Serialize setup between parallel runs (e.g. ctest -j) sharing the cache.
exec 9>"$cache/.setup.lock"
flock 9
setup
flock -u 9
exec 9>&-

ICONSYNTH_CHROMIUM="$chrome" exec node "$cache/render_frames.mjs" "$@"
