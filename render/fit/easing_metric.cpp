#include "render/fit/easing_metric.h"

#include "motion/easing.h"

namespace iconsynth::render::fit {

namespace {

constexpr int kSamples = 100;   // moments across the segment the progress is compared at
constexpr double kDelta = 1e-5; // handle step of the finite differences

// The progress at the samples' moments, inner ones only (the ends are 0 and 1 for every curve).
Eigen::VectorXd progress(const Handles& h) {
  const motion::Easing e = motion::Easing::bezier(h[0], h[1], h[2], h[3]);
  Eigen::VectorXd out(kSamples - 1);
  for (int k = 1; k < kSamples; ++k) out[k - 1] = e(static_cast<double>(k) / kSamples);
  return out;
}

}  // namespace

Eigen::Matrix4d progress_basis(const Handles& h, double most) {
  Eigen::Matrix<double, Eigen::Dynamic, 4> jacobian(kSamples - 1, 4);
  const Eigen::VectorXd here = progress(h);
  for (int i = 0; i < 4; ++i) {
    Handles moved = h;
    // Inward from a bound: an x handle is clamped to [0, 1].
    const double d = (i % 2 == 0 && h[i] + kDelta > 1) ? -kDelta : kDelta;
    moved[i] += d;
    jacobian.col(i) = (progress(moved) - here) / d;
  }
  jacobian /= std::sqrt(static_cast<double>(kSamples - 1));  // RMS, not a sum
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix4d> eigen(jacobian.transpose() * jacobian);
  Eigen::Matrix4d basis;
  for (int i = 0; i < 4; ++i) {
    // One unit of z: one unit of RMS progress.
    const double length = std::min(most, 1 / std::sqrt(std::max(eigen.eigenvalues()[i], 1e-300)));
    basis.col(i) = eigen.eigenvectors().col(i) * length;
  }
  return basis;
}

}  // namespace iconsynth::render::fit
