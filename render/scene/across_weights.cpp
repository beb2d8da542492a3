#include "render/scene/across_weights.h"

#include <cmath>

namespace iconsynth::render {

namespace {

// Whether `b` lies on the straight line from `a` to `c` (every point and the width).
bool between(const PartAtWeight& a, const PartAtWeight& b, const PartAtWeight& c) {
  const double u = (b.weight - a.weight) / (c.weight - a.weight);
  const auto near = [u](double from, double mid, double to) { return std::abs(from + (to - from) * u - mid) < 1e-9; };
  const auto& ca = a.path.commands();
  const auto& cb = b.path.commands();
  const auto& cc = c.path.commands();
  if (ca.size() != cb.size() || cb.size() != cc.size()) return false;
  for (std::size_t i = 0; i < ca.size(); ++i) {
    if (ca[i].verb != cb[i].verb || cb[i].verb != cc[i].verb) return false;
    for (std::size_t p = 0; p < 3; ++p) {
      for (int d = 0; d < 2; ++d) {
        if (!near(ca[i].points[p][d], cb[i].points[p][d], cc[i].points[p][d])) return false;
      }
    }
  }
  return near(a.stroke_width, b.stroke_width, c.stroke_width);
}

// Keeps the ends and the samples where the part bends: the others lie on the line through
// their neighbours and would tell a player nothing.
void drop_straight_samples(std::vector<PartAtWeight>& samples) {
  std::vector<PartAtWeight> kept;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    if (!kept.empty() && i + 1 < samples.size() && between(kept.back(), samples[i], samples[i + 1])) continue;
    kept.push_back(samples[i]);
  }
  samples = std::move(kept);
}

}  // namespace

void set_across_weights(PartsAtWeight& parts, const std::vector<double>& weights, const std::vector<PartsAtWeight>& sampled) {
  for (std::size_t e = 0; e < parts.size(); ++e) {
    for (std::size_t j = 0; j < parts[e].size(); ++j) {
      Part& part = parts[e][j];
      bool bends = false;
      for (std::size_t i = 0; i < weights.size(); ++i) {
        const Part& at = sampled[i][e][j];
        part.across_weights.push_back({weights[i], at.path, at.paint.stroke_width});
        bends = bends || !(at.path == part.path && at.paint.stroke_width == part.paint.stroke_width);
      }
      if (!bends) part.across_weights.clear();
      drop_straight_samples(part.across_weights);
    }
  }
}

}  // namespace iconsynth::render
