#pragma once
// What `check` and `fit` share on the command line: the target (a .lottie, a Lottie JSON file,
// a folder of PNG frames, or a golden set: its bundle), the players that show it, and the variant
// axes held fixed.

#include "render/check/frame_folder.h"
#include "render/check/frame_source.h"
#include "render/check/look_estimate.h"
#include "render/lottie/asset_reader.h"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

namespace iconsynth::cli {

struct TargetOptions {
  std::string path;
  double fps = 60;  // a frames folder's frame rate
  std::string player = "both", dotlottie_web;
  int player_timeout_s = 30;
  std::uint64_t max_inflated_mib = 64;
  std::string style, motion, theme, color;
  std::optional<double> weight;

  // The positional TARGET and the options above; `what` says what the command does with it.
  void add_to(CLI::App& command, const std::string& what);
  // The axes held (--style, --motion, --theme, --weight, --color).
  render::check::VariantPins pins() const;
};

// A target as read: an asset, or a folder of frames.
struct Target {
  std::string name;  // its file or folder name, for reports
  std::optional<render::lottie::Asset> asset;
  std::optional<render::check::FrameFolder> frames;
};

// Reads the target; std::invalid_argument ("cannot read the asset: …", naming the problem) when
// it cannot be read or breaks a limit.
Target read_target(const TargetOptions& options);

// The players to run. ThorVG needs Node and the pinned dotlottie-web: asked for by name, their
// absence is an error; by default rlottie runs alone and `notes` (and stderr) say why.
void choose_players(const TargetOptions& options, std::vector<render::check::Engine>& players,
                    std::optional<render::lottie::ThorvgRuntime>& thorvg, std::vector<std::string>& notes);

}  // namespace iconsynth::cli
