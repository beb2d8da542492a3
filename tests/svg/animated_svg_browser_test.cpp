// The animated SVG in headless Chromium, played by nothing but the browser's CSS: every other frame
// of every style x motion (each frame number in some variant) against our Cairo frames, restyled by a page stylesheet, under reduced
// motion, and with each trigger. One browser per test case runs every document it needs.
#include "svg_browser.h"
#include "../docs/snippet.h"

#include "render/cairo/raster.h"
#include "render/svg/animated_svg.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <iostream>

using namespace iconsynth;
using Json = nlohmann::json;

namespace {

constexpr int kSize = 128;
constexpr int kTolerance = 32;
constexpr double kMaxMean = 1.5;
constexpr double kMaxShareOver = 0.02;

// One SVG for the browser and what it should look like.
struct Case {
  std::string name;
  std::string svg;            // the document
  render::AnimatedScene expected;
  std::string css;            // the page's stylesheet
  bool reduced_motion = false;
  std::vector<int> frames;    // paused at each
  std::vector<int> wait_ms;   // shot while running freely, this long after load
  bool as_image = false;      // shown as an <img> instead of inline
};

// Every `stride`-th frame from `offset`, and the last (a screenshot costs the browser a few ms; the
// variants take turns at the offsets, so every frame number is shot for some variant).
std::vector<int> frames_every(const render::AnimatedScene& scene, int stride, int offset) {
  std::vector<int> frames;
  for (int f = offset % stride; f < scene.frame_count; f += stride) frames.push_back(f);
  if (frames.back() != scene.frame_count - 1) frames.push_back(scene.frame_count - 1);
  return frames;
}

// Writes the job, runs the browser once, and returns the folder of each case's images.
std::filesystem::path run_browser(const std::vector<Case>& cases, const std::string& label, const Json& probes = Json::object()) {
  const auto dir = test::artifact_dir("svg-" + label);
  Json job{{"size", kSize}, {"documents", Json::array()}};
  for (const Case& c : cases) {
    const auto file = dir / (c.name + ".svg");
    std::ofstream(file) << c.svg;
    job["documents"].push_back({{"svg", file.string()}, {"out", (dir / c.name).string()}, {"css", c.css},
                                {"reducedMotion", c.reduced_motion}, {"fps", c.expected.frame_rate},
                                {"frames", c.frames}, {"waitMs", c.wait_ms}, {"asImage", c.as_image}});
  }
  job.update(probes);
  test::run_svg_browser(job, dir);
  return dir;
}

using test::frame_file;

// The worst mean and the worst share over the tolerance among the browser's frames against
// Cairo's frame f + shift (shift ≠ 0: a control), and the frame of the worst mean.
struct Worst {
  render::DiffStats stats;
  int frame = -1;
  bool within() const { return stats.mean_abs <= kMaxMean && stats.share_over <= kMaxShareOver; }
};

Worst compare_frames(const std::filesystem::path& dir, const Case& c, int shift = 0) {
  Worst worst;
  for (int f : c.frames) {
    const int ours_at = std::clamp(f + shift, 0, c.expected.frame_count - 1);
    const render::ImageSurface theirs = render::decode_png(test::read_bytes(dir / c.name / frame_file(f)));
    const render::ImageSurface ours = render::render_frame(render::evaluate(c.expected, ours_at), kSize);
    const render::DiffStats d = render::compare_images(ours.view(), theirs.view(), kTolerance);
    if (worst.frame < 0 || d.mean_abs > worst.stats.mean_abs) worst.frame = f;
    worst.stats.mean_abs = std::max(worst.stats.mean_abs, d.mean_abs);
    worst.stats.share_over = std::max(worst.stats.share_over, d.share_over);
    if (shift == 0 && !(d.mean_abs <= kMaxMean && d.share_over <= kMaxShareOver)) {
      std::ofstream(dir / c.name / ("cairo_" + frame_file(f)), std::ios::binary) << ours.png_bytes();
    }
  }
  return worst;
}

std::string describe(const Worst& w) {
  return "worst mean " + std::to_string(w.stats.mean_abs) + " (frame " + std::to_string(w.frame) + "), worst share over " +
         std::to_string(w.stats.share_over * 100) + " %";
}

// The scene with every Bézier segment made linear: the wrong-easing control.
render::AnimatedScene with_linear_easing(render::AnimatedScene scene) {
  const auto relinearise = [](auto& track) {
    std::decay_t<decltype(track)> out;
    for (const auto& k : track.keys()) {
      out.add(k.frame, k.value, k.ease.kind == motion::Easing::Kind::Bezier ? motion::Easing::linear() : k.ease);
    }
    track = out;
  };
  for (render::Element& e : scene.elements) {
    relinearise(e.position);
    relinearise(e.scale);
    relinearise(e.opacity);
  }
  return scene;
}

}  // namespace

