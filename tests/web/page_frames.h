#pragma once
// Frames a page read back from a canvas (tests/web/browser_session.mjs: straight RGBA, as
// getImageData gives it), against Cairo's frame of what the web runtime plays there: on a square
// backing store of a size and weight the package has a master for (render/lottie/masters.h), the
// scene fitted to those pixels (render/cairo/sized_scene.h), else the exact one.
//
// What a page shows on a backing store the package has masters for is Cairo's own frame
// (render/web/raster_master.h): the whole frame nearest the player's time, composited in the
// look's colours. There every frame is held to the mean absolute difference (at most 1.0) and at
// most 1 % of pixels off by more than 32.
//
// Anywhere else the player draws (ThorVG in dotlottie-web). The mean at most 1.0 for the rest pose
// (frame 0) on a canvas from 24 px and for every frame from 128 px; any other frame: check's
// size-independent verdict (shape_diff.h; README "How check decides"), an edge shift of at most
// 0.16 px and an ink change of at most 6 levels, its mean reported. Why not the mean there: two
// rasterisers' anti-aliasing differs by a few levels on every edge pixel, and a small canvas is
// mostly edge, so the mean over the canvas grows as it shrinks (over every frame of outline light
// and strong, ThorVG against Cairo reaches 4.69 at 16 px, 3.08 at 20, 1.49 at 24 and 1.16 at 32;
// ./build/player_frames).

#include "web_support.h"

#include "../lottie/support.h"

#include "render/cairo/raster.h"
#include "render/cairo/sized_scene.h"
#include "render/compare/shape_diff.h"
#include "render/compare/softness.h"
#include "render/lottie/isolated_player.h"
#include "render/lottie/masters.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>
#include <iostream>

