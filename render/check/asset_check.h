#pragma once
// `check`: does a published asset (.lottie or Lottie JSON) match our synthesis, where not, and by
// how much? Each animation is matched to a variant, compared structurally (canvas, timing,
// layers, markers, slots) and visually (rlottie renders the asset, Cairo renders the variant,
// frame by frame, with the image metrics of render/compare).

#include "render/compare/image_diff.h"
#include "render/lottie/asset_reader.h"
#include "render/scene/scene.h"

#include <optional>
#include <string>
#include <vector>

namespace iconsynth::render::check {

struct Thresholds {
  int tolerance = 32;       // per-channel difference counted in the share
  double max_mean = 1.0;    // worst frame's mean absolute difference (0–255)
  double max_share = 0.01;  // worst frame's share of pixels beyond the tolerance
};

// A variant named on the command line: "style=solid,motion=strong[,weight=2.5]".
struct VariantChoice {
  spec::Style style;
  spec::Motion motion;
  std::optional<double> weight;
};
// std::invalid_argument naming the bad part.
VariantChoice parse_variant_choice(const std::string& text);

struct CheckOptions {
  int size = 128;                            // px, for both renderers
  std::optional<std::string> animation;      // only this animation id
  std::optional<std::string> theme;          // apply this theme of the asset (and synthesize it)
  std::optional<VariantChoice> variant;      // compare with this variant instead of matching
  Thresholds thresholds;
  int player_timeout_s = 30;                 // per rlottie answer, before the child is stopped
};

struct StructuralDifference {
  std::string what, asset, ours;
};

struct FrameResult {
  int asset_frame;
  double our_frame;
  DiffStats stats;
};

// The worst frames, kept for the report.
struct FrameSample {
  FrameResult result;
  std::vector<std::uint32_t> asset_pixels, our_pixels;
};

struct AnimationCheck {
  std::string id;
  std::string variant_id;     // "outline-light, weight 2, theme dark"
  std::string matched_how;    // "by its id", "as given", "closest of 6 variants (…)"
  std::string theme;          // the theme applied to the asset ("" = its inline colours)
  std::string time_note;      // set when frame rate or duration differ: compared on normalised time
  std::vector<StructuralDifference> structure;
  std::vector<FrameResult> frames;
  std::vector<FrameSample> worst;  // up to three, worst first
  bool passed = false;
};

struct CheckResult {
  std::string asset_name;
  lottie::Asset::Kind kind;
  int size;
  Thresholds thresholds;
  std::vector<AnimationCheck> animations;
  bool passed() const;
};

// Checks every animation of `asset` (or the one asked for). std::invalid_argument for options
// that do not fit the asset (unknown animation or theme id).
CheckResult check_asset(const spec::IconSpec& spec, const lottie::Asset& asset, const std::string& asset_name,
                        const CheckOptions& options);

// The worst frame of an animation check (nullptr when no frame was compared).
const FrameResult* worst_frame(const AnimationCheck& check);

}  // namespace iconsynth::render::check
