#include "render/fit/residual_spots.h"

#include "render/cairo/raster.h"
#include "render/check/frame_score.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace iconsynth::render::fit {

namespace {

constexpr int kPlainDifference = 48;  // levels in some channel: a pixel that plainly differs
constexpr char kNowhere[] = "outside every element";

// The element's ink as a box in grid units at this frame (outline bounds, strokes included).
geometry::Bounds box_at(const FrameElement& e) {
  geometry::Bounds local, out;
  for (const Part& p : e.element->parts) {
    if (p.path.empty()) continue;
    const geometry::Bounds b = p.path.control_bounds();
    const Eigen::Vector2d half = Eigen::Vector2d::Constant(p.paint.kind == Paint::Kind::Stroke ? p.paint.stroke_width / 2 : 0);
    local.add(b.min - half), local.add(b.max + half);
  }
  if (local.empty()) return out;
  for (const Eigen::Vector2d& corner : {local.min, local.max, Eigen::Vector2d(local.min.x(), local.max.y()),
                                        Eigen::Vector2d(local.max.x(), local.min.y())}) {
    out.add(e.transform * corner);
  }
  return out;
}

double distance_to(const geometry::Bounds& b, const Eigen::Vector2d& p) {
  if (b.empty()) return std::numeric_limits<double>::infinity();
  return (b.min - p).cwiseMax(p - b.max).cwiseMax(Eigen::Vector2d::Zero()).norm();
}

int largest_channel_difference(std::uint32_t a, std::uint32_t b) {
  int largest = 0;
  for (int shift = 0; shift < 32; shift += 8) {
    largest = std::max(largest, std::abs(static_cast<int>((a >> shift) & 0xFF) - static_cast<int>((b >> shift) & 0xFF)));
  }
  return largest;
}

}  // namespace

std::string frame_ranges(const std::vector<int>& frames) {
  std::string out;
  for (std::size_t i = 0; i < frames.size();) {
    std::size_t j = i;
    while (j + 1 < frames.size() && frames[j + 1] == frames[j] + 1) ++j;
    out += (out.empty() ? "" : ", ") + std::to_string(frames[i]) + (j > i ? "\u2013" + std::to_string(frames[j]) : "");
    i = j + 1;
  }
  return out;
}

std::vector<ResidualSpot> locate_residual(const AnimatedScene& scene, const TargetAnimation& target, int size,
                                          const std::vector<int>& failing) {
  struct Tally {
    double pixels = 0;
    Eigen::Vector2d sum = Eigen::Vector2d::Zero();
    std::map<int, double> by_frame;
  };
  std::map<std::string, Tally> tallies;
  double total = 0;
  const double px = size / scene.grid;
  const Frames& theirs = target.frames(size);
  for (int f : failing) {
    if (f < 0 || static_cast<std::size_t>(f) >= theirs.size()) continue;
    const FrameScene frame = evaluate(scene, check::our_frame_at(f, target.frame_rate, scene.frame_rate));
    // Every element's box, hidden ones too (a packet that should be gone is still where its
    // track leaves it): the nearest box owns a pixel, the nearest middle breaks a tie.
    std::vector<std::pair<std::string, geometry::Bounds>> boxes;
    for (const FrameElement& e : frame.elements) boxes.emplace_back(e.element->name, box_at(e));
    const ImageSurface ours = render_frame(frame, size);
    for (int y = 0; y < size; ++y) {
      for (int x = 0; x < size; ++x) {
        if (largest_channel_difference(theirs[f][static_cast<std::size_t>(y) * size + x], ours.pixel(x, y)) < kPlainDifference) continue;
        const Eigen::Vector2d p((x + 0.5) / px, (y + 0.5) / px);
        std::string owner = kNowhere;
        double nearest = 1.0, middle = 0;  // grid units: further than this from every element is nowhere
        for (const auto& [name, box] : boxes) {
          const double d = distance_to(box, p);
          const double m = box.empty() ? 0 : ((box.min + box.max) / 2 - p).norm();
          if (d < nearest - 1e-9 || (d <= nearest + 1e-9 && owner != kNowhere && m < middle)) nearest = d, middle = m, owner = name;
        }
        Tally& t = tallies[owner];
        t.pixels += 1, t.sum += p, t.by_frame[f] += 1;
        total += 1;
      }
    }
  }
  std::vector<ResidualSpot> spots;
  for (const auto& [name, t] : tallies) {
    ResidualSpot s{name, total > 0 ? t.pixels / total : 0, {}, t.sum / std::max(1.0, t.pixels)};
    // The frames where this spot holds a tenth of its pixels' largest frame count or more.
    double most = 0;
    for (const auto& [f, count] : t.by_frame) most = std::max(most, count);
    for (const auto& [f, count] : t.by_frame) {
      if (count >= 0.1 * most) s.frames.push_back(f);
    }
    spots.push_back(std::move(s));
  }
  std::stable_sort(spots.begin(), spots.end(), [](const ResidualSpot& a, const ResidualSpot& b) { return a.share > b.share; });
  return spots;
}

}  // namespace iconsynth::render::fit
