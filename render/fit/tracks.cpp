#include "render/fit/tracks.h"

#include "render/cairo/frame_renderer.h"
#include "render/fit/pixel_residual.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace iconsynth::render::fit {

namespace {

constexpr double kMinScale = 0.4, kMaxScale = 1.9;  // the scales searched for a module
constexpr double kGolden = 0.6180339887498949;
constexpr double kCorridor = 1.6;  // a link's pixels: within this many packet radii of its route (and a px)
constexpr double kVisible = 0.01;   // a packet can be seen where it changes this share of a lone dot's pixels' worth
constexpr double kExplained = 0.5;  // … and it is there when placing it takes this share of that change off the residual

// Pixels of one region, as indices into the image.
using Region = std::vector<std::size_t>;

double region_difference(const Region& region, const std::vector<std::uint32_t>& theirs, const std::uint32_t* ours) {
  double sum = 0;
  for (std::size_t i : region) {
    const std::uint32_t a = theirs[i], b = ours[i];
    if (a == b) continue;
    for (int shift = 0; shift < 32; shift += 8) {
      const int d = static_cast<int>((a >> shift) & 0xFF) - static_cast<int>((b >> shift) & 0xFF);
      sum += d * d;
    }
  }
  return sum;
}

// Golden-section searches run side by side, one per region: each step probes every search once,
// so one drawing serves them all.
class SideBySide {
 public:
  SideBySide(std::vector<double> lo, std::vector<double> hi) : a_(std::move(lo)), b_(std::move(hi)) {
    const std::size_t n = a_.size();
    c_.resize(n), d_.resize(n), fc_.resize(n), fd_.resize(n), probe_.resize(n);
    for (std::size_t k = 0; k < n; ++k) c_[k] = b_[k] - kGolden * (b_[k] - a_[k]), d_[k] = a_[k] + kGolden * (b_[k] - a_[k]);
  }
  // Runs `steps` probes after the two first; `cost(x)` gives each region's cost at the values x.
  template <class Cost>
  std::vector<double> run(Cost cost, int steps) {
    const std::size_t n = a_.size();
    fc_ = cost(c_), fd_ = cost(d_);
    std::vector<bool> low(n);
    for (int s = 0; s < steps; ++s) {
      for (std::size_t k = 0; k < n; ++k) {
        low[k] = fc_[k] < fd_[k];
        if (low[k]) b_[k] = d_[k], d_[k] = c_[k], fd_[k] = fc_[k], probe_[k] = c_[k] = b_[k] - kGolden * (b_[k] - a_[k]);
        else a_[k] = c_[k], c_[k] = d_[k], fc_[k] = fd_[k], probe_[k] = d_[k] = a_[k] + kGolden * (b_[k] - a_[k]);
      }
      const std::vector<double> f = cost(probe_);
      for (std::size_t k = 0; k < n; ++k) (low[k] ? fc_[k] : fd_[k]) = f[k];
    }
    std::vector<double> best(n);
    for (std::size_t k = 0; k < n; ++k) best[k] = fc_[k] < fd_[k] ? c_[k] : d_[k];
    return best;
  }

 private:
  std::vector<double> a_, b_, c_, d_, fc_, fd_, probe_;
};

class PoseFitter {
 public:
  PoseFitter(const AnimatedScene& scene, int size)
      : scene_(scene), size_(size), renderer_(scene, size), regions_(icon_regions(scene, size)) {
    evaluate(scene, 0, rest_);
    // What one packet in the open costs when it is missing: the residual a lone dot leaves.
    packet_energy_ = std::numbers::pi * regions_.packet_radius * regions_.packet_radius * 4 * 255.0 * 255.0;
    scales_.assign(regions_.modules.size(), 1.0);
    progress_.assign(regions_.modules.size(), std::nullopt);
  }

  // The pose of one frame, starting from the frame before's: modules, then the packets with the
  // modules in place, then the modules again with the packets in place.
  MeasuredFrame fit(const std::vector<std::uint32_t>& target) {
    target_ = &target;
    fit_modules(0.15, 14);
    fit_packets();
    fit_modules(0.03, 10);
    return {scales_, progress_, visibility_};
  }

