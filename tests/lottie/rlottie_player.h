#pragma once
// rlottie (Samsung's player, Debian's librlottie) as an independent reference: it renders a
// Lottie JSON to premultiplied ARGB32, the same pixel format as Cairo's.

#include <rlottie.h>

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace iconsynth::test {

class RlottiePlayer {
 public:
  RlottiePlayer(const std::string& json, const std::string& cache_key)
      : animation_(rlottie::Animation::loadFromData(json, cache_key, "", false)) {
    if (!animation_) throw std::runtime_error("rlottie could not load the animation " + cache_key);
  }

  std::size_t frame_count() const { return animation_->totalFrame(); }

  // Frame `frame` on a transparent size × size canvas.
  std::vector<std::uint32_t> render(std::size_t frame, int size) const {
    std::vector<std::uint32_t> pixels(static_cast<std::size_t>(size) * size, 0);
    rlottie::Surface surface(pixels.data(), size, size, static_cast<std::size_t>(size) * 4);
    animation_->renderSync(frame, surface);
    return pixels;
  }

 private:
  std::unique_ptr<rlottie::Animation> animation_;
};

}  // namespace iconsynth::test
