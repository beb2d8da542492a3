#!/usr/bin/env bash
# The web tests' one browser session (tests/web/browser_session.mjs), run as a CTest fixture:
#   browser_session.sh ICONSYNTH OUT [CELLS]
# (CELLS "all": only the crisp pages, at every size and ratio: the slow matrix.)
# Writes the package with `ICONSYNTH export --format web` into OUT/site/generative-icons, installs
# tests/web's pinned packages (React, esbuild, TypeScript) and the project's dotlottie-web, and
# leaves the session's results in OUT/results. Env: ICONSYNTH_NPM_CACHE (default /tmp/iconsynth-npm).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$here/../.."
(($# == 2 || $# == 3)) || { echo "usage: browser_session.sh ICONSYNTH OUT [CELLS]" >&2; exit 2; }
cli=$(realpath "$1")
out=$(realpath -m "$2")

rm -rf "$out"
mkdir -p "$out/site"
"$cli" export --format web -o "$out/site/generative-icons" > /dev/null
react="$("$root/tools/npm-install.sh" "$here" "${ICONSYNTH_NPM_CACHE:-/tmp/iconsynth-npm}/web" react)"
dotlottie_web="$("$root/tools/dotlottie-web.sh")"
bash "$root/tests/browser/run.sh" "$here/browser_session.mjs" "$out/site" "$(dirname "$react")" "$dotlottie_web" \
  "$root/README.md" "$out/results" "${3:-sample}"
