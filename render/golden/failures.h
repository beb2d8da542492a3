#pragma once
// A golden check's failures by kind: a longer animation, another frame rate, a moved marker or a
// changed state machine reads as itself (in the console, the report, JUnit and GitHub), not only
// as "frame N differs". A new kind is a row of the table in failures.cpp.

#include "render/golden/golden_check.h"

#include <string>
#include <string_view>
#include <vector>

namespace iconsynth::render::golden {

enum class FailureKind {
  MissingVariant,  // the set has it, the spec no longer makes it
  ExtraVariant,    // the spec makes it, the set has no goldens for it
  FrameCount,
  FrameRate,
  Duration,
  Weight,          // the preset's stroke weight
  Frames,          // key frames whose pixels differ (or have no golden image)
  Markers,         // the Lottie markers (named events) moved, or were added or removed
  StateMachine,    // the bundle's state machines
  Lottie,          // any other change of a Lottie export
  Bundle,          // any other change of the bundle
  SetFiles,        // the set's own files are not as its manifest says
};

struct Failure {
  FailureKind kind;
  std::string text;  // "frames 90 → 92", "frame 46 differs: 1.13% of pixels beyond 20 levels (limit 0.50%)"
};

// "frame count", "state machine", …: how people read the kind.
std::string_view kind_name(FailureKind kind);
// "frame-count", "state-machine", …: how machines read it (JUnit's failure type, report markup).
std::string_view kind_id(FailureKind kind);

// A variant's failures, most telling first: length, rate and duration, weight, frames, markers,
// the rest of its Lottie. Empty when it passed.
std::vector<Failure> variant_failures(const VariantCheck& variant, const GoldenSet& set, const Tolerance& tolerance);
// The bundle's: state machines, markers, the rest.
std::vector<Failure> bundle_failures(const LottieCheck& bundle);
// Whether a structural change is a marker's (in a Lottie export, or an animation of a bundle).
bool is_marker_change(const lottie::JsonChange& change);

// "frame 46 differs: 1.13% of pixels beyond 20 levels (limit 0.50%)"; with several accepted
// images it names them: "… from both accepted images, [iconsynth 0.1.0, Cairo 1.16.0, …] and […]".
std::string frame_verdict(const FrameCheck& frame, const VariantCheck& variant, const GoldenSet& set, const Tolerance& tolerance);

// "kind: text", one failure a line of a console or a report.
std::string line(const Failure& failure);

}  // namespace iconsynth::render::golden
