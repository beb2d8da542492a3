#pragma once
// `check`: does a published asset (.lottie or Lottie JSON) match our synthesis, where not, and by
// how much, in the players people use? Each animation is matched to a variant, compared
// structurally (canvas, timing, layers, markers, slots) and visually: each player (rlottie;
// ThorVG, the engine of dotLottie players) renders the asset as it would for a user, our Cairo
// renders the variant, frame by frame, judged by render/compare's size-independent shape metrics.

#include "render/compare/image_diff.h"
#include "render/compare/shape_diff.h"
#include "render/lottie/asset_reader.h"
#include "render/lottie/isolated_player.h"
#include "render/scene/scene.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace iconsynth::render::check {

// A frame matches when its edges moved at most max(`max_shift` px, `max_shift_units` grid units)
// and its ink colour at most `max_ink` levels. Anti-aliasing noise is a fraction of a pixel at any
// size; curve flattening adds noise that grows with the canvas (rlottie's, above ~256 px). README,
// "How check decides", has the calibration behind the defaults.
struct Thresholds {
  double max_shift = 0.16;         // px, the worst window's edge shift (render/compare/shape_diff.h)
  double max_shift_units = 0.01;   // grid units, the same limit where it is larger
  double max_ink = 6;              // 0–255, the mean ink colour's largest channel difference

  // The edge shift allowed at `size` px for a `grid`-unit icon.
  double shift_limit(int size, double grid) const { return std::max(max_shift, max_shift_units * size / grid); }
};

// A variant named on the command line: "style=solid,motion=strong[,weight=2.5]".
struct VariantChoice {
  std::string style, motion;  // checked against the spec by check_asset
  std::optional<double> weight;
};
// std::invalid_argument naming the bad part.
VariantChoice parse_variant_choice(const std::string& text);

enum class Engine { Rlottie, Thorvg };
// "rlottie", "ThorVG".
std::string engine_name(Engine engine);

struct CheckOptions {
  int size = 128;                            // px, for every renderer
  std::optional<std::string> animation;      // only this animation id
  std::optional<std::string> theme;          // players that can, apply this theme of the asset
  std::optional<VariantChoice> variant;      // compare with this variant instead of matching
  Thresholds thresholds;
  std::vector<Engine> players = {Engine::Rlottie};
  std::optional<lottie::ThorvgRuntime> thorvg;  // needed when players holds Engine::Thorvg
  int player_timeout_s = 30;                 // per player answer, before the child is stopped
};

struct StructuralDifference {
  std::string what, asset, ours;
};

struct FrameResult {
  int asset_frame;
  double our_frame;
  DiffStats stats;   // mean and largest difference, for people
  ShapeDiff shape;   // what the verdict uses
  double score = 0;  // the larger of shift / max_shift and ink / max_ink: ≤ 1 matches
};

// The worst frames, kept for the report.
struct FrameSample {
  FrameResult result;
  std::vector<std::uint32_t> asset_pixels, our_pixels;
};

// One player's rendering of one animation against ours.
struct PlayerCheck {
  Engine engine;
  std::string theme;      // the asset theme the player applied ("" = it drew the inline values)
  std::string compared;   // the theme our variant was synthesized in
  spec::Rgba backdrop;    // that theme's, behind the report's images
  std::string note;       // e.g. that rlottie cannot apply themes
  std::string time_note;  // set when frame rate or duration differ: compared on normalised time
  std::vector<FrameResult> frames;
  std::vector<FrameSample> worst;  // up to three, worst first
  bool passed = false;
};

struct AnimationCheck {
  std::string id;
  std::string variant_id;   // "outline-light, weight 2"
  std::string matched_how;  // "by its id", "as given", "closest of 6 variants (…)"
  std::vector<StructuralDifference> structure;
  std::vector<PlayerCheck> players;
  bool passed() const;
  // "rlottie matches, ThorVG differs" when the players disagree, else "".
  std::string disagreement() const;
};

struct CheckResult {
  std::string asset_name;
  lottie::Asset::Kind kind;
  int size;
  double grid;  // of our icon, for the shift limit
  Thresholds thresholds;
  std::vector<std::string> notes;  // e.g. why a player asked for by default is missing
  std::vector<std::string> interaction;  // markers' and state machines' problems (interaction_check.h)
  std::vector<AnimationCheck> animations;
  bool passed() const;
};

// Checks every animation of `asset` (or the one asked for) with every player of the options.
// std::invalid_argument for options that do not fit the asset (unknown animation or theme id);
// lottie::AssetError when a player cannot load or play it.
CheckResult check_asset(const spec::IconSpec& spec, const lottie::Asset& asset, const std::string& asset_name,
                        const CheckOptions& options);

// The worst frame of a player's check (nullptr when no frame was compared).
const FrameResult* worst_frame(const PlayerCheck& check);

}  // namespace iconsynth::render::check
