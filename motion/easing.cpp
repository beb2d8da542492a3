#include "motion/easing.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

namespace iconsynth::motion {

namespace {

// Cubic Bézier coordinate with end points 0 and 1 and inner control values a, b.
double bezier_coord(double a, double b, double t) {
  const double s = 1 - t;
  return 3 * s * s * t * a + 3 * s * t * t * b + t * t * t;
}

double bezier_coord_slope(double a, double b, double t) {
  const double s = 1 - t;
  return 3 * s * s * a + 6 * s * t * (b - a) + 3 * t * t * (1 - b);
}

struct NamedEasing {
  std::string_view name;
  Easing easing;
};

const std::array<NamedEasing, 9>& presets() {
  static const std::array<NamedEasing, 9> kPresets{{
      {"linear", Easing::linear()},
      {"hold", Easing::hold()},
      {"ease", Easing::bezier(0.25, 0.1, 0.25, 1.0)},        // CSS
      {"ease-in", Easing::bezier(0.42, 0.0, 1.0, 1.0)},      // CSS
      {"ease-out", Easing::bezier(0.0, 0.0, 0.58, 1.0)},     // CSS
      {"ease-in-out", Easing::bezier(0.42, 0.0, 0.58, 1.0)}, // CSS
      {"swift-out", Easing::bezier(0.55, 0.0, 0.1, 1.0)},    // quick start, long glide: travel
      {"snap", Easing::bezier(0.2, 0.0, 0.0, 1.0)},          // sharp rise: a landing
      {"settle", Easing::bezier(0.4, 0.0, 0.2, 1.0)},        // calm return to rest
  }};
  return kPresets;
}

}  // namespace

Easing Easing::bezier(double x1, double y1, double x2, double y2) {
  return {Kind::Bezier, std::clamp(x1, 0.0, 1.0), y1, std::clamp(x2, 0.0, 1.0), y2};
}

// Newton's method from t = u converges in a few steps on well-behaved curves; where the slope
// vanishes (x handles at 0 or 1) bisection takes over. x(t) is monotone for x handles in [0,1],
// so the bracket always holds the root.
double solve_bezier_t(double x1, double x2, double u) {
  constexpr double kEpsilon = 1e-14;
  double t = u;
  for (int i = 0; i < 8; ++i) {
    const double error = bezier_coord(x1, x2, t) - u;
    if (std::abs(error) < kEpsilon) return t;
    const double slope = bezier_coord_slope(x1, x2, t);
    if (std::abs(slope) < 1e-9) break;
    t -= error / slope;
    if (t < 0 || t > 1) break;
  }
  double lo = 0, hi = 1;
  t = u;
  for (int i = 0; i < 100; ++i) {
    const double x = bezier_coord(x1, x2, t);
    if (std::abs(x - u) < kEpsilon) break;
    (x < u ? lo : hi) = t;
    t = (lo + hi) / 2;
  }
  return t;
}

double Easing::operator()(double u) const {
  u = std::clamp(u, 0.0, 1.0);
  switch (kind) {
    case Kind::Hold: return 0.0;
    case Kind::Linear: return u;
    case Kind::Bezier:
      if (u == 0.0 || u == 1.0) return u;  // the curve's end points are exact
      return bezier_coord(y1, y2, solve_bezier_t(x1, x2, u));
  }
  return u;
}

std::optional<Easing> easing_preset(std::string_view name) {
  for (const NamedEasing& p : presets()) {
    if (p.name == name) return p.easing;
  }
  return std::nullopt;
}

const std::vector<std::string>& easing_preset_names() {
  static const std::vector<std::string> kNames = [] {
    std::vector<std::string> names;
    for (const NamedEasing& p : presets()) names.emplace_back(p.name);
    return names;
  }();
  return kNames;
}

}  // namespace iconsynth::motion
