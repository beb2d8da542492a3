#pragma once
// `check`: does a published asset (.lottie, Lottie JSON, or a folder of PNG frames) match our
// synthesis, where not, and by how much, in the players people use? Each animation's variant is
// found from what it draws (look_estimate.h: style, weight, colours, theme, motion; pins hold any
// of them), compared structurally (canvas, timing, layers, markers, slots) and visually: each
// player (rlottie; ThorVG, the engine of dotLottie players) renders the asset as it would for a
// user, our Cairo renders the variant at the same moments (frame_score.h), judged by
// render/compare's size-independent shape metrics. A player that cannot play an animation is
// named, and the others go on.

#include "render/cairo/frame_renderer.h"
#include "render/check/frame_score.h"
#include "render/check/frame_source.h"
#include "render/check/look_estimate.h"
#include "render/lottie/asset_reader.h"
#include "render/scene/scene.h"

#include <optional>
#include <string>
#include <vector>

namespace iconsynth::render::check {

struct CheckOptions {
  int size = 128;                            // px, for every renderer (a folder's frames: their own)
  std::optional<std::string> animation;      // only this animation id
  // Held axes. pins.theme: a bundle's theme id, which ThorVG applies and ours is compared in (with
  // its preset weight); for other targets any theme id the spec's bundle knows.
  VariantPins pins;
  Thresholds thresholds;
  std::vector<Engine> players = {Engine::Rlottie};
  std::optional<lottie::ThorvgRuntime> thorvg;  // needed when players holds Engine::Thorvg
  int player_timeout_s = 30;                 // per player answer, before the child is stopped
};

struct StructuralDifference {
  std::string what, asset, ours;
};

// The worst frames, kept for the report.
struct FrameSample {
  FrameResult result;
  std::vector<std::uint32_t> asset_pixels, our_pixels;
};

// One player's rendering of one animation against ours.
struct PlayerCheck {
  Engine engine = Engine::Rlottie;
  std::string theme;      // the asset theme the player applied ("" = it drew the inline values)
  spec::Variant variant;  // what it was compared with
  std::string look;       // that variant for people (describe_variant)
  std::string how;        // how it was found: what was pinned, what estimated from which frames
  spec::Rgba backdrop;    // the variant's theme's, behind the report's images
  std::string note;       // e.g. that rlottie cannot apply themes
  std::string time_note;  // set when frame rate or duration differ (compared at equal times all the same)
  std::string failure;    // why the player could not play the animation ("" = it played)
  std::vector<FrameResult> frames;
  std::vector<FrameSample> worst;  // up to three, worst first
  bool passed = false;
};

struct AnimationCheck {
  std::string id;
  std::string variant_id;   // "outline-light, weight 2": the first player's variant, short
  std::string found;        // "outline-light · theme dark · weight 2 · #FFFFFF"
  std::string matched_how;  // how it was found
  std::vector<StructuralDifference> structure;
  std::vector<PlayerCheck> players;
  // The first player that played it (every animation checked has one).
  const PlayerCheck& played() const;
  // Every player played the animation and matched.
  bool passed() const;
  // "rlottie matches, ThorVG differs" when the players that played disagree, else "".
  std::string disagreement() const;
};

struct CheckResult {
  std::string asset_name;
  std::string kind;  // "dotLottie v2", "Lottie JSON", "PNG frames"
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
// lottie::AssetError when no player can play an animation.
CheckResult check_asset(const spec::IconSpec& spec, const lottie::Asset& asset, const std::string& asset_name,
                        const CheckOptions& options);

// The same for a folder of frames shown `frame_rate` frames a second, at their own size.
CheckResult check_frames(const spec::IconSpec& spec, const FrameFolder& frames, double frame_rate, const std::string& name,
                         const CheckOptions& options);

// The target's frame `frame` (shown `frame_rate` frames a second) against `scene` at the same
// moment, both `size` px, as check scores every frame; `ours` renders `scene`. The pixels compared,
// when asked for. lottie::AssetError when the source fails.
FrameResult compare_frame(const FrameSource& source, const AnimatedScene& scene, FrameRenderer& ours, int frame, double frame_rate,
                          int size, const Thresholds& thresholds, std::vector<std::uint32_t>* theirs_out = nullptr,
                          std::vector<std::uint32_t>* ours_out = nullptr);

// The worst frame of a player's check (nullptr when no frame was compared).
const FrameResult* worst_frame(const PlayerCheck& check);

// The variant a source shows, as check finds it: the look from its frame 0, the motion from a
// few frames across its duration (`frame_rate` frames a second), each axis held where `pins`
// says; `how` says what was found how. lottie::AssetError when the source fails.
struct FoundVariant {
  spec::Variant variant;
  std::string how;
};
FoundVariant find_variant(const spec::IconSpec& spec, const FrameSource& source, double frame_rate, const VariantPins& pins);

// The few frames across a source's duration (`frame_rate` frames a second) its motion is found
// from, `size` px.
std::vector<TimedFrame> sample_frames(const FrameSource& source, double frame_rate, int size);

}  // namespace iconsynth::render::check
