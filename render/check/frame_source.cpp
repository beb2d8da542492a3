#include "render/check/frame_source.h"

#include <stdexcept>

namespace iconsynth::render::check {

namespace {

// A player's frames: the child process answers each request.
class PlayerSource final : public FrameSource {
 public:
  // `owned` holds an rlottie child of this source alone; ThorVG's is shared and not owned, and
  // `broken` tells its owner when it failed.
  PlayerSource(Engine engine, lottie::IsolatedPlayer& player, std::unique_ptr<lottie::IsolatedPlayer> owned, bool* broken)
      : engine_(engine), player_(player), owned_(std::move(owned)), broken_(broken) {}
  Engine engine() const override { return engine_; }
  std::size_t frame_count() const override { return player_.frame_count(); }
  std::vector<std::uint32_t> render(std::size_t frame, int size) const override {
    try {
      return player_.render(frame, size);
    } catch (const lottie::AssetError&) {
      if (broken_) *broken_ = true;
      throw;
    }
  }

 private:
  Engine engine_;
  lottie::IsolatedPlayer& player_;
  std::unique_ptr<lottie::IsolatedPlayer> owned_;
  bool* broken_;
};

}  // namespace

std::string engine_name(Engine engine) {
  switch (engine) {
    case Engine::Rlottie: return "rlottie";
    case Engine::Thorvg: return "ThorVG";
    case Engine::Frames: return "frames";
  }
  return "?";
}

std::vector<std::uint32_t> FolderSource::render(std::size_t frame, int size) const {
  if (size != folder_.size || frame >= folder_.frames.size()) {
    throw std::logic_error("frame " + std::to_string(frame) + " at " + std::to_string(size) + " px asked of a folder of " +
                           std::to_string(folder_.frames.size()) + " frames at " + std::to_string(folder_.size) + " px");
  }
  return folder_.frames[frame];
}

AssetPlayers::AssetPlayers(const lottie::Asset& asset, std::optional<lottie::ThorvgRuntime> thorvg, std::chrono::seconds timeout)
    : asset_(asset), thorvg_runtime_(std::move(thorvg)), timeout_(timeout) {}

AssetPlayers::~AssetPlayers() = default;

std::unique_ptr<FrameSource> AssetPlayers::open(Engine engine, const lottie::AssetAnimation& animation, const std::string& theme,
                                                const std::string& name) {
  if (engine == Engine::Rlottie) {
    auto player = std::make_unique<lottie::IsolatedPlayer>(animation.document.dump(), name, timeout_);
    lottie::IsolatedPlayer& ref = *player;
    return std::make_unique<PlayerSource>(engine, ref, std::move(player), nullptr);
  }
  if (engine != Engine::Thorvg) throw std::logic_error("AssetPlayers: a folder is not a player");
  if (!thorvg_runtime_) throw std::logic_error("check: ThorVG asked for without its runtime");
  const bool bundle = asset_.kind != lottie::Asset::Kind::LottieJson;
  const lottie::ThorvgDocument document{asset_.bytes, bundle, bundle ? animation.id : "", theme, ""};
  // A child that failed on the animation before is not asked again: a new one starts.
  if (thorvg_ && thorvg_broken_) thorvg_.reset();
  thorvg_broken_ = false;
  try {
    if (thorvg_) thorvg_->load(document);
    else thorvg_ = std::make_unique<lottie::IsolatedPlayer>(*thorvg_runtime_, document, name, timeout_);
  } catch (const lottie::AssetError&) {
    thorvg_.reset();
    throw;
  }
  return std::make_unique<PlayerSource>(engine, *thorvg_, nullptr, &thorvg_broken_);
}

}  // namespace iconsynth::render::check
