#!/usr/bin/env bash
# Installs a pinned npm package set into a cache folder outside the source tree:
#   tools/npm-install.sh PACKAGE_DIR CACHE_DIR [PACKAGE_NAME]
# With PACKAGE_NAME, it checks that package is installed and prints its folder
# (CACHE_DIR/node_modules/PACKAGE_NAME).
# PACKAGE_DIR holds package.json and package-lock.json; `npm ci` runs in CACHE_DIR only when the
# lock differs from the one last installed there (the stamp is written after a successful
# install). Parallel runs sharing CACHE_DIR (ctest -j) are serialised. Installs Debian's nodejs and
# npm when they are missing and we are root. Logs go to stderr; exit 1 on failure.
set -euo pipefail

die() { echo "npm-install.sh: $*" >&2; exit 1; }
(($# == 2 || $# == 3)) || die "usage: npm-install.sh PACKAGE_DIR CACHE_DIR [PACKAGE_NAME]"
package=$1
cache=$2
name=${3:-}
[[ -f $package/package.json && -f $package/package-lock.json ]] || die "$package has no package.json and package-lock.json"
command -v flock > /dev/null || die "flock not found (util-linux)"

mkdir -p "$cache"
exec 9> "$cache/.setup.lock"
flock 9
stamp="$cache/node_modules/.iconsynth-lock.json"
if ! cmp -s "$package/package-lock.json" "$stamp"; then
  if ! command -v node > /dev/null || ! command -v npm > /dev/null; then
    [[ $(id -u) -eq 0 ]] || die "node/npm not found; run: sudo apt-get install -y nodejs npm"
    echo "npm-install.sh: installing Debian nodejs and npm..." >&2
    export DEBIAN_FRONTEND=noninteractive
    { apt-get install -y -qq nodejs npm || { apt-get update -qq && apt-get install -y -qq nodejs npm; }; } >&2 \
      || die "apt-get install nodejs npm failed"
  fi
  echo "npm-install.sh: npm ci into $cache..." >&2
  cp "$package/package.json" "$package/package-lock.json" "$cache/"
  (cd "$cache" && npm ci --no-audit --no-fund --loglevel=error >&2) || die "npm ci failed in $cache"
  cp "$package/package-lock.json" "$stamp"
fi

if [[ -n $name ]]; then
  [[ -f $cache/node_modules/$name/package.json ]] || die "$cache/node_modules/$name/package.json missing after install"
  echo "$cache/node_modules/$name"
fi
