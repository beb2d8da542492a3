#pragma once
// Seeded perturbations of the built-in spec for the round trip: one to five parameters at a time,
// values with two decimals (no round numbers to fall back on) that the loader accepts. Case k leads
// with family k mod 9, so every family appears: style, primary colour, duotone mix,
// weight, layout sizes, frame rate, timings (duration included), scales, easing.

#include "fit_support.h"

namespace iconsynth::test {

class Perturber {
 public:
  explicit Perturber(unsigned seed) : random_(seed) {}

  // Case `k`: a perturbation the loader accepts.
  Perturbed next(int k) {
    for (int attempt = 0; attempt < 200; ++attempt) {
      std::vector<Change> changes;
      std::string motion = pick({"light", "strong"});
      add(changes, k % kFamilies, motion);
      const int extra = static_cast<int>(uniform(0, 4.999));
      for (int e = 0; e < extra; ++e) add(changes, static_cast<int>(uniform(0, kFamilies - 0.001)), motion);
      // Only duotone shows the mix: a case that changes it shows it, whatever style came first.
      if (std::any_of(changes.begin(), changes.end(), [](const Change& c) { return c.path == "themes.dark.secondary_mix"; })) {
        for (Change& c : changes) {
          if (c.path == "defaults.style") c.value = "duotone";
        }
      }
      for (const Change& c : changes) {
        if (c.path.rfind("motions.", 0) == 0) motion = c.path.substr(8, c.path.find('.', 8) - 8);
      }
      if (auto p = perturbed("case " + std::to_string(k), changes, motion)) return *p;
    }
    throw std::logic_error("no perturbation the loader accepts");
  }

  static constexpr int kFamilies = 9;

 private:
  double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(random_); }
  double two_decimals(double lo, double hi) { return std::round(uniform(lo, hi) * 100) / 100; }
  std::string pick(const std::vector<std::string>& from) {
    return from[static_cast<std::size_t>(uniform(0, static_cast<double>(from.size()) - 1e-9))];
  }
  static void put(std::vector<Change>& changes, const std::string& path, Json value) {
    for (Change& c : changes) {
      if (c.path == path) return;  // one change per path
    }
    changes.push_back({path, std::move(value)});
  }

  void add(std::vector<Change>& changes, int family, const std::string& motion) {
    const std::string light = "motions.light.", strong = "motions.strong.", s = strong + "timeline.sequence.";
    switch (family) {
      case 0: put(changes, "defaults.style", pick({"solid", "duotone"})); break;
      case 1: {
        char hex[8];
        std::snprintf(hex, sizeof hex, "#%02X%02X%02X", static_cast<int>(uniform(40, 255)), static_cast<int>(uniform(40, 255)),
                      static_cast<int>(uniform(40, 255)));
        put(changes, "themes.dark.primary", hex);
        break;
      }
      case 2:
        put(changes, "themes.dark.secondary_mix", two_decimals(0.3, 0.8));
        put(changes, "defaults.style", "duotone");  // only duotone shows it
        break;
      case 3:
        // rlottie draws the weight's time remap rounded to a frame: 1/12 of the range at 60 fps,
        // 1/6 at 30 (render/lottie/README.md, "Why the weight is a time"), so the weights both players draw alike.
        put(changes, "stroke.default", std::round((1 + std::round(uniform(0.2, 1.8) * 6) / 6) * 1e4) / 1e4);
        break;
      case 4: {
        const std::string which = pick({"padding", "module.size", "module.corner_radius", "die.size", "link.gap", "packet.radius"});
        const double value = which == "padding" ? two_decimals(1.0, 1.6)
                             : which == "module.size" ? two_decimals(7.2, 8.5)
                             : which == "module.corner_radius" ? two_decimals(1.6, 3.0)
                             : which == "die.size" ? two_decimals(1.8, 3.0)
                             : which == "link.gap" ? two_decimals(0.45, 1.05)
                                                   : two_decimals(2.15, 2.6);  // larger than the weight's own at 2
        put(changes, "layout." + which, value);
        break;
      }
      case 5: put(changes, "frame_rate", 30); break;  // at 30 fps a weight of 2 is still on rlottie's whole frames
      case 6:
        if (motion == "light") {
          const std::string which = pick({"lead", "timeline.exchange.travel.frames", "timeline.exchange.swell.rise.frames",
                                          "timeline.exchange.swell.settle.frames", "tail"});
          const double value = which == "lead" ? two_decimals(2, 12)
                               : which == "tail" ? two_decimals(2, 9)
                               : which.find("travel") != std::string::npos ? two_decimals(14, 32)
                               : which.find("rise") != std::string::npos ? two_decimals(5, 12)
                                                                         : two_decimals(12, 26);
          put(changes, light + which, value);
        } else {
          const std::string which = pick({"lead", "0.gather.gather.frames", "0.gather.hold", "0.gather.release.frames",
                                          "1.exchange.travel.frames", "2.exchange.travel.frames"});
          const double value = which == "lead" ? two_decimals(1, 5)
                               : which == "0.gather.gather.frames" ? two_decimals(8, 16)
                               : which == "0.gather.hold" ? two_decimals(1, 6)
                               : which == "0.gather.release.frames" ? two_decimals(4, 9)
                               : which == "1.exchange.travel.frames" ? two_decimals(14, 22)
                                                                     : two_decimals(19, 26);  // after round 1's swell settles
          put(changes, which == "lead" ? strong + which : s + which, value);
        }
        break;
      case 7:
        if (motion == "light") {
          put(changes, light + "timeline.exchange.swell.scale", two_decimals(1.06, 1.25));
        } else {
          const std::string which = pick({"0.gather.scale", "1.exchange.swell.scale", "2.exchange.swell.scale"});
          put(changes, s + which, which[0] == '0' ? two_decimals(0.8, 0.95) : which[0] == '1' ? two_decimals(1.1, 1.3) : two_decimals(1.05, 1.2));
        }
        break;
      case 8: {
        const std::string path = motion == "light" ? light + "timeline.exchange.travel.ease" : s + pick({"1", "2"}) + ".exchange.travel.ease";
        if (uniform(0, 1) < 0.4) {
          put(changes, path, pick({"ease", "ease-in", "ease-out", "swift-out", "linear"}));
        } else {
          put(changes, path, Json::array({two_decimals(0.05, 0.6), two_decimals(0, 0.5), two_decimals(0.3, 0.95), two_decimals(0.6, 1)}));
        }
        break;
      }
    }
  }

  std::mt19937 random_;
};

}  // namespace iconsynth::test
