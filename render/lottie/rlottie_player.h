#pragma once
// rlottie (Samsung's player, Debian's librlottie) as an independent reference: it renders Lottie
// JSON to premultiplied ARGB32, the same pixel format as Cairo's. Feed it only JSON that has
// passed read_animation's checks: rlottie itself trusts its input.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace rlottie {
class Animation;
}

namespace iconsynth::render::lottie {

class RlottiePlayer {
 public:
  // std::runtime_error when rlottie cannot load the document.
  RlottiePlayer(const std::string& json, const std::string& cache_key);
  ~RlottiePlayer();
  RlottiePlayer(RlottiePlayer&&) noexcept;

  std::size_t frame_count() const;
  double frame_rate() const;

  // Frame `frame` (0 = the animation's in-point) on a transparent size × size canvas.
  std::vector<std::uint32_t> render(std::size_t frame, int size) const;
  // The same into `pixels` (size × size, row-major), for callers that reuse one buffer across
  // frames: rlottie clears the canvas itself before drawing.
  void render_into(std::size_t frame, int size, std::uint32_t* pixels) const;

 private:
  std::unique_ptr<rlottie::Animation> animation_;
};

}  // namespace iconsynth::render::lottie
