# The FIELDS list of iconsynth-spec(5), in roff, from `iconsynth spec --paths --json`: one
# subsection per group (as `spec --paths` groups them), one tagged paragraph per path: what it is
# and, where the entry says (`about`), what it does; its value in the built-in spec (the default),
# its unit, and its range and step where the entry carries them (`min`, `max`, `step`; a
# duration's range in ms). Entries are read by name, so fields the table gains later show up
# without a change here.

# Text safe in roff: backslashes and hyphens escaped, no control character at a line's start.
def roff: gsub("\\\\"; "\\e") | gsub("-"; "\\-") | gsub("^(?<c>[.'])"; "\\&\(.c)");

def shown: if type == "string" then . elif type == "number" then tostring else tojson end;

# The unit in words: " (grid units)"; nothing for a plain number.
def unit_words: if (. // "") == "" then "" elif . == "units" then " (grid units)" else " (\(.))" end;

def range_text:
  if (.min != null) and (.max != null) then
    " Range: \(.min | tostring) to \(.max | tostring)"
    + ((if .kind == "duration" then "ms" else .unit end) | unit_words)
    + (if (.step // 0) > 0 then ", step \(.step | tostring)" else "" end) + "."
  else "" end;

def kind_text: if (.kind // "number") == "number" then "" else " A\(if .kind | test("^[aeiou]") then "n" else "" end) \(.kind)." end;

reduce .[] as $p ({group: null, lines: []};
  (if $p.group != .group then .lines += [".SS \($p.group | roff)"] else . end)
  | .group = $p.group
  | .lines += [
      ".TP",
      ".B \($p.path | roff)",
      ("\($p.name)\(if ($p.about // "") == "" then "" else ": \($p.about)" end). Default: \($p.value | shown)\(if ($p.value | type) == "string" then "" else $p.unit | unit_words end)."
        + ($p | range_text) + ($p | kind_text) | roff)
    ])
| .lines[]
