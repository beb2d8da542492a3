#!/usr/bin/env bash
# Validate Lottie files against the official schema: run.sh FILE...
# npm dependencies go to a cache folder outside the source tree, reinstalled
# (npm ci, from the committed lock file) only when the lock file changes.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cache="${ICONSYNTH_NPM_CACHE:-/tmp/iconsynth-npm}/schema"

# Fresh machines may lack node; Debian's packages are enough (we run as root).
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >&2
fi

mkdir -p "$cache"
# CTest may run several of these at once: serialise install and copy.
exec 9>"$cache/.lock"
flock 9
if [[ ! -d "$cache/node_modules" ]] || ! cmp -s "$here/package-lock.json" "$cache/.installed-lock.json"; then
  cp "$here/package.json" "$here/package-lock.json" "$cache/"
  # Exit 2 (not npm's 1, which would read as "invalid Lottie") if install fails.
  (cd "$cache" && npm ci --no-audit --no-fund --loglevel=error) >&2 || exit 2
  cp "$here/package-lock.json" "$cache/.installed-lock.json"
fi
# ESM ignores NODE_PATH, so run a copy placed next to node_modules.
# Replace it atomically so a concurrent run never reads a half-written file.
if ! cmp -s "$here/validate.mjs" "$cache/validate.mjs"; then
  cp "$here/validate.mjs" "$cache/validate.mjs.tmp"
  mv "$cache/validate.mjs.tmp" "$cache/validate.mjs"
fi
flock -u 9
exec 9>&-

exec node "$cache/validate.mjs" "$@"
