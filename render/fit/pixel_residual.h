#pragma once
// The fit's smooth measure of a candidate: the squared difference of every channel of every
// pixel (levels²), summed over the target's players and frames, our frames drawn at the moments
// the target's frames show (check's time is time). Smooth where check's verdict is not: a sub-pixel
// move of an edge changes it quadratically, so a model-based optimiser can follow it.
//
// Frames whose pose (every element's transform and opacity) is the one they had the last time,
// with the same geometry, are not drawn again: a timing that moves only the second round redraws
// only the second round's frames.

#include "render/check/frame_score.h"
#include "render/fit/target_frames.h"
#include "render/scene/evaluate.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace iconsynth::render::fit {

// Σ (a − b)² over every channel of two premultiplied images of one size, levels².
double squared_difference(const std::uint32_t* a, const std::uint32_t* b, std::size_t pixels);

// What a frame shows, as numbers: each element's opacity and, where it shows, its transform.
void pose_of(const FrameScene& frame, std::vector<double>& out);

class PixelResidual {
 public:
  // What is measured per frame: the squared difference summed over the views (the fit's smooth
  // measure), or check's score, the worst of the views (its verdict).
  enum class Measure { SquaredDifference, CheckScore };

  // `target`'s frames at `size` px (every view must have them; `view`: that one only); with a
  // `stride` of k, every k-th frame and the last only.
  PixelResidual(const TargetAnimation& target, int size, Measure measure = Measure::SquaredDifference,
                const check::Thresholds& thresholds = {}, std::optional<std::size_t> view = std::nullopt, std::size_t stride = 1);

  // The residual of `scene` (the sum of the frames' squared differences, or the worst frame's
  // score); `geometry` names what decides its outlines and paints (equal strings: equal
  // geometry), so that unmoved frames are not drawn again.
  double operator()(const AnimatedScene& scene, const std::string& geometry);

  // Each frame's measure in the last call, by target frame index.
  const std::vector<double>& per_frame() const { return residual_; }
  long renders() const { return renders_; }
  int size() const { return size_; }

 private:
  const TargetAnimation& target_;
  int size_;
  Measure measure_;
  check::Thresholds thresholds_;
  std::vector<const TargetView*> views_;
  std::size_t stride_;
  std::string geometry_;
  std::vector<std::vector<double>> pose_;  // [frame] the pose last drawn
  std::vector<double> residual_;           // [frame] its residual
  long renders_ = 0;
};

}  // namespace iconsynth::render::fit