  long renders() const { return renders_; }

 private:
  // Our rest scene with the modules at `scales` and a packet on each link at `progress`.
  const std::uint32_t* draw(const std::vector<double>& scales, const std::vector<std::optional<double>>& progress) {
    FrameScene frame = rest_;
    const double px = size_ / scene_.grid;
    for (FrameElement& e : frame.elements) {
      if (e.element->kind == ElementKind::Packet) e.opacity = 0;
    }
    for (std::size_t k = 0; k < regions_.modules.size(); ++k) {
      const Element& e = scene_.elements[regions_.modules[k]];
      geometry::Affine t = geometry::Affine::Identity();
      t.translate(e.position.at(0));
      if (e.rotation != 0) t.rotate(e.rotation * std::numbers::pi / 180);
      t.scale(scales[k]);
      frame.elements[regions_.modules[k]].transform = t;
    }
    for (std::size_t r = 0; r < regions_.routes.size(); ++r) {
      if (!regions_.routes[r].present || !progress[r]) continue;
      FrameElement& e = frame.elements[regions_.routes[r].element];
      geometry::Affine t = geometry::Affine::Identity();
      t.translate((regions_.routes[r].a + *progress[r] * (regions_.routes[r].b - regions_.routes[r].a)) / px);
      e.transform = t;
      e.opacity = 1;
    }
    ++renders_;
    return reinterpret_cast<const std::uint32_t*>(renderer_.render(frame).data());
  }

  void fit_modules(double around, int steps) {
    const std::size_t n = regions_.modules.size();
    std::vector<double> lo(n), hi(n);
    for (std::size_t k = 0; k < n; ++k) lo[k] = std::max(kMinScale, scales_[k] - around), hi[k] = std::min(kMaxScale, scales_[k] + around);
    const auto cost = [&](const std::vector<double>& s) {
      const std::uint32_t* ours = draw(s, progress_);
      std::vector<double> f(n);
      for (std::size_t k = 0; k < n; ++k) f[k] = region_difference(regions_.module_pixels[k], *target_, ours);
      return f;
    };
    std::vector<double> found = SideBySide(lo, hi).run(cost, steps);
    // A scale on its bracket's edge went further than the frame before allows: search it all.
    bool again = false;
    for (std::size_t k = 0; k < n; ++k) {
      if ((found[k] - lo[k] < 0.01 * around && lo[k] > kMinScale) || (hi[k] - found[k] < 0.01 * around && hi[k] < kMaxScale)) {
        lo[k] = kMinScale, hi[k] = kMaxScale, again = true;
      } else {
        lo[k] = hi[k] = found[k];
      }
    }
    if (again) {
      const std::vector<double> wide = SideBySide(lo, hi).run(cost, 22);
      for (std::size_t k = 0; k < n; ++k) {
        if (lo[k] != hi[k]) found[k] = wide[k];
      }
    }
    scales_ = found;
  }

