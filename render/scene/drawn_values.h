#pragma once
// Values a spec writes that the icon draws as another value, so that changing them (within a
// range) changes nothing drawn: a size the keylines round to a whole unit (a die of 1.75 is drawn
// as 2), a die clamped by the room its card leaves or left out below its min_size, a packet grown
// to read over its link at every weight. Said beside `--set` and in the preview, so a person
// tuning a value knows when it does nothing; fit names them among the values the frames cannot tell.
//
// Weight-dependent rules count only where they hold at every weight: a die that only a heavy
// stroke shrinks, or a packet that grows only at heavy weights, is optical compensation, not a
// value that does nothing.

#include "spec/icon_spec.h"

#include <string>
#include <vector>

namespace iconsynth::render {

struct DrawnValue {
  std::string path;   // the --set path: "layout.die.size"
  double written = 0; // as the spec writes it
  double drawn = 0;   // as the icon draws it, in the spec's units (0: left out)
  std::string why;    // "on the keylines", "clamped by its card", "below min_size: left out", …
};

// The values of `spec` that are drawn as another value, in tunable-path order; why: "on the keylines",
// "clamped by its card", "below min_size: left out", ...
std::vector<DrawnValue> drawn_values(const spec::IconSpec& spec);

// The --set paths whose values the spec's keylines round (whichever values they hold now), in
// tunable-path order; none without keylines.
std::vector<std::string> keyline_paths(const spec::IconSpec& spec);

// "layout.die.size 1.75 is drawn as 2 (on the keylines)".
std::string drawn_value_text(const DrawnValue& value);

}  // namespace iconsynth::render
