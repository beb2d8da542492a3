#pragma once
// Which variant a target shows, found from what it draws: style, stroke weight, colours, theme
// and motion. `check` compares with what this finds (pins hold any axis the user names), and
// `fit` starts from it: it is the fit's first, cheapest stage.
//
// Colours are solved, not searched. Our scene drawn with probe colours (primary pure red,
// secondary pure green) tells, per pixel, how much of it the primary covers and how much the
// secondary shows; the target is then linear in the two colours (exactly, for opaque colours:
// Cairo and the players composite "over"), so least squares gives both colours at once, and its
// residual says how well that geometry explains the target. Style and weight are searched over
// that residual; the theme is the one whose colours (or whose duotone mix) the colours found are.

#include "render/compare/image_diff.h"
#include "render/scene/scene.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace iconsynth::render::check {

// Axes the user holds fixed (`check --style … --motion … --theme … --weight … --color …`).
struct VariantPins {
  std::optional<std::string> style, motion, theme;
  std::optional<double> weight;
  std::optional<spec::Rgba> color;
};

// Least squares for the two colours over any number of (probe, target) image pairs.
class ColorSolver {
 public:
  // Adds one image pair: `probe` is our drawing in probe colours (probe_colors()), `target` the
  // image to explain, both premultiplied ARGB32 of one size.
  void add(const ImageView& probe, const ImageView& target);
  // Adds every image pair another solver holds.
  void add(const ColorSolver& other);

  struct Solution {
    spec::Rgba primary, secondary;  // straight colours; secondary only when `has_secondary`
    bool has_secondary = false;
    double residual = 0;            // summed squared error, levels², over every pixel and channel
    double pixels = 0;
    double premultiplied_primary[4] = {0, 0, 0, 0}, premultiplied_secondary[4] = {0, 0, 0, 0};  // b, g, r, a as solved
  };
  // The colours that explain the targets best; `secondary` false fits the primary alone.
  Solution solve(bool secondary) const;
  // The summed squared error of this solver's images with another solution's colours.
  double residual_of(const Solution& colours) const;

 private:
  // Per channel (b, g, r, a): Σ t², Σ p·t, Σ s·t; and Σ p², Σ p·s, Σ s² (p, s: primary and
  // secondary coverage, 0–1).
  double tt_[4] = {0, 0, 0, 0}, pt_[4] = {0, 0, 0, 0}, st_[4] = {0, 0, 0, 0};
  double pp_ = 0, ps_ = 0, ss_ = 0, pixels_ = 0;
};

// `scene` with every primary paint pure opaque red and every secondary pure opaque green.
AnimatedScene probe_colors(const AnimatedScene& scene);

// What an image shows, as a variant of the spec's icon.
struct Look {
  spec::Variant variant;         // style, weight, theme and colour (nullopt: the theme's own primary)
  spec::Rgba primary, secondary;  // the colours as found (secondary when the style shows one)
  double residual = 0;            // per pixel and channel, levels²: how well the look explains the image
  std::string theme_how;          // why that theme: "its primary", "its duotone mix", "undetermined …"
};

// The look `rest` (premultiplied ARGB32, size × size: the target's frame 0) shows, held to
// `pins`; our frame 0 of `motion` is the pose it is held against.
Look estimate_look(const spec::IconSpec& spec, const std::vector<std::uint32_t>& rest, int size, const VariantPins& pins,
                   const std::string& motion);

// A frame of the target at a time, for finding the motion.
struct TimedFrame {
  double seconds;                       // after the in-point
  std::vector<std::uint32_t> pixels;    // premultiplied ARGB32, size × size
};

// How like `frames` each of the spec's motions looks in `variant` (its motion aside), in the spec's
// order: check's mean score over the frames, at equal times or at equal shares of the duration (the
// last frame's time), whichever is nearer.
std::vector<std::pair<std::string, double>> motion_scores(const spec::IconSpec& spec, const spec::Variant& variant,
                                                          const std::vector<TimedFrame>& frames, int size);

// The spec's motion whose frames look most like `frames` in `look` (motion_scores' lowest);
// `score` receives its mean score.
std::string estimate_motion(const spec::IconSpec& spec, const Look& look, const std::vector<TimedFrame>& frames, int size,
                            double* score = nullptr);

// "outline-light · theme light · weight 2.5 · #111827": what a variant is, for people.
std::string describe_variant(const spec::IconSpec& spec, const spec::Variant& variant);

}  // namespace iconsynth::render::check