  // Each link's packet: the best of places along it every 4 % (all links at once), refined around
  // it; kept where it explains the link's pixels plainly better than no packet does.
  void fit_packets() {
    const std::size_t n = regions_.routes.size();
    const auto link_costs = [&](const std::vector<std::optional<double>>& placed) {
      const std::uint32_t* drawn = draw(scales_, placed);
      std::vector<double> f(n, 0);
      for (std::size_t r = 0; r < n; ++r) {
        if (regions_.routes[r].present) f[r] = region_difference(regions_.link_pixels[r], *target_, drawn);
      }
      return f;
    };
    const std::uint32_t* bare = draw(scales_, std::vector<std::optional<double>>(n));
    const std::vector<std::uint32_t> empty(bare, bare + static_cast<std::size_t>(size_) * size_);
    std::vector<double> without(n, 0);
    for (std::size_t r = 0; r < n; ++r) {
      if (regions_.routes[r].present) without[r] = region_difference(regions_.link_pixels[r], *target_, empty.data());
    }
    std::vector<double> best(n, infinity_), place(n, 0);
    visibility_.assign(n, std::vector<double>(visibility_places().size(), 0.0));
    for (std::size_t k = 0; k < visibility_places().size(); ++k) {
      const std::vector<std::optional<double>> placed(n, visibility_places()[k]);
      const std::uint32_t* drawn = draw(scales_, placed);
      for (std::size_t r = 0; r < n; ++r) {
        if (!regions_.routes[r].present) continue;
        const double f = region_difference(regions_.link_pixels[r], *target_, drawn);
        if (f < best[r]) best[r] = f, place[r] = visibility_places()[k];
        // What a packet there changes in our own picture: nothing, when a card covers it.
        const std::vector<std::uint32_t> here(drawn, drawn + empty.size());
        visibility_[r][k] = std::min(1.0, region_difference(regions_.link_pixels[r], here, empty.data()) / (kVisible * packet_energy_));
      }
    }
    std::vector<double> lo(n), hi(n);
    for (std::size_t r = 0; r < n; ++r) lo[r] = place[r] - 0.04, hi[r] = place[r] + 0.04;
    const std::vector<double> found = SideBySide(lo, hi).run(
        [&](const std::vector<double>& p) {
          std::vector<std::optional<double>> placed(n);
          for (std::size_t r = 0; r < n; ++r) placed[r] = p[r];
          return link_costs(placed);
        },
        12);
    std::vector<std::optional<double>> placed(n);
    for (std::size_t r = 0; r < n; ++r) placed[r] = found[r];
    const std::uint32_t* drawn = draw(scales_, placed);
    const std::vector<std::uint32_t> with_packets(drawn, drawn + empty.size());
    for (std::size_t r = 0; r < n; ++r) {
      if (!regions_.routes[r].present) {
        placed[r].reset();
        continue;
      }
      // A packet there changes our own picture by `change`; one that is really there takes about
      // that much off the residual, one that is not adds about as much.
      const double change = region_difference(regions_.link_pixels[r], with_packets, empty.data());
      const double gain = without[r] - region_difference(regions_.link_pixels[r], *target_, with_packets.data());
      if (!(change > kVisible * packet_energy_ && gain > kExplained * change)) placed[r].reset();
    }
    progress_ = placed;
  }

  const AnimatedScene& scene_;
  int size_;
  FrameRenderer renderer_;
  FrameScene rest_;
  IconRegions regions_;
  double packet_energy_ = 0;              // levels²
  static constexpr double infinity_ = std::numeric_limits<double>::infinity();
  std::vector<Region> module_regions_, link_regions_;
  std::vector<double> scales_;
  std::vector<std::optional<double>> progress_;
  std::vector<std::vector<double>> visibility_;
  const std::vector<std::uint32_t>* target_ = nullptr;
  long renders_ = 0;
};

}  // namespace

const std::vector<double>& visibility_places() {
  static const std::vector<double> places = [] {
    std::vector<double> p;
    for (int step = -1; step <= 26; ++step) p.push_back(0.04 * step);
    return p;
  }();
  return places;
}

double visibility_at(const std::vector<double>& visibility, double progress) {
  const std::vector<double>& places = visibility_places();
  if (visibility.empty()) return 1;
  if (progress <= places.front()) return visibility.front();
  if (progress >= places.back()) return visibility.back();
  const std::size_t k = std::min(places.size() - 2, static_cast<std::size_t>((progress - places.front()) / 0.04));
  const double u = (progress - places[k]) / (places[k + 1] - places[k]);
  return visibility[k] + u * (visibility[k + 1] - visibility[k]);
}

