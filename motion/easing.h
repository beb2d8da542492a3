#pragma once
// Easing with exactly Lottie's semantics. A segment between keyframe k and k+1 is shaped by a
// cubic Bézier from (0,0) to (1,1) whose first handle is keyframe k's `o` and whose second is
// keyframe k+1's `i`. Handle x is clamped to [0,1] (so time never runs backwards); y is free
// and may overshoot. Hold and linear are kinds of their own, not fake curves.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace iconsynth::motion {

struct Easing {
  enum class Kind { Hold, Linear, Bezier };

  Kind kind = Kind::Linear;
  // Bézier handles: (x1, y1) is Lottie's `o` on the left key, (x2, y2) its `i` on the right key.
  double x1 = 0, y1 = 0, x2 = 1, y2 = 1;

  static Easing hold() { return {Kind::Hold}; }
  static Easing linear() { return {Kind::Linear}; }
  // Bézier easing; x handles are clamped to [0,1] as Lottie players do.
  static Easing bezier(double x1, double y1, double x2, double y2);

  // Eased progress w for linear progress u in [0,1] through the segment (u is clamped).
  double operator()(double u) const;

  bool operator==(const Easing&) const = default;
};

// Parameter t of the Bézier at which its x reaches u (x1, x2 in [0,1], u in [0,1]).
double solve_bezier_t(double x1, double x2, double u);

// Named presets, each a Bézier (or linear/hold): "linear", "hold", "ease", "ease-in", "ease-out",
// "ease-in-out", and the icon's own "swift-out", "snap", "settle".
std::optional<Easing> easing_preset(std::string_view name);
// The preset names, in a stable order (for help texts and error messages).
const std::vector<std::string>& easing_preset_names();

}  // namespace iconsynth::motion