TEST_CASE("Chromium plays every style x motion as our Cairo frames (every frame number in some variant), the rings of 3, 6 and 8 too, and the controls fail",
          "[svg][browser]") {
  const spec::IconSpec& spec = test::builtin_spec();
  std::vector<Case> cases, wrong_easing;
  int turn = 0;
  for (const render::Variant& v : test::all_style_motion_variants()) {
    const render::AnimatedScene scene = render::build_scene(spec, v);
    const std::string id = spec::VariantSpace::animation_id(v);
    // The page sets its colour to the variant's primary: the SVG's ink is currentColor.
    const std::string css = "body{color:" + spec::to_hex(scene.primary) + "}";
    cases.push_back({id, render::svg::write_animated_svg(scene, {kSize}), scene, css, false, frames_every(scene, 2, turn), {}});
    wrong_easing.push_back({id + "-linear", render::svg::write_animated_svg(with_linear_easing(scene), {kSize}), scene, css, false,
                            frames_every(scene, 3, turn), {}});
    ++turn;
  }
  // The rings of 3, 6 and 8 (their cards are turned, their links at any angle): key frames.
  std::vector<Case> rings;
  for (int n : {3, 6, 8}) {
    for (const char* style : {"outline", "duotone"}) {
      const render::AnimatedScene scene = render::build_scene(test::ring_spec(n), test::variant(style, 2, "strong"));
      rings.push_back({"ring" + std::to_string(n) + "-" + style + "-strong", render::svg::write_animated_svg(scene, {kSize}), scene,
                       "body{color:" + spec::to_hex(scene.primary) + "}", false, test::key_frames(scene), {}});
    }
  }
  std::vector<Case> all = cases;
  all.insert(all.end(), wrong_easing.begin(), wrong_easing.end());
  all.insert(all.end(), rings.begin(), rings.end());
  const auto dir = run_browser(all, "frames");

  for (const Case& c : cases) {
    const Worst w = compare_frames(dir, c);
    std::cout << "svg vs cairo " << c.name << ": " << c.frames.size() << " frames, " << describe(w) << "\n";
    INFO(c.name << ": " << describe(w) << "; images in " << (dir / c.name).string());
    CHECK(w.within());
    // Control: the same screenshots one frame late (or early) are caught.
    const Worst late = compare_frames(dir, c, 1), early = compare_frames(dir, c, -1);
    std::cout << "  one frame off: late " << describe(late) << "; early " << describe(early) << "\n";
    CHECK_FALSE(late.within());
    CHECK_FALSE(early.within());
  }
  for (const Case& c : rings) {
    const Worst w = compare_frames(dir, c);
    std::cout << "svg vs cairo " << c.name << ": " << c.frames.size() << " key frames, " << describe(w) << "\n";
    INFO(c.name << ": " << describe(w) << "; images in " << (dir / c.name).string());
    CHECK(w.within());
  }
  for (const Case& c : wrong_easing) {
    const Worst w = compare_frames(dir, c, 0);
    std::cout << "control, linear instead of the Bezier easing, " << c.name << ": " << describe(w) << "\n";
    INFO(c.name);
    CHECK_FALSE(w.within());
  }
}

TEST_CASE("A page stylesheet's colour and weight restyle the SVG as render --color --weight does", "[svg][browser]") {
  const spec::IconSpec& spec = test::builtin_spec();
  const auto red = spec::parse_hex_color("#E5484D");
  std::vector<Case> cases;
  for (const render::Variant& v : test::all_style_motion_variants()) {
    // The file is the default variant (weight 2, dark theme's colour); the page asks for red at 3.
    const std::string svg = render::svg::write_animated_svg(render::build_scene(spec, v), {kSize});
    render::Variant restyled = v;
    restyled.weight = 3;
    restyled.color = red;
    const render::AnimatedScene expected = render::build_scene(spec, restyled);
    cases.push_back({spec::VariantSpace::animation_id(v) + "-red-w3", svg, expected,
                     "body{color:#E5484D;--iconsynth-weight:3}", false, test::key_frames(expected), {}});
  }
  // Control: weight 1 asked, weight 3 expected.
  Case thin = cases.front();
  thin.name += "-control-w1";
  thin.css = "body{color:#E5484D;--iconsynth-weight:1}";
  cases.push_back(thin);
  const auto dir = run_browser(cases, "restyled");
  for (const Case& c : cases) {
    const Worst w = compare_frames(dir, c);
    std::cout << "svg vs cairo " << c.name << ": " << describe(w) << "\n";
    INFO(c.name << ": " << describe(w) << "; images in " << (dir / c.name).string());
    if (c.name.find("control") != std::string::npos) {
      CHECK_FALSE(w.within());
    } else {
      CHECK(w.within());
    }
  }
}