IconRegions icon_regions(const AnimatedScene& scene, int size) {
  IconRegions out;
  const double px = size / scene.grid;
  for (std::size_t i = 0; i < scene.elements.size(); ++i) {
    const Element& e = scene.elements[i];
    if (e.kind == ElementKind::Module) out.modules.push_back(i), out.centers.push_back(e.position.at(0) * px);
  }
  const int n = static_cast<int>(out.modules.size());
  out.routes.assign(n, {});
  const auto nearest = [&](const Eigen::Vector2d& p) {
    int best = 0;
    for (int k = 1; k < n; ++k) {
      if ((out.centers[k] - p).squaredNorm() < (out.centers[best] - p).squaredNorm()) best = k;
    }
    return best;
  };
  for (std::size_t i = 0; i < scene.elements.size(); ++i) {
    const Element& e = scene.elements[i];
    if (e.kind != ElementKind::Packet || e.position.keys().empty()) continue;
    const Eigen::Vector2d start = e.position.keys().front().value * px, end = e.position.keys().back().value * px;
    const int from = nearest(start), to = nearest(end);
    const int link = to == (from + 1) % n ? from : from == (to + 1) % n ? to : -1;
    if (link < 0 || out.routes[link].present) continue;
    out.routes[link] = {i, link == from ? start : end, link == from ? end : start, true};
    if (out.packet_radius == 0) {
      const geometry::Bounds b = e.parts.front().path.control_bounds();
      out.packet_radius = 0.5 * (b.max.x() - b.min.x()) * px;
    }
  }
  const auto distance_to_route = [&](int r, const Eigen::Vector2d& p) {
    const Eigen::Vector2d ab = out.routes[r].b - out.routes[r].a;
    const double u = std::clamp((p - out.routes[r].a).dot(ab) / ab.squaredNorm(), -0.1, 1.1);
    return (out.routes[r].a + u * ab - p).norm();
  };
  // A packet leaving or landing on a module must not pass for the module swelling: the links' pixels
  // are no module's.
  out.module_pixels.assign(n, {});
  out.link_pixels.assign(n, {});
  for (int y = 0; y < size; ++y) {
    for (int x = 0; x < size; ++x) {
      const Eigen::Vector2d p(x + 0.5, y + 0.5);
      const std::size_t index = static_cast<std::size_t>(y) * size + x;
      bool on_link = false;
      for (int r = 0; r < n; ++r) {
        if (out.routes[r].present && distance_to_route(r, p) <= kCorridor * out.packet_radius + 1) out.link_pixels[r].push_back(index), on_link = true;
      }
      if (!on_link) out.module_pixels[nearest(p)].push_back(index);
    }
  }
  return out;
}

std::vector<double> ink_moments(const IconRegions& regions, const std::vector<std::uint32_t>& image, int size) {
  std::vector<double> out;
  const auto at = [&](std::size_t i) { return Eigen::Vector2d(static_cast<double>(i % size) + 0.5, static_cast<double>(i / size) + 0.5); };
  for (const Region& region : regions.module_pixels) {
    double m = 0;
    Eigen::Vector2d c = Eigen::Vector2d::Zero();
    for (std::size_t i : region) {
      const double a = (image[i] >> 24) / 255.0;
      m += a, c += a * at(i);
    }
    c /= std::max(m, 1e-9);
    double spread = 0;
    for (std::size_t i : region) spread += (image[i] >> 24) / 255.0 * (at(i) - c).squaredNorm();
    out.push_back(10 * m / std::max<double>(1, static_cast<double>(region.size())));
    out.push_back(c.x()), out.push_back(c.y()), out.push_back(std::sqrt(spread / std::max(m, 1e-9)));
  }
  for (std::size_t r = 0; r < regions.link_pixels.size(); ++r) {
    if (!regions.routes[r].present) continue;
    const Eigen::Vector2d a = regions.routes[r].a, dir = (regions.routes[r].b - a).normalized();
    double m = 0, along = 0, along2 = 0;
    for (std::size_t i : regions.link_pixels[r]) {
      const double w = (image[i] >> 24) / 255.0, t = (at(i) - a).dot(dir);
      m += w, along += w * t, along2 += w * t * t;
    }
    const double mean = along / std::max(m, 1e-9);
    out.push_back(10 * m / std::max<double>(1, static_cast<double>(regions.link_pixels[r].size())));
    out.push_back(std::sqrt(std::max(0.0, along2 / std::max(m, 1e-9) - mean * mean)));
  }
  return out;
}

MeasuredTracks measure_tracks(const AnimatedScene& scene, const Frames& frames, int size, double frame_rate) {
  PoseFitter fitter(scene, size);
  MeasuredTracks out{frame_rate, {}, 0};
  for (const std::vector<std::uint32_t>& frame : frames) out.frames.push_back(fitter.fit(frame));
  out.renders = fitter.renders();
  return out;
}

}  // namespace iconsynth::render::fit
