#include "render/lottie/rlottie_player.h"

#include <rlottie.h>

#include <stdexcept>

namespace iconsynth::render::lottie {

RlottiePlayer::RlottiePlayer(const std::string& json, const std::string& cache_key)
    // No cache: the same key may name different documents across calls (themed copies, tests).
    : animation_(rlottie::Animation::loadFromData(json, cache_key, "", false)) {
  if (!animation_) throw std::runtime_error("rlottie could not load the animation " + cache_key);
}

RlottiePlayer::~RlottiePlayer() = default;
RlottiePlayer::RlottiePlayer(RlottiePlayer&&) noexcept = default;

std::size_t RlottiePlayer::frame_count() const { return animation_->totalFrame(); }

double RlottiePlayer::frame_rate() const { return animation_->frameRate(); }

std::vector<std::uint32_t> RlottiePlayer::render(std::size_t frame, int size) const {
  std::vector<std::uint32_t> pixels(static_cast<std::size_t>(size) * size, 0);
  render_into(frame, size, pixels.data());
  return pixels;
}

void RlottiePlayer::render_into(std::size_t frame, int size, std::uint32_t* pixels) const {
  rlottie::Surface surface(pixels, size, size, static_cast<std::size_t>(size) * 4);
  animation_->renderSync(frame, surface);
}

}  // namespace iconsynth::render::lottie
