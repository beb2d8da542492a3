#pragma once
// A spec file kept as the text a person wrote, edited value by value. An edit is a change
// `path = value` (the path as --set spells it); applying it replaces only the bytes of that value's
// token, so key order, spacing, comments-free layout and every other number stay as written:
//
//   "swell": { "scale": 1.12, "rise": …      --  motions.light.timeline.exchange.swell.scale = 1.2  -->
//   "swell": { "scale": 1.2, "rise": …
//
// The editor's Save, its changes panel, undo and redo, fit's proposals and the --set lines people
// copy are all lists of these changes: `build --spec saved.json` and `build --spec original.json
// --set …` read the same document.

#include "spec/icon_spec.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace iconsynth::spec {

// One edit: the field at `path` (dots between keys, numbers index arrays) takes `value`.
struct SpecChange {
  std::string path;
  Json value;

  bool operator==(const SpecChange&) const = default;
};

// Where a value's token sits in the text: bytes [begin, end).
struct TokenRange {
  std::size_t begin = 0, end = 0;
};

class SpecDocument {
 public:
  // Parses `text` as JSON (SpecError naming line and column, as the loader does); it is not
  // validated as a spec here.
  explicit SpecDocument(std::string text);

  const std::string& text() const { return text_; }
  const Json& json() const { return json_; }

  // The token of the value at `path`; SpecError as --set gives when the path names no field.
  TokenRange token(std::string_view path) const;

  // The text with each change applied in order, every byte outside the changed tokens as it was.
  // A value equal to `wording`'s at the same path is written as `wording` wrote it ("2.50", not
  // "2.5"), so undoing an edit gives the file's bytes back. SpecError for a path that names no field.
  std::string with_changes(const std::vector<SpecChange>& changes, const SpecDocument* wording = nullptr) const;

 private:
  std::string text_;
  Json json_;
  std::vector<std::pair<std::string, TokenRange>> tokens_;  // by JSON pointer, sorted
};

// A change as text: the value as --set reads it (compact JSON; a string that would not parse as
// JSON unquoted): "motions.light.lead=8", "motions.light.timeline.exchange.travel.ease=snap".
std::string change_text(const SpecChange& change);

// The change "path=value" describes (the value read as --set reads it); SpecError without '='.
SpecChange parse_change(std::string_view assignment);

// The --set flag for a change, quoted for a POSIX shell where it needs to be:
// --set motions.light.lead=8, --set 'motions.light.timeline.exchange.travel.ease=[0.3,0,0.2,1]'.
std::string set_flag(const SpecChange& change);

// The value at `path` of `document`; SpecError when the path names no field.
const Json& value_at(const Json& document, std::string_view path);

}  // namespace iconsynth::spec
