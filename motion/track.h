#pragma once
// A property over time: a list of keyframes, each with the easing of the segment that leaves it.
// Lottie's semantics: values hold before the first and after the last keyframe; segments are
// half-open [k, k+1), so at exactly a key's frame the value is that key's value.

#include "motion/easing.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace iconsynth::motion {

template <class T>
struct Keyframe {
  double frame;  // absolute time, in frames
  T value;
  Easing ease;   // shapes the segment from this key to the next (ignored on the last key)

  bool operator==(const Keyframe&) const = default;
};

template <class T>
class Track {
 public:
  Track() = default;
  // A static track: one key at frame 0.
  explicit Track(T constant) { keys_.push_back({0.0, std::move(constant), Easing::linear()}); }

  // Appends a key after the last one. A key at the same frame with the same value as the last is
  // merged (its easing replaces the last key's); anything else that does not move time forward
  // is an error, since a jump would need two values at one frame.
  Track& add(double frame, T value, Easing ease = Easing::linear()) {
    if (!keys_.empty()) {
      Keyframe<T>& last = keys_.back();
      if (frame == last.frame && value == last.value) {
        last.ease = ease;
        return *this;
      }
      if (!(frame > last.frame)) {
        // Callers (choreographies) order their keys; one that does not is a bug, not bad input.
        throw std::logic_error("keyframe at frame " + std::to_string(frame) +
                               " does not come after the previous key at frame " + std::to_string(last.frame));
      }
    }
    keys_.push_back({frame, std::move(value), ease});
    return *this;
  }

  // The value at `frame` (any real frame; values hold outside the keys).
  T at(double frame) const {
    if (keys_.empty()) throw std::logic_error("Track::at on an empty track");
    if (frame < keys_.front().frame) return keys_.front().value;
    if (frame >= keys_.back().frame) return keys_.back().value;
    // Last key whose frame is <= `frame`: the segment [k, k+1) holding it.
    std::size_t k = 0;
    while (keys_[k + 1].frame <= frame) ++k;
    const Keyframe<T>& a = keys_[k];
    const Keyframe<T>& b = keys_[k + 1];
    if (a.ease.kind == Easing::Kind::Hold) return a.value;
    const double u = (frame - a.frame) / (b.frame - a.frame);
    const double w = a.ease(u);
    return a.value + (b.value - a.value) * w;
  }

  // True when the value never changes (one key, or all keys equal): writers emit it unanimated.
  bool is_static() const {
    for (const Keyframe<T>& k : keys_) {
      if (!(k.value == keys_.front().value)) return false;
    }
    return true;
  }

  const std::vector<Keyframe<T>>& keys() const { return keys_; }
  bool empty() const { return keys_.empty(); }

 private:
  std::vector<Keyframe<T>> keys_;
};

}  // namespace iconsynth::motion
