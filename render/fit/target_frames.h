#pragma once
// What a fit target draws: each animation's frames as the players draw them (render/check's
// isolated rlottie and ThorVG children, or a folder of PNG frames), rendered once at every size the
// fit asks for and kept, with the variant check finds in them (the fit's first stage). Frame f of
// an animation shows the moment f / frame_rate seconds after its in-point.

#include "render/check/asset_check.h"
#include "render/check/frame_folder.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace iconsynth::render::fit {

using Frames = std::vector<std::vector<std::uint32_t>>;  // premultiplied ARGB32, size × size each

// One player's frames of an animation.
struct TargetView {
  check::Engine engine;
  std::map<int, Frames> frames;  // by size in px
  int rest_size = 0;             // px of `rest`
  Frames rest;                   // its first frame larger still, for the rest pose's sizes
};

struct TargetAnimation {
  std::string id;
  std::string name;                  // its own name, where it has one (a Lottie's "nm": "gpu-cluster solid-light")
  double frame_rate = 60;
  double duration = 0;               // in its own frames (a Lottie's op - ip; a folder's frame count)
  std::vector<TargetView> views;     // every player that played it
  std::vector<std::string> failures; // the players that could not, and why
  spec::Variant variant;             // as check finds it (style, weight, colours, theme, motion)
  std::string found_how;

  // Frames of the first view at `size` (each view has every size asked for).
  const Frames& frames(int size, std::size_t view = 0) const { return views.at(view).frames.at(size); }
};

// A colour theme of a bundle as ThorVG draws it: the rest frame of one animation (a duotone one if
// there is one: its secondary shows the theme's mix) with the theme applied, for the fit to solve
// the theme's colours from once it knows the weight and layout.
struct TargetTheme {
  std::string id;
  std::string animation;                // which animation shows it
  int size = 0;
  std::vector<std::uint32_t> rest;      // its frame 0, size × size
};

struct Target {
  std::string name;
  std::string kind;  // "dotLottie v2", "Lottie JSON", "PNG frames"
  std::vector<TargetAnimation> animations;
  std::vector<TargetTheme> themes;
  std::vector<std::string> notes;  // what could not be read from the frames, and why
  std::string initial;             // the animation a bundle's players show first ("" when it says none)
};

struct TargetOptions {
  std::vector<int> sizes = {64, 128};  // px, for players (a folder's frames have their own)
  // px of the first frame for the rest pose's sizes: at 128 px the players' round caps
  // and corners read a few hundredths of a unit off what they are; at 256 they do not.
  int rest_size = 256;
  std::vector<check::Engine> players = {check::Engine::Rlottie};
  std::optional<lottie::ThorvgRuntime> thorvg;
  int player_timeout_s = 30;
  check::VariantPins pins;
};

// Every animation of `asset` drawn by every player at every size. lottie::AssetError when no player
// plays an animation.
Target read_asset_target(const spec::IconSpec& spec, const lottie::Asset& asset, const std::string& name, const TargetOptions& options);
// A folder of frames shown `frame_rate` frames a second.
Target read_frames_target(const spec::IconSpec& spec, const check::FrameFolder& folder, double frame_rate, const std::string& name,
                          const TargetOptions& options);

// Each animation's look found again in the frames already drawn (its first player's, at `size` px
// or the one size a folder has), against `spec`'s layout and weight: a target far from the base
// misleads the look found at the base's (a solid card with padding 1.53 was read as an outline),
// a first fit's spec much less (its motions' tails should be the base's: check plays each motion
// whole across the target's duration). True when any animation's style or motion reads otherwise.
bool find_looks_again(const spec::IconSpec& spec, Target& target, int size, const check::VariantPins& pins);

// The motion `a` shows, read again in its first player's frames (at `size` px, or the one size a
// folder has) against a spec a fit found, drawn in `look` (its style, weight and theme; its motion
// the one `a` is read as): check's motion finding at a layout a fit found, not the base's. `specs`
// are that spec with each packet size tried (the rest pose cannot show it), and each motion is
// judged at the one that explains it best. Another motion is taken only where it explains the
// frames plainly better (check's mean score at most half that of `look`'s motion). `how` receives
// the scores.
std::string find_motion_again(const std::vector<spec::IconSpec>& specs, const TargetAnimation& a, const spec::Variant& look, int size,
                              std::string* how = nullptr);

}  // namespace iconsynth::render::fit
