#pragma once
// check's measure of one frame, which fit minimises too: the target's pixels against ours at the
// same moment, judged by render/compare's size-independent shape metrics. Time is time: the
// target's frame f shows f / its frame rate seconds after its in-point, and ours is sampled at
// that time on our own frame rate (fractional frames are fine), so frame rates and frame counts
// need not agree.

#include "render/compare/image_diff.h"
#include "render/compare/shape_diff.h"

#include <algorithm>

namespace iconsynth::render::check {

// A frame matches when its edges moved at most max(`max_shift` px, `max_shift_units` grid units)
// and its ink colour at most `max_ink` levels. Anti-aliasing noise is a fraction of a pixel at any
// size; curve flattening adds noise that grows with the canvas (rlottie's, above ~256 px).
// render/check/README.md has the calibration behind the defaults.
struct Thresholds {
  double max_shift = 0.16;         // px, the worst window's edge shift (render/compare/shape_diff.h)
  double max_shift_units = 0.01;   // grid units, the same limit where it is larger
  double max_ink = 6;              // 0–255, the mean ink colour's largest channel difference

  // The edge shift allowed at `size` px for a `grid`-unit icon.
  double shift_limit(int size, double grid) const { return std::max(max_shift, max_shift_units * size / grid); }
};

struct FrameResult {
  int asset_frame = 0;
  double our_frame = 0;
  DiffStats stats;   // mean and largest difference, for people
  ShapeDiff shape;   // what the verdict uses
  double score = 0;  // the larger of shift / shift limit and ink / max_ink: ≤ 1 matches
};

// Our frame showing the moment of the target's frame `asset_frame`.
inline double our_frame_at(double asset_frame, double asset_rate, double our_rate) { return asset_frame * our_rate / asset_rate; }

// The target's image against ours (equal sizes) for an icon on a `grid`-unit grid.
FrameResult score_frame(const ImageView& theirs, const ImageView& ours, double grid, const Thresholds& limits);

}  // namespace iconsynth::render::check
