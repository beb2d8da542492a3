#pragma once
// `fit`: from a published asset back to the spec that regenerates it; check run backwards. The
// target is read through check's players (target_frames.h) and judged by check's measure; every
// candidate is a spec (param_table.h) loaded and built like any other, so whatever fit finds,
// every backend regenerates. The stages, cheapest first:
//   1. look     check's variant finding on each animation: style, weight, colours, theme, motion
//   2. rest     the weight and the layout's sizes against the rest frames (first and last), the
//               colours solved in closed form at every step (look_estimate.h's ColorSolver)
//   3. motion   per motion shown: its tracks measured from every player's frames (tracks.h), its
//               timings, scales and easings fitted to them (track_fit.h); the packet's size to
//               the pixels of its flight
//   4. presets  an easing becomes a named preset where one near the curve found, the motion's
//               other parameters fitted again around it, explains the tracks as well
//   5. pixels   per motion: its custom easings refined on the squared pixel difference
//               (pixel_residual.h) in the curve's own coordinates (easing_metric.h); a custom
//               easing becomes a preset near it where the pixels like it as well
//   6. judge    check's score on every frame of every player; where it fails, where the residual
//               sits
//   7. plainest among the specs that draw the target alike (check's verdict, and the squared
//               difference within the pixels' own noise), the one nearest the base: the fewest
//               values changed, then the smallest changes (fit_plainest.cpp); the layout values
//               whose every value over a range draws the same outlines; per parameter, the range
//               over which check still passes with the others held
// Parameters the frames cannot see (a motion the target does not show, a timing whose change moves
// nothing drawn) keep their base values and are reported as such.

#include "render/check/frame_score.h"
#include "render/check/look_estimate.h"
#include "render/fit/fit_budget.h"
#include "render/fit/param_table.h"
#include "render/fit/residual_spots.h"
#include "render/fit/target_frames.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace iconsynth::render::fit {

struct FitOptions {
  std::vector<std::string> free, fix;  // spec path prefixes: only the free ones move, never the fixed
  int coarse_size = 64, fine_size = 128;  // px of the players' frames (a folder's frames: their own)
  check::Thresholds thresholds;
  bool ranges = true;   // find each parameter's passing range (the report's "how well determined")
  int max_evaluations = 0;  // caps every search's evaluations (0: each stage's own budget)
  FitBudget budget;         // the whole fit's time, shared by every fit again; spent: the best spec so far
  check::VariantPins pins;  // the look given (--style, --motion, …): kept wherever the look is found again
  // Told as each stage starts and as each stage, loop or restart ends: what it did, its own time,
  // and the budget spent ("[3.2 s of 15 s] rest pose … 0.12 s"), if set.
  std::function<void(const std::string&)> progress;
};

enum class ParamState { Fitted, Fixed, Undetermined, NotShown };
// "fitted", "fixed", "undetermined", "not in the target".
std::string state_name(ParamState state);

struct FittedParam {
  std::string path;
  Family family;
  std::string unit;
  double value = 0, base = 0;
  std::string text, base_text;  // as the spec writes them ("ease-in-out", "#E5484D", "solid"); "" for plain numbers
  ParamState state = ParamState::Fitted;
  std::optional<double> pass_low, pass_high;  // check still passes between them, the others held
  std::string note;
};

struct ViewFit {
  check::Engine engine;
  std::vector<double> scores;  // check's score per frame (≤ 1 matches)
  bool passed = false;
};

struct AnimationFit {
  std::string id;
  spec::Variant variant;
  std::string look;                   // the variant for people (check's describe_variant)
  std::string found;                  // how its look was found
  std::vector<ViewFit> views;
  std::vector<std::string> failures;  // players that could not play it
  std::vector<ResidualSpot> spots;    // where the residual sits, when it does not match
  // The first player's worst frame, the target's and ours side by side in the report.
  int worst_frame = -1;
  std::vector<std::uint32_t> worst_target, worst_ours;
  spec::Rgba backdrop;                // its theme's, behind the report's images
  bool passed() const;
};

// A layout value the frames cannot tell from others: every value from `low` to `high` (the others
// held) draws the very same outlines at the weight the target shows.
struct SameDrawing {
  std::string path;
  double low = 0, high = 0;
  std::string drawn;  // what the icon draws it as, and why ("2, on the keylines"), where it draws another value
};

struct FitResult {
  spec::Json spec;                     // the fitted spec document, complete
  std::vector<FittedParam> params;
  std::vector<SameDrawing> same_drawing;  // the layout values the frames cannot tell apart, and over what range
  std::vector<AnimationFit> animations;
  std::vector<std::string> notes;
  std::vector<std::string> stages;     // what each stage did: evaluations and how it stopped
  bool converged = true;               // every optimiser stopped by its tolerance, and the fit's budget was not spent
  long renders = 0;                    // frames our renderer drew
  double seconds = 0;
  int size = 0;                        // px the verdict was judged at
  bool matched() const;
};

// Fits `base` (a spec document) to `target`. std::invalid_argument for options that name no parameter.
FitResult fit_target(const spec::Json& base, const Target& target, const FitOptions& options);

}  // namespace iconsynth::render::fit
