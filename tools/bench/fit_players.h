#pragma once
// The fit benchmarks read their targets as `fit` does by default: rlottie, and ThorVG from the
// pinned dotlottie-web (tools/dotlottie-web.sh installs it).

#include "render/fit/target_frames.h"
#include "tools/iconsynth/npm_package.h"

#include <optional>
#include <string>

namespace iconsynth::bench {

// Options that read a target in both players; the reason when ThorVG cannot be found.
inline std::optional<std::string> read_in_both_players(render::fit::TargetOptions& reading) {
  try {
    reading.thorvg = cli::find_thorvg("");
  } catch (const std::exception& e) {
    return e.what();
  }
  reading.players.push_back(render::check::Engine::Thorvg);
  return std::nullopt;
}

}  // namespace iconsynth::bench
