#include "render/fit/pixel_residual.h"

#include "render/cairo/frame_renderer.h"
#include "render/check/frame_score.h"

#include <algorithm>
#include <memory>

namespace iconsynth::render::fit {

void pose_of(const FrameScene& frame, std::vector<double>& out) {
  out.clear();
  for (const FrameElement& e : frame.elements) {
    out.push_back(e.opacity);
    if (e.opacity <= 0) continue;
    const auto& m = e.transform.matrix();
    for (int r = 0; r < 2; ++r) {
      for (int c = 0; c < 3; ++c) out.push_back(m(r, c));
    }
  }
}

double squared_difference(const std::uint32_t* a, const std::uint32_t* b, std::size_t pixels) {
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < pixels; ++i) {
    if (a[i] == b[i]) continue;
    for (int shift = 0; shift < 32; shift += 8) {
      const int d = static_cast<int>((a[i] >> shift) & 0xFF) - static_cast<int>((b[i] >> shift) & 0xFF);
      sum += static_cast<std::uint64_t>(d * d);
    }
  }
  return static_cast<double>(sum);
}

PixelResidual::PixelResidual(const TargetAnimation& target, int size, Measure measure, const check::Thresholds& thresholds,
                             std::optional<std::size_t> view, std::size_t stride)
    : target_(target), size_(size), measure_(measure), thresholds_(thresholds), stride_(std::max<std::size_t>(1, stride)) {
  for (std::size_t v = 0; v < target.views.size(); ++v) {
    if (!view || *view == v) views_.push_back(&target.views[v]);
  }
  std::size_t count = 0;
  for (const TargetView* v : views_) count = std::max(count, v->frames.at(size).size());
  pose_.assign(count, {});
  residual_.assign(count, 0.0);
}

double PixelResidual::operator()(const AnimatedScene& scene, const std::string& geometry) {
  const bool same_geometry = geometry == geometry_;
  geometry_ = geometry;
  std::unique_ptr<FrameRenderer> renderer;  // made only when some frame must be drawn
  FrameScene frame;
  std::vector<double> pose;
  const std::size_t pixels = static_cast<std::size_t>(size_) * size_;
  double total = 0;
  for (std::size_t f = 0; f < pose_.size(); ++f) {
    if (f % stride_ != 0 && f + 1 != pose_.size()) continue;
    evaluate(scene, check::our_frame_at(static_cast<double>(f), target_.frame_rate, scene.frame_rate), frame);
    pose_of(frame, pose);
    if (!same_geometry || pose != pose_[f]) {
      if (!renderer) renderer = std::make_unique<FrameRenderer>(scene, size_);
      const auto* ours = reinterpret_cast<const std::uint32_t*>(renderer->render(frame).data());
      ++renders_;
      double value = 0;
      for (const TargetView* v : views_) {
        const Frames& theirs = v->frames.at(size_);
        if (f >= theirs.size()) continue;
        if (measure_ == Measure::SquaredDifference) {
          value += squared_difference(theirs[f].data(), ours, pixels);
        } else {
          const ImageView mine{size_, size_, size_ * 4, reinterpret_cast<const std::uint8_t*>(ours)};
          value = std::max(value, check::score_frame(view_of(theirs[f], size_, size_), mine, scene.grid, thresholds_).score);
        }
      }
      residual_[f] = value;
      pose_[f].swap(pose);
    }
    total = measure_ == Measure::SquaredDifference ? total + residual_[f] : std::max(total, residual_[f]);
  }
  return total;
}

}  // namespace iconsynth::render::fit
