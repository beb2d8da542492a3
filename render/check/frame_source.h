#pragma once
// What a target draws, frame by frame: a player showing one animation of an asset in its child
// process (render/lottie/isolated_player.h), or a folder of frames. Frame 0 is the in-point.

#include "render/check/frame_folder.h"
#include "render/lottie/isolated_player.h"

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace iconsynth::render::check {

enum class Engine { Rlottie, Thorvg, Frames };
// "rlottie", "ThorVG", "frames".
std::string engine_name(Engine engine);

class FrameSource {
 public:
  virtual ~FrameSource() = default;
  virtual Engine engine() const = 0;
  virtual std::size_t frame_count() const = 0;
  // The one size the source draws at, px (a folder's); 0 when it draws any size.
  virtual int fixed_size() const { return 0; }
  // Frame `frame` on a transparent size × size canvas, premultiplied ARGB32; lottie::AssetError
  // when the player fails.
  virtual std::vector<std::uint32_t> render(std::size_t frame, int size) const = 0;
};

// The frames of a folder (at their own size only).
class FolderSource final : public FrameSource {
 public:
  explicit FolderSource(const FrameFolder& folder) : folder_(folder) {}
  Engine engine() const override { return Engine::Frames; }
  std::size_t frame_count() const override { return folder_.frames.size(); }
  int fixed_size() const override { return folder_.size; }
  std::vector<std::uint32_t> render(std::size_t frame, int size) const override;

 private:
  const FrameFolder& folder_;
};

// The players of one asset, as a user's player would show it: rlottie gets an animation's JSON
// as it is (it knows no slots or themes), forked anew for each; ThorVG gets the whole file and
// reads its manifest, themes and slots itself, one child serving every animation in turn.
class AssetPlayers {
 public:
  AssetPlayers(const lottie::Asset& asset, std::optional<lottie::ThorvgRuntime> thorvg, std::chrono::seconds timeout);
  ~AssetPlayers();

  // `engine` showing `animation`, ThorVG applying the asset's `theme` ("" for none). A ThorVG
  // source is valid until the next ThorVG open. lottie::AssetError when the player cannot load it.
  std::unique_ptr<FrameSource> open(Engine engine, const lottie::AssetAnimation& animation, const std::string& theme,
                                    const std::string& name);

 private:
  const lottie::Asset& asset_;
  std::optional<lottie::ThorvgRuntime> thorvg_runtime_;
  std::chrono::seconds timeout_;
  std::unique_ptr<lottie::IsolatedPlayer> thorvg_;  // kept between animations
  bool thorvg_broken_ = false;                      // it failed rendering: not asked again
};

}  // namespace iconsynth::render::check
