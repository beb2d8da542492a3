#pragma once
// What `preview --serve --against TARGET` compares the synthesis with while it is tweaked: a
// published asset or a folder of frames, read as `check` reads it. It is played once, before the
// server starts (the players are forked, which a process should do while it has one thread): each
// animation matched to the variant it draws (check's find_variant), its frames drawn by every
// player at check's size, and by the first at the page's size for the page to show. After each
// edit, check's score of an animation is computed again from those frames and ours, as check
// scores every frame (render/check/asset_check.h: compare_frame).

#include "render/check/asset_check.h"
#include "render/check/frame_folder.h"
#include "render/lottie/isolated_player.h"

#include <nlohmann/json.hpp>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace iconsynth::render {

// The target as the CLI read it (tools/iconsynth/target_options.h), and the players to show it.
struct AgainstSource {
  std::string name;                                    // its file or folder name
  std::filesystem::path path;                          // as given, for `fit`
  std::optional<lottie::Asset> asset;
  std::optional<check::FrameFolder> frames;
  double frames_fps = 60;                              // a folder's frame rate
  std::vector<check::Engine> players = {check::Engine::Rlottie};
  std::optional<lottie::ThorvgRuntime> thorvg;
  int player_timeout_s = 30;
  int check_size = 128;                                // check's default
};

class AgainstTarget {
 public:
  // Plays every animation of the target (lottie::AssetError when no player plays one; an
  // animation a player fails on is left to the others, and named).
  AgainstTarget(const spec::IconSpec& base, AgainstSource source, int page_size);
  ~AgainstTarget();

  // For the page: {name, kind, fps, animations: [{id, style, motion, theme, weight, color, frames,
  // fps, columns, players: [names], filmstrip: url}], notes: [..]}.
  nlohmann::ordered_json describe() const;

  // The target's frames of `id` at the page's size as one flipbook (transparent PNG, the page's
  // columns); nullopt for an unknown id.
  std::optional<std::string> filmstrip_png(const std::string& id) const;

  // check's score of animation `id` against `spec` (its variant as found): every player's worst
  // frame, {id, score, passed, frames, players: [{player, score, passed, worstFrame}]}; nullopt for
  // an unknown id.
  std::optional<nlohmann::ordered_json> score(const spec::IconSpec& spec, const std::string& id) const;

  // The ids of the animations that draw `motion`.
  std::vector<std::string> animations_of(const std::string& motion) const;

  const AgainstSource& source() const { return source_; }

 private:
  struct Animation;
  AgainstSource source_;
  int page_size_;
  std::vector<std::unique_ptr<Animation>> animations_;
  std::vector<std::string> notes_;
};

}  // namespace iconsynth::render