TEST_CASE("Reduced motion shows the rest pose at every time, and each trigger plays when it should", "[svg][browser]") {
  const spec::IconSpec& spec = test::builtin_spec();
  const render::AnimatedScene scene = render::build_scene(spec, test::variant("outline", 2, "strong"));
  const std::string svg = render::svg::write_animated_svg(scene, {kSize});
  const std::string css = "body{color:" + spec::to_hex(scene.primary) + "}";
  const std::vector<int> waits{0, 250, 500, 800, 1200};
  std::vector<Case> cases{{"reduced", svg, scene, css, true, {}, waits},
                          // Control: without the preference the icon moves during those times.
                          {"moving", svg, scene, css, false, {}, waits},
                          // As an <img> on a page whose text is black: played once, it rests in
                          // the variant's own colour.
                          {"image", svg, scene, "body{color:#000}", false, {}, {1800}, true}};
  const auto dir = test::artifact_dir("svg-triggers");
  std::ofstream(dir / "icon.svg") << svg;
  const Json triggers{{"svg", (dir / "icon.svg").string()}, {"out", (dir / "triggers.json").string()}};
  const auto out = run_browser(cases, "motion-preference", {{"triggers", triggers}});

  const render::ImageSurface rest = render::render_frame(render::evaluate(scene, 0), kSize);
  const auto differs_from_rest = [&](const std::string& name, int ms) {
    char file[32];
    std::snprintf(file, sizeof file, "wait_%04d.png", ms);
    const render::ImageSurface shot = render::decode_png(test::read_bytes(out / name / file));
    const render::DiffStats d = render::compare_images(rest.view(), shot.view(), kTolerance);
    INFO(name << " at " << ms << " ms: " << render::describe(d));
    return !(d.mean_abs <= kMaxMean && d.share_over <= kMaxShareOver);
  };
  bool moved = false;
  for (int ms : waits) {
    CHECK_FALSE(differs_from_rest("reduced", ms));
    moved = moved || differs_from_rest("moving", ms);
  }
  CHECK(moved);
  CHECK_FALSE(differs_from_rest("image", 1800));
  CHECK(Json::parse(test::read_bytes(out / "reduced" / "animations.json"))["atLoad"] == 0);
  CHECK(Json::parse(test::read_bytes(out / "moving" / "animations.json"))["atLoad"] > 0);

  // Running animations in each copy: no data-play (on load), hover, parent-hover, class.
  const Json steps = Json::parse(test::read_bytes(dir / "triggers.json"));
  INFO(steps.dump());
  CHECK(steps["loaded"]["load"] > 0);
  for (const char* idle : {"hover", "parent", "class"}) CHECK(steps["loaded"][idle] == 0);
  CHECK(steps["hoverOwnSvg"]["hover"] > 0);
  CHECK(steps["hoverOwnSvg"]["parent"] == 0);
  CHECK(steps["hoverParent"]["parent"] > 0);
  CHECK(steps["hoverParent"]["hover"] == 0);
  CHECK(steps["pointerAway"]["hover"] == 0);
  CHECK(steps["pointerAway"]["parent"] == 0);
  CHECK(steps["pointerAway"]["class"] == 0);
  CHECK(steps["classPlay"]["class"] > 0);
}

TEST_CASE("The SVG + CSS snippet works as written", "[svg][browser][snippet]") {
  // The snippet, with each "<svg ATTRIBUTES …>…</svg>" replaced by the real file carrying them.
  std::string html = test::docs_snippet("svg-css");
  const render::AnimatedScene scene = render::build_scene(test::builtin_spec(), test::variant("outline", 2, "light"));
  const std::string svg = render::svg::write_animated_svg(scene, {48});
  const std::string placeholder_end = " \xE2\x80\xA6>\xE2\x80\xA6</svg>";  // " …>…</svg>"
  int replaced = 0;
  for (std::size_t at = html.find("<svg "); at != std::string::npos; at = html.find("<svg ", at + 1)) {
    const std::size_t end = html.find(placeholder_end, at);
    REQUIRE(end != std::string::npos);
    const std::string attributes = html.substr(at + 5, end - at - 5);
    std::string real = svg;
    real.insert(5, attributes + " ");
    html.replace(at, end + placeholder_end.size() - at, real);
    ++replaced;
  }
  REQUIRE(replaced == 3);
  const auto dir = test::artifact_dir("svg-snippet");
  std::ofstream(dir / "page.html") << "<!doctype html><html><body>" << html << "</body></html>";
  run_browser({}, "readme", {{"page", {{"html", (dir / "page.html").string()}, {"out", (dir / "page.json").string()}}}});

  const Json result = Json::parse(test::read_bytes(dir / "page.json"));
  INFO(result.dump());
  const auto by_trigger = [&](const char* step, const char* play) {
    for (const Json& s : result[step]) {
      if (s["play"] == play) return s;
    }
    FAIL("no svg with data-play=" << play);
    return Json();
  };
  for (const Json& s : result["loaded"]) {
    CHECK(s["color"] == "rgb(229, 72, 77)");  // the toolbar's colour
    CHECK(s["strokeWidth"] == "2.5px");       // and its weight
  }
  CHECK(by_trigger("loaded", "hover")["running"] == 0);
  CHECK(by_trigger("loaded", "parent-hover")["running"] == 0);
  CHECK(by_trigger("loaded", "class")["running"] > 0);  // the page's script added "play"
  CHECK(by_trigger("overButton", "parent-hover")["running"] > 0);
  CHECK(by_trigger("overButton", "hover")["running"] == 0);
}
