// The easing's own coordinates: one unit of each is one unit of RMS progress, so two handle sets
// that draw almost the same curve are near, however far apart their handles are.
#include "render/fit/easing_metric.h"

#include "motion/easing.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace iconsynth;
using render::fit::Handles;
using render::fit::progress_basis;

namespace {

// RMS of the progress difference over the segment, densely sampled.
double rms_progress(const Handles& a, const Handles& b) {
  const motion::Easing ea = motion::Easing::bezier(a[0], a[1], a[2], a[3]), eb = motion::Easing::bezier(b[0], b[1], b[2], b[3]);
  double sum = 0;
  constexpr int kSamples = 400;
  for (int k = 1; k < kSamples; ++k) sum += std::pow(ea(k / double(kSamples)) - eb(k / double(kSamples)), 2);
  return std::sqrt(sum / (kSamples - 1));
}

Handles moved(const Handles& h, const Eigen::Vector4d& by) { return {h[0] + by[0], h[1] + by[1], h[2] + by[2], h[3] + by[3]}; }

}  // namespace

TEST_CASE("A small step along each coordinate of the easing's basis changes the progress by its length, RMS", "[fit]") {
  for (const Handles& h : {Handles{0.42, 0, 0.58, 1}, Handles{0.13, 0.33, 0.7, 0.97}, Handles{0.2, 0.05, 0.3, 1.2}}) {
    const Eigen::Matrix4d basis = progress_basis(h);
    for (int i = 0; i < 4; ++i) {
      const double step = 1e-4;  // small: along the valley 1e-4 RMS moves the handles by 0.015
      const double rms = rms_progress(h, moved(h, basis.col(i) * step));
      INFO("handles " << h[0] << ", " << h[1] << ", " << h[2] << ", " << h[3] << ", coordinate " << i << ": " << rms);
      CHECK(rms == Approx(step).epsilon(0.1));
    }
  }
}

TEST_CASE("Two handle sets that draw nearly one curve are near in the easing's coordinates, far apart in its handles", "[fit]") {
  // Measured in a fit: the tracks' curve and the truth, 0.3 apart along the handles' valley.
  const Handles found{0.001, 0.0918, 0.5646, 0.9152}, truth{0.13, 0.33, 0.7, 0.97};
  const Eigen::Matrix4d basis = progress_basis(found);
  const Eigen::Vector4d apart(truth[0] - found[0], truth[1] - found[1], truth[2] - found[2], truth[3] - found[3]);
  const Eigen::Vector4d z = basis.fullPivLu().solve(apart);
  INFO("handles " << apart.norm() << " apart, " << z.norm() << " in the basis, " << rms_progress(found, truth) << " RMS progress");
  CHECK(apart.norm() > 0.3);
  CHECK(z.norm() < 0.02);
  // The control: a curve plainly different is far in both.
  const Handles other{0.42, 0, 1, 1};
  const Eigen::Vector4d other_apart(other[0] - found[0], other[1] - found[1], other[2] - found[2], other[3] - found[3]);
  CHECK(basis.fullPivLu().solve(other_apart).norm() > 0.05);
}
