#include "render/check/frame_score.h"

namespace iconsynth::render::check {

namespace {
constexpr int kReportedTolerance = 32;  // the share of pixels beyond it is reported (JSON), not judged
}  // namespace

FrameResult score_frame(const ImageView& theirs, const ImageView& ours, double grid, const Thresholds& limits) {
  FrameResult r;
  r.stats = compare_images(theirs, ours, kReportedTolerance);
  r.shape = compare_shapes(theirs, ours, shape_window(theirs.width, grid));
  r.score = std::max(r.shape.edge_shift / limits.shift_limit(theirs.width, grid), r.shape.ink_delta / limits.max_ink);
  return r;
}

}  // namespace iconsynth::render::check
