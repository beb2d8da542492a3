#pragma once
// Coordinates for searching a cubic Bézier easing by what it does, not by its handles. Many
// handle sets draw almost the same curve (a slower start made up by a steeper middle), so a
// residual of the frames, as a function of the four handles, is a long narrow valley: a step of
// 0.05 in one handle costs the frames seven times over, while the truth lies 0.2 away along the
// floor. Measured by the curve itself, the valley is round: one unit of each coordinate changes
// the progress by one unit RMS over the segment, whatever the handles.
#include <Eigen/Dense>

#include <array>

namespace iconsynth::render::fit {

using Handles = std::array<double, 4>;  // x1, y1, x2, y2

// The 4×4 basis B at `h`: handles h + B·z change the progress by about ‖z‖ RMS over the
// segment (Gauss–Newton's metric of the progress at evenly spaced moments, whitened). A direction
// the curve cannot tell at all moves the handles at most `most` a unit.
Eigen::Matrix4d progress_basis(const Handles& h, double most = 1000);

}  // namespace iconsynth::render::fit
