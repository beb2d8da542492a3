#pragma once
// Every value of a spec a person may tune, found where it sits: its --set path, its value and
// unit, named in the icon's own words and grouped by motion and clip, as `spec --paths` lists them:
//
//   strong · round 2 · travel frames: motions.strong.timeline.sequence.2.exchange.travel.frames = 20 frames
//
// Every number of the document is listed once (an easing's handles one by one), and so is every
// duration written as "NNNms", every easing as a whole (a preset or its handles) and every theme
// colour. Clips are named by what they do: an exchange by the rounds it makes ("round 2",
// "rounds 2-4" when repeated), a gather, swell or hold by its kind (numbered in the spec's order
// when the motion has several). A number or duration carries the range the loader accepts and the
// step a person tunes it by (spec/value_ranges.h), so an editor's slider and a manual page come
// from this one table.

#include "spec/icon_spec.h"

#include <string>
#include <vector>

namespace iconsynth::spec {

// What a tunable value is, which decides how it is edited.
enum class TunableKind { Number, Duration, Easing, Colour };

// "number", "duration", "easing", "colour".
std::string kind_name(TunableKind kind);

struct TunablePath {
  std::string path;     // for --set: "motions.strong.timeline.sequence.2.exchange.travel.frames"
  std::string pointer;  // the JSON pointer: "/motions/strong/timeline/sequence/2/exchange/travel/frames"
  std::string group;    // "strong · round 2", "layout", "dark theme"
  std::string name;     // "travel frames"; an exchange's swell is its "landing swell"
  // What the value does, in the motion's terms ("how much the receiving module swells as the packet
  // lands …"); empty where the name says it all (layout, colours).
  std::string about;
  Json value;           // 20, or "200ms"
  std::string unit;     // "frames", "ms", "×", "units", "fps", "" for a plain number
  TunableKind kind = TunableKind::Number;
  // Numbers and durations (a duration's in ms): the range the loader accepts for it as the spec
  // stands (a corner at most half its module) and one step of a slider (whole frames for timings).
  double min = 0, max = 0, step = 0;

  // "strong · round 2 · travel frames: motions.strong.….frames = 20 frames"
  std::string line() const;
  // A number's value, a duration's in ms; 0 for an easing or a colour.
  double value_number() const;
};

// Every tunable value of `spec`'s effective document, in the document's order.
std::vector<TunablePath> tunable_paths(const IconSpec& spec);

// What a change of frame rate from `before` to `after` does to the timings written in frames (they
// keep their frames, so their length in ms changes), with each motion's length before and after;
// "" when the rate is the same or no timing is written in frames.
std::string frame_rate_note(const IconSpec& before, const IconSpec& after);

// The --set path of a motion's field (a choreography event's `field`, "timeline/sequence/2/…").
std::string motion_field_path(const std::string& motion, const std::string& field);

}  // namespace iconsynth::spec
