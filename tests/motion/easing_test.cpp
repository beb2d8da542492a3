#include "motion/easing.h"

#include <catch2/catch.hpp>

#include <cmath>

using iconsynth::motion::Easing;
using iconsynth::motion::easing_preset;
using iconsynth::motion::solve_bezier_t;

namespace {
// An independent reference: sample the curve densely and interpolate, no Newton, no bisection.
double reference_ease(double x1, double y1, double x2, double y2, double u) {
  auto coord = [](double a, double b, double t) {
    const double s = 1 - t;
    return 3 * s * s * t * a + 3 * s * t * t * b + t * t * t;
  };
  constexpr int kSteps = 200000;
  double prev_t = 0, prev_x = 0;
  for (int i = 1; i <= kSteps; ++i) {
    const double t = static_cast<double>(i) / kSteps;
    const double x = coord(x1, x2, t);
    if (x >= u) {
      const double tt = prev_t + (t - prev_t) * (u - prev_x) / (x - prev_x);
      return coord(y1, y2, tt);
    }
    prev_t = t;
    prev_x = x;
  }
  return 1;
}
}  // namespace

TEST_CASE("CSS ease at x = 0.5 gives the published y of about 0.8024", "[motion][easing]") {
  const Easing ease = *easing_preset("ease");
  CHECK(ease(0.5) == Approx(0.8024).margin(1e-4));
  CHECK(ease(0.5) == Approx(reference_ease(0.25, 0.1, 0.25, 1.0, 0.5)).margin(1e-7));
}

TEST_CASE("Bezier easing matches a dense independent sampling across its range", "[motion][easing]") {
  const double handles[][4] = {{0.42, 0, 0.58, 1}, {0.55, 0, 0.1, 1}, {0.2, 0, 0, 1}, {0.3, 1.6, 0.6, -0.4}, {1, 0, 0, 1}};
  for (const auto& h : handles) {
    const Easing ease = Easing::bezier(h[0], h[1], h[2], h[3]);
    for (double u = 0.05; u < 1; u += 0.05) {
      INFO("handles " << h[0] << "," << h[1] << "," << h[2] << "," << h[3] << " u=" << u);
      CHECK(ease(u) == Approx(reference_ease(h[0], h[1], h[2], h[3], u)).margin(1e-6));
    }
  }
}

TEST_CASE("The x solve is exact and monotone, even with handles at the ends", "[motion][easing]") {
  const double xs[][2] = {{0.42, 0.58}, {0, 1}, {1, 0}, {0, 0}, {1, 1}, {0.9, 0.1}};
  for (const auto& x : xs) {
    double previous_t = -1;
    for (int i = 0; i <= 1000; ++i) {
      const double u = i / 1000.0;
      const double t = solve_bezier_t(x[0], x[1], u);
      const double s = 1 - t;
      const double x_of_t = 3 * s * s * t * x[0] + 3 * s * t * t * x[1] + t * t * t;
      INFO("x1=" << x[0] << " x2=" << x[1] << " u=" << u);
      CHECK(std::abs(x_of_t - u) < 1e-12);
      CHECK(t >= previous_t);
      previous_t = t;
    }
  }
}

TEST_CASE("Overshooting y handles are preserved, not clamped", "[motion][easing]") {
  const Easing back = Easing::bezier(0.3, 1.8, 0.6, 1.0);
  double peak = 0;
  for (double u = 0; u <= 1; u += 0.01) peak = std::max(peak, back(u));
  CHECK(peak > 1.05);
  const Easing anticipate = Easing::bezier(0.4, -0.6, 0.6, 1.0);
  CHECK(anticipate(0.15) < 0);
}

TEST_CASE("x handles are clamped to [0, 1] as in Lottie players", "[motion][easing]") {
  const Easing e = Easing::bezier(-0.5, 0.2, 1.7, 0.8);
  CHECK(e.x1 == 0);
  CHECK(e.x2 == 1);
  CHECK(e.y1 == 0.2);
  CHECK(e.y2 == 0.8);
}

TEST_CASE("Linear, hold and the Bezier (0,0,1,1) behave as their names say", "[motion][easing]") {
  const Easing straight = Easing::bezier(0, 0, 1, 1);
  for (double u = 0; u <= 1; u += 0.125) {
    CHECK(Easing::linear()(u) == u);
    CHECK(straight(u) == Approx(u).margin(1e-12));
    CHECK(Easing::hold()(u) == 0);
  }
  CHECK(Easing::linear()(1.5) == 1);  // progress is clamped
  CHECK(Easing::linear()(-0.5) == 0);
}

TEST_CASE("Every named preset exists and unknown names do not", "[motion][easing]") {
  for (const std::string& name : iconsynth::motion::easing_preset_names()) CHECK(easing_preset(name).has_value());
  CHECK_FALSE(easing_preset("bounce").has_value());
  CHECK(easing_preset("ease-in-out")->x1 == 0.42);
}
