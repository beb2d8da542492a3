#include "render/scene/scene_key.h"

#include <cstring>

namespace iconsynth::render {

namespace {

// Appends raw bytes: doubles compare exactly, with no formatting in between.
class KeyWriter {
 public:
  template <class T>
  void add(const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    const std::size_t at = bytes_.size();
    bytes_.resize(at + sizeof(T));
    std::memcpy(bytes_.data() + at, &value, sizeof(T));
  }
  void add(const Eigen::Vector2d& p) {
    add(p.x());
    add(p.y());
  }
  void add(const motion::Easing& e) {
    add(static_cast<int>(e.kind));
    add(e.x1), add(e.y1), add(e.x2), add(e.y2);
  }
  void add(const geometry::Path& path) {
    add(path.commands().size());
    for (const geometry::PathCommand& c : path.commands()) {
      add(static_cast<int>(c.verb));
      for (const geometry::Point& p : c.points) add(p);
    }
  }
  template <class T>
  void add(const motion::Track<T>& track) {
    add(track.keys().size());
    for (const auto& k : track.keys()) {
      add(k.frame);
      add(k.value);
      add(k.ease);
    }
  }
  std::string take() { return std::move(bytes_); }

 private:
  std::string bytes_;
};

}  // namespace

std::string scene_key(const AnimatedScene& scene) {
  KeyWriter key;
  key.add(scene.grid);
  key.add(scene.frame_count);
  key.add(scene.elements.size());
  for (const Element& e : scene.elements) {
    key.add(e.parts.size());
    for (const Part& p : e.parts) {
      key.add(p.path);
      key.add(static_cast<int>(p.paint.kind));
      key.add(p.paint.color);
      key.add(p.paint.stroke_width);
    }
    key.add(e.position);
    key.add(e.scale);
    key.add(e.opacity);
    key.add(e.rotation);
  }
  return key.take();
}

}  // namespace iconsynth::render
