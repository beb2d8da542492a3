#!/usr/bin/env bash
# Writes the manual into OUT_DIR/man1, man5 and man7 from the page sources beside this script and
# from the CLI itself. Every source is a help2man include file: roff under [SECTION] headings.
#   section 1  a page per command, iconsynth-<command words>.1.h2m: help2man runs the command's
#              --help for OPTIONS (so they cannot drift from the help), the source gives the rest
#   section 5  iconsynth-spec.5.h2m: its prose, and at its `.\" fields:` line the list of every
#              tunable field, generated from `iconsynth spec --paths --json` (spec_fields.jq)
#   section 7  the guides, iconsynth-<topic>.7.h2m, as written
# Pages are gzipped as Debian wants them and dated by the source's last commit (or the caller's
# SOURCE_DATE_EPOCH), so the same source writes the same bytes.
#   build_pages.sh ICONSYNTH_BINARY OUT_DIR VERSION
set -euo pipefail
shopt -s nullglob
binary=$1 out=$2 version=$3
src=$(cd "$(dirname "$0")" && pwd)
for tool in help2man jq; do
  command -v $tool > /dev/null || { echo "build_pages.sh: $tool not found (tools/deps.sh installs it)" >&2; exit 1; }
done
SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git -C "$src" log -1 --format=%ct 2> /dev/null || date +%s)}
export SOURCE_DATE_EPOCH
month=$(date -u -d "@$SOURCE_DATE_EPOCH" '+%B %Y')
rm -rf "$out"
mkdir -p "$out/man1" "$out/man5" "$out/man7" "$out/bin"

# The subcommands a --help lists, one name a line; with descriptions: "name<TAB>its first line".
subcommands() {
  "$binary" "$@" --help | awk '/^Subcommands:/ { on = 1; next } on && /^  [a-z]/ { print $1 }'
}
described_subcommands() {
  "$binary" "$@" --help | awk '/^Subcommands:/ { on = 1; next } on && /^  [a-z]/ {
    name = $1; sub(/^  [a-z-]+ +/, ""); print name "\t" $0 }'
}

# The top page's COMMANDS: each command and golden's two, its page and the first line of its help.
commands_section() {
  local sub subsub description
  echo '[COMMANDS]'
  while IFS=$'\t' read -r sub description; do
    if [[ -n $(subcommands "$sub") ]]; then
      while IFS=$'\t' read -r subsub description; do
        printf '.TP\n.BR iconsynth\\-%s\\-%s (1)\n%s\n' "$sub" "$subsub" "$(roff_text "$description")"
      done < <(described_subcommands "$sub")
    else
      printf '.TP\n.BR iconsynth\\-%s (1)\n%s\n' "$sub" "$(roff_text "$description")"
    fi
  done < <(described_subcommands)
}

# Text safe in roff: backslashes and hyphens escaped, no control character at a line's start.
roff_text() { sed -e 's/\\/\\e/g' -e 's/-/\\-/g' -e "s/^[.']/\\\\&&/" <<< "$1"; }

# help2man runs a program: each command gets a stand-in named after its page, which drops the help's
# last line (where the full manual is: this page).
section1() {  # section1 WORDS... (after "iconsynth")
  local words="$*" sub
  local name=iconsynth${words:+-${words// /-}}
  # The top page lists its commands itself (COMMANDS): its help's list is left out of OPTIONS.
  printf '#!/bin/sh\n"%s" %s "$@" | grep -v "^The full manual: man " | awk %s\n' "$binary" "$*" \
    "'/^Subcommands:/ { skip = 1; next } skip && /^  / { next } { skip = 0; print }'" > "$out/bin/$name"
  chmod +x "$out/bin/$name"
  local include=$src/$name.1.h2m
  if [[ ! -f $include ]]; then
    echo "build_pages.sh: no $name.1.h2m: its page has only what --help says" >&2
    include=$out/bin/$name.h2m
    : > "$include"
  fi
  # The top page's COMMANDS and SEE ALSO are generated: every command, every page there is. The
  # other pages' sources name what they refer to.
  if ((! $#)); then
    { commands_section  # first of the sections help2man places after OPTIONS in the order it meets them
      sed -n '/^\[/,$p' "$include"
      echo '[SEE ALSO]'
      for sub in $(all_commands); do printf '.BR iconsynth\\-%s (1),\n' "$sub"; done
      for page in "$src"/*.5.h2m "$src"/*.7.h2m; do page=${page##*/}; page=${page%.h2m}; printf '.BR %s (%s),\n' "${page%.*}" "${page##*.}"; done
    } | sed '$s/,$//' > "$out/bin/$name.see-also.h2m"
    include=$out/bin/$name.see-also.h2m
  fi
  local with_include=(--include="$include")
  [[ -s $include ]] || with_include=()
  help2man --no-info --locale=C.UTF-8 --section=1 --source="iconsynth $version" --version-string="$version" \
    "${with_include[@]}" --output="$out/man1/$name.1" "$out/bin/$name"
  for sub in $(subcommands "$@"); do section1 "$@" "$sub"; done
}

# Every command path below the top, dash-joined: render … golden golden-update golden-check …
all_commands() {
  local sub subsub
  for sub in $(subcommands); do
    echo "$sub"
    for subsub in $(subcommands "$sub"); do echo "$sub-$subsub"; done
  done
}

# A section 5 or 7 page from its source: the .TH line, each [SECTION] as .SH, the rest as written;
# the `.\" fields:` line replaced by FIELDS_FILE when given.
assemble() {  # assemble SOURCE SECTION TITLE [FIELDS_FILE]
  local source=$1 section=$2 title=$3 fields=${4:-}
  local name=${source##*/}
  name=${name%.*.h2m}
  {
    printf '.TH %s "%s" "%s" "iconsynth %s" "%s"\n' "${name^^}" "$section" "$month" "$version" "$title"
    awk -v fields="$fields" '
      /^\[[A-Z ]+\]$/ { on = 1; print ".SH " substr($0, 2, length($0) - 2); next }
      !on { next }  # before the first section: comments, as help2man reads them
      /^\.\\" fields:/ {
        if (fields == "") { print "build_pages.sh: " FILENAME " has a fields line but no fields were made" > "/dev/stderr"; exit 1 }
        while ((getline line < fields) > 0) print line
        found = 1; next
      }
      { print }
      END { if (fields != "" && !found) { print "build_pages.sh: " FILENAME " has no .\\\" fields: line" > "/dev/stderr"; exit 1 } }
    ' "$source"
  } > "$out/man$section/$name.$section"
}

section1
"$binary" spec --paths --json | jq -r -f "$src/spec_fields.jq" > "$out/bin/fields.roff"
for page in "$src"/*.5.h2m; do assemble "$page" 5 "File Formats" "$out/bin/fields.roff"; done
for page in "$src"/*.7.h2m; do assemble "$page" 7 "iconsynth Manual"; done
rm -rf "$out/bin"
# No hyphenation and a ragged right edge, as git's pages: a command or path is never split across
# lines, and a synopsis has no stretched gaps.
sed -i '/^\.TH /a .nh\n.ad l' "$out"/man*/*
gzip -9n "$out"/man*/*
