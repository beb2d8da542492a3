#!/usr/bin/env bash
# Validate Lottie files against the official schema: run.sh FILE...
# npm dependencies go to a cache folder outside the source tree (tools/npm-install.sh).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cache="${ICONSYNTH_NPM_CACHE:-/tmp/iconsynth-npm}/schema"

# Exit 2 (not 1, which would read as "invalid Lottie") if the install fails.
"$here/../../../tools/npm-install.sh" "$here" "$cache" || exit 2
# ESM ignores NODE_PATH, so run a copy placed next to node_modules.
# Replace it atomically so a concurrent run never reads a half-written file.
if ! cmp -s "$here/validate.mjs" "$cache/validate.mjs"; then
  cp "$here/validate.mjs" "$cache/.validate.mjs.$$"
  mv -f "$cache/.validate.mjs.$$" "$cache/validate.mjs"
fi
exec node "$cache/validate.mjs" "$@"
