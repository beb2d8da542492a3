#pragma once
// The crisp cells of a browser session (tests/web/browser_session.mjs): the seed's JS or React
// snippet at a CSS size and a device pixel ratio. Each cell's rest pose is as crisp as our PNG of
// its backing store's size (softness at most 1.25 × Cairo's, never above 0.20) and every painted
// frame of its light and strong plays is Cairo's frame of what the runtime plays there
// (page_frames.h's verdict). test_web_browser checks the session's sample; the slow matrix every
// cell, and prints the table "as a page plays it".

#include "page_frames.h"

#include <cmath>
#include <cstdio>

namespace iconsynth::test {

// The seed's options: what both snippets ask for.
inline const render::Variant& seed_look() {
  static const render::Variant seed = look("outline", 2, "light", "dark", "#ffffff");
  return seed;
}

// The limits on a page's rest pose: as soft as our PNG at the same size, give or take a
// quarter, and never above 0.20.
inline constexpr double kSofterThanPngAtMost = 1.25;
inline constexpr double kMaxPageSoftness = 0.20;

struct CrispCell {
  std::string snippet;
  int size = 0;
  double ratio = 0;
  int px = 0;                    // the backing store's side
  double softness = 0;           // the page's rest pose
  double png_softness = 0;       // our PNG of that size (hinted up to hinting.up_to)
  PageVerdict rest;              // the first frame, the rest pose
  PageVerdict worst;             // over every painted frame of the plays, by the mean
  double worst_shift = 0;        // px, the worst edge shift of those frames
  std::size_t light = 0, strong = 0;  // frames compared of each motion
  std::size_t compared = 0;      // painted frames compared, at rest and in motion
  std::size_t over_mean = 0;     // of them, frames whose mean is over 1.0
};

// One cell's results, checked.
inline CrispCell check_crisp_cell(const std::string& name, const PageJson& cell) {
  INFO(name);
  CrispCell c;
  c.snippet = cell["snippet"];
  c.size = cell["size"];
  c.ratio = cell["ratio"];
  c.px = cell["width"];
  CHECK(cell["height"] == c.px);
  CHECK(c.px == static_cast<int>(std::lround(c.size * c.ratio)));
  const PageJson& first = cell["log"][0];
  CHECK(first["state"] == "rest");
  CHECK(first["frame"] == 0);
  c.softness = page_softness(first);
  c.rest = against_cairo(first, seed_look());
  c.png_softness = render::rest_softness(render::scene_for_size(builtin_spec(), seed_look(), c.px), c.px);
  INFO("softness " << c.softness << ", our PNG at " << c.px << " px " << c.png_softness);
  CHECK(c.softness <= kSofterThanPngAtMost * c.png_softness);
  CHECK(c.softness <= kMaxPageSoftness);
  for (const PageJson& e : cell["log"]) {
    if (!e.contains("file")) continue;
    const PageVerdict v = against_cairo(e, in_animation(seed_look(), e["animation"]));
    INFO("draw " << e["n"] << ", " << e["animation"] << " frame " << e["frame"] << " at " << e["w"] << " px: " << v.describe());
    CHECK(v.within());
    if (v.pixels.mean_abs >= c.worst.pixels.mean_abs) c.worst = v;
    c.worst_shift = std::max(c.worst_shift, v.shape.edge_shift);
    c.over_mean += v.pixels.mean_abs > kPageMaxMean;
    ++c.compared;
    if (e["state"] == "strong") ++c.strong;
    if (e["state"] == "light") ++c.light;
  }
  // Every frame of both plays read back: a light play is 60 frames, a strong one 90 (less what a
  // busy machine drops).
  CHECK(c.light >= 40);
  CHECK(c.strong >= 60);
  std::printf("%s: %d px backing, rest mean %.2f, softness %.3f (our PNG %.3f), %zu light and %zu strong frames (%zu of %zu painted frames over mean 1.0), worst edge shift %.3f px, worst mean: %s\n",
              name.c_str(), c.px, c.rest.pixels.mean_abs, c.softness, c.png_softness, c.light, c.strong, c.over_mean, c.compared, c.worst_shift, c.worst.describe().c_str());
  return c;
}

}  // namespace iconsynth::test