namespace iconsynth::test {

using PageJson = nlohmann::json;

inline constexpr int kPageTolerance = 32;
inline constexpr double kPageMaxMean = 1.0;
inline constexpr double kPageMaxShareOver = 0.01;
inline constexpr int kMeanAtRestFromPx = 24;     // canvases from this size hold the rest pose to the mean
inline constexpr int kMeanInMotionFromPx = 128;  // and from this size every frame
inline constexpr double kPageMaxShift = 0.16;    // px: check's --max-shift
inline constexpr double kPageMaxInk = 6;         // levels: check's --max-ink

inline render::Variant look(const std::string& style, double weight, const std::string& motion, const std::string& theme, const char* color) {
  return {style, weight, motion, theme, spec::parse_hex_color(color)};
}

// `base` in the animation the player showed (its style and motion).
inline render::Variant in_animation(render::Variant base, const std::string& animation) {
  const auto parsed = builtin_space().parse_animation_id(animation);
  if (!parsed) FAIL("no animation " << animation);
  base.style = parsed->first;
  base.motion = parsed->second;
  return base;
}

// Whether the runtime plays a master on a `px` × `px` backing store at `weight`.
inline bool plays_master(int px, double weight) {
  const std::vector<int> sizes = render::lottie::master_sizes(builtin_spec());
  const std::vector<double>& presets = builtin_spec().weight_presets;
  return std::find(sizes.begin(), sizes.end(), px) != sizes.end() && std::find(presets.begin(), presets.end(), weight) != presets.end();
}

// The scene the runtime plays for `variant` on a `px` px backing store (one per look and size).
inline const render::AnimatedScene& played_scene(const render::Variant& variant, int px) {
  static std::map<std::string, render::AnimatedScene> scenes;
  const std::string key = spec::VariantSpace::golden_id(variant) + (variant.color ? spec::to_hex(*variant.color) : "") + "@" + std::to_string(px);
  auto at = scenes.find(key);
  if (at == scenes.end()) {
    const render::Geometry geometry = plays_master(px, variant.weight) ? render::Geometry::Hinted : render::Geometry::Exact;
    at = scenes.emplace(key, render::scene_for_size(builtin_spec(), variant, px, geometry)).first;
  }
  return at->second;
}

// A read-back frame's pixels, premultiplied as Cairo's are.
inline std::vector<std::uint32_t> page_pixels(const PageJson& shown) {
  const int w = shown["w"], h = shown["h"];
  const std::string rgba = read_file(shown["file"].get<std::string>());
  REQUIRE(rgba.size() == std::size_t(w) * h * 4);
  std::vector<std::uint32_t> pixels(rgba.size() / 4);
  std::memcpy(pixels.data(), rgba.data(), rgba.size());
  render::lottie::premultiply_rgba(pixels);
  return pixels;
}

struct PageVerdict {
  render::DiffStats pixels;
  render::ShapeDiff shape;
  bool by_shape = false;  // a frame the player draws on a canvas under kMeanAtRestFromPx (at rest) or kMeanInMotionFromPx
  bool within() const {
    if (pixels.share_over > kPageMaxShareOver) return false;
    return by_shape ? shape.edge_shift <= kPageMaxShift && shape.ink_delta <= kPageMaxInk : pixels.mean_abs <= kPageMaxMean;
  }
  std::string describe() const {
    char shape_text[96];
    std::snprintf(shape_text, sizeof shape_text, "; edge shift %.3f px, ink change %.2f", shape.edge_shift, shape.ink_delta);
    return render::describe(pixels) + shape_text;
  }
};

// The frames of `scene` a page may show at the player's time `frame`: on a master, the nearest
// whole frame (the runtime rounds the time it reads, to a hundredth, so near a half either
// neighbour); elsewhere the time itself (the player interpolates).
inline std::vector<double> shown_frames(const render::AnimatedScene& scene, double frame, bool raster) {
  if (!raster) return {frame};
  const auto whole = [&](double f) { return std::clamp(std::round(f), 0.0, double(scene.frame_count - 1)); };
  const double low = whole(frame - 0.011), high = whole(frame + 0.011);
  return low == high ? std::vector<double>{low} : std::vector<double>{low, high};
}

// One read-back frame against Cairo's frame of `expected` as the runtime shows it there.
inline PageVerdict against_cairo(const PageJson& shown, const render::Variant& expected) {
  const int w = shown["w"], h = shown["h"];
  REQUIRE(w == h);
  const std::vector<std::uint32_t> pixels = page_pixels(shown);
  const double frame = shown["frame"].is_number() ? shown["frame"].get<double>() : 0.0;
  const bool raster = plays_master(w, expected.weight);
  const render::ImageView theirs = render::view_of(pixels, w, h);
  std::optional<render::ImageSurface> ours;
  render::DiffStats best;
  for (double f : shown_frames(played_scene(expected, w), frame, raster)) {
    render::ImageSurface candidate = render::render_frame(render::evaluate(played_scene(expected, w), f), w);
    const render::DiffStats d = render::compare_images(candidate.view(), theirs, kPageTolerance);
    if (!ours || d.mean_abs < best.mean_abs) best = d, ours.emplace(std::move(candidate));
  }
  const PageVerdict v{best, render::compare_shapes(ours->view(), theirs, render::shape_window(w, builtin_spec().layout.grid)),
                      !raster && w < (frame == 0 ? kMeanAtRestFromPx : kMeanInMotionFromPx)};
  if (!v.within()) {  // for a person to look at
    const std::string stem = std::filesystem::path(shown["file"].get<std::string>()).replace_extension().string();
    write_png(stem + "-browser.png", pixels.data(), w, h);
    std::ofstream(stem + "-cairo.png", std::ios::binary) << ours->png_bytes();
  }
  return v;
}

// The softness (render/compare/softness.h) of a read-back frame.
inline double page_softness(const PageJson& shown) {
  const std::vector<std::uint32_t> pixels = page_pixels(shown);
  return render::softness(render::view_of(pixels, shown["w"], shown["h"]));
}

}  // namespace iconsynth::test
