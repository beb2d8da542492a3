// Hinting (render/scene/hint.h, render/cairo/sized_scene.h), proved on what it draws: softness at
// the sizes icons are shown, anti-aliasing kept, no edge moved past half a pixel (measured on
// the outlines), mirror images kept, motion as smooth as the exact one, rest poses at both ends.

#include "render/cairo/raster.h"
#include "render/cairo/sized_scene.h"
#include "render/compare/softness.h"
#include "render/scene/scene_key.h"
#include "support.h"

#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <fstream>
#include <iostream>

using namespace iconsynth;
using render::ElementKind;

namespace {

const std::vector<int> kSizes{16, 20, 24, 32, 40, 48};

// The example spec of a ring of N, as shipped.
const spec::IconSpec& example_ring(int n) {
  static std::map<int, spec::IconSpec> specs;
  auto at = specs.find(n);
  if (at == specs.end()) {
    at = specs.emplace(n, spec::load_spec_file(std::string(ICONSYNTH_SOURCE_DIR) + "/spec/examples/ring-" + std::to_string(n) + ".json")).first;
  }
  return at->second;
}

// The same ring off the grid: padding 1.25 and die 2.5 (a quarter unit off whole units), cards
// turned to the centre, no keylines, no hinting.
const spec::IconSpec& ring_before(int n) {
  static std::map<int, spec::IconSpec> specs;
  auto at = specs.find(n);
  if (at == specs.end()) {
    std::ifstream in(std::string(ICONSYNTH_SOURCE_DIR) + "/spec/examples/ring-" + std::to_string(n) + ".json");
    spec::Json doc = spec::Json::parse(in);
    doc["layout"]["padding"] = 1.25;
    doc["layout"]["die"]["size"] = 2.5;
    doc["layout"].erase("keylines");
    doc.erase("hinting");
    at = specs.emplace(n, spec::load_spec(doc)).first;
  }
  return at->second;
}

double hinted_softness(const spec::IconSpec& spec, const render::Variant& v, int size) {
  return render::rest_softness(render::scene_for_size(spec, v, size), size);
}
double exact_softness(const spec::IconSpec& spec, const render::Variant& v, int size) {
  return render::rest_softness(render::build_scene(spec, v), size);
}

// Every outline point of an element at a frame, px, relative to its origin; with its stroke's
// half width (px) beside it. A stroke that the fitted element `drawn` draws as a band (a fill
// where `fe` has a stroke: render::stroke_band) is read as that band, so both sides of it are
// compared point by point. Which fills are covered is read from `exact` (the exact element), so a
// duotone card's fill is skipped on both sides even where its stroke became a band.
struct Outline {
  Eigen::Vector2d origin;
  std::vector<Eigen::Vector2d> points;
  std::vector<double> half_width;
};
Outline outline_px(const render::FrameElement& fe, double ppu, const render::Element* exact = nullptr, const render::Element* drawn = nullptr) {
  Outline out{fe.transform.translation() * ppu, {}, {}};
  const auto& parts = fe.element->parts;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const render::Part& part = parts[i];
    // A fill under a stroke of the same outline (the duotone card) shows no edge of its own.
    const auto& as_exact = exact ? exact->parts : parts;
    const bool covered = as_exact[i].paint.kind == render::Paint::Kind::Fill && std::any_of(as_exact.begin(), as_exact.end(), [&](const render::Part& p) {
      return p.paint.kind == render::Paint::Kind::Stroke && p.path == as_exact[i].path;
    });
    if (covered) continue;
    const bool as_band = drawn && part.paint.kind == render::Paint::Kind::Stroke && drawn->parts[i].paint.kind == render::Paint::Kind::Fill;
    const bool stroked = part.paint.kind == render::Paint::Kind::Stroke && !as_band;
    const geometry::Path path = as_band ? render::stroke_band(part.path, part.paint.stroke_width).value() : part.path;
    const double scale = std::sqrt(std::abs(fe.transform.linear().determinant()));
    const double half = stroked ? part.paint.stroke_width * scale * ppu / 2 : 0;
    for (const geometry::PathCommand& c : path.commands()) {
      const int n = c.verb == geometry::Verb::Cubic ? 3 : c.verb == geometry::Verb::Close ? 0 : 1;
      for (int k = 0; k < n; ++k) {
        out.points.push_back(fe.transform * c.points[k] * ppu - out.origin);
        out.half_width.push_back(half);
      }
    }
  }
  return out;
}

// The largest distance, px, any ink edge of the visible rest pose moved from `exact` to `hinted`:
// along each axis, each outline point's ink to either side of it (a stroke's half width away;
// the inner side only where it does not cross the origin, as a stroke that fills its card in
// shows no inner side).
double worst_edge_move(const render::AnimatedScene& exact, const render::AnimatedScene& hinted, int size) {
  const double ppu = size / exact.grid;
  const render::FrameScene a = render::evaluate(exact, 0), b = render::evaluate(hinted, 0);
  REQUIRE(a.elements.size() == b.elements.size());
  double worst = 0;
  for (std::size_t i = 0; i < a.elements.size(); ++i) {
    if (a.elements[i].opacity <= 0) continue;
    const render::Element* e = a.elements[i].element;
    const Outline x = outline_px(a.elements[i], ppu, e, b.elements[i].element), y = outline_px(b.elements[i], ppu, e);
    REQUIRE(x.points.size() == y.points.size());
    for (std::size_t k = 0; k < x.points.size(); ++k) {
      for (int d = 0; d < 2; ++d) {
        const double px = x.points[k][d], py = y.points[k][d];
        const double side = px < 0 ? -1 : 1;
        worst = std::max(worst, std::abs((y.origin[d] + py + side * y.half_width[k]) - (x.origin[d] + px + side * x.half_width[k])));
        if (std::abs(px) > x.half_width[k] + 1e-9) {
          worst = std::max(worst, std::abs((y.origin[d] + py - side * y.half_width[k]) - (x.origin[d] + px - side * x.half_width[k])));
        }
      }
    }
  }
  return worst;
}

// The image mirrored left to right.
render::ImageSurface mirrored(const render::ImageSurface& image) {
  render::ImageSurface out(image.width(), image.height());
  std::vector<std::uint32_t> pixels(std::size_t(image.width()) * image.height());
  for (int y = 0; y < image.height(); ++y) {
    for (int x = 0; x < image.width(); ++x) pixels[std::size_t(y) * image.width() + x] = image.pixel(image.width() - 1 - x, y);
  }
  return render::image_from_pixels(pixels.data(), image.width(), image.height());
}

// Largest channel difference between two images of one size.
int max_difference(const render::ImageSurface& a, const render::ImageSurface& b) {
  return render::compare_images(a.view(), b.view(), 0).max_abs;
}

}  // namespace

TEST_CASE("Hinted rest poses are crisp at the sizes icons are shown: softness within each style's limit at each size", "[render][hint]") {
  // outline and duotone w2: ≤ 0.20 at 24 and 48 px, ≤ 0.25 at 20, 32, 40, ≤ 0.30 at 16;
  // solid: ≤ 0.25 at 16 and 20, ≤ 0.20 at 24 … 48.
  const auto limit = [](const std::string& style, int size) {
    if (style == "solid") return size <= 20 ? 0.25 : 0.20;
    if (size == 16) return 0.30;
    return size == 24 || size == 48 ? 0.20 : 0.25;
  };
  for (const std::string style : {"outline", "duotone", "solid"}) {
    for (int size : kSizes) {
      const double s = hinted_softness(test::builtin_spec(), test::variant(style, 2, "light"), size);
      std::cout << style << " w2 at " << size << " px: softness " << s << "\n";
      INFO(style << " at " << size << " px: " << s);
      CHECK(s <= limit(style, size));
    }
  }
}

TEST_CASE("Weights 1.5 and 2.5 hinted: at least 40 % below their exact figure at every size", "[render][hint]") {
  // Weight 2.5 at 32 px: the cards' sides fall at 1.33 and 4.67 px (outer, inner) and 8.67 and
  // 12 px, so the only whole pixels within half a pixel are 1, 5, 9 and 12: a 4 px outer side
  // and a 3 px inner one, which no stroke of one width draws. The hinter draws such a card as a
  // band (its stroke as a fill, each side on its own pixel; the four cards mirror images of each
  // other): outline 0.291 -> 0.114, duotone 0.163 -> 0.076 (0.187 and 0.132 with the cards at
  // their exact width).
  for (const std::string style : {"outline", "duotone", "solid"}) {
    for (double weight : {1.5, 2.5}) {
      for (int size : kSizes) {
        const render::Variant v = test::variant(style, weight, "light");
        const double before = exact_softness(test::builtin_spec(), v, size), after = hinted_softness(test::builtin_spec(), v, size);
        std::cout << style << " w" << weight << " at " << size << " px: " << before << " -> " << after << "\n";
        INFO(style << " w" << weight << " at " << size << " px: " << before << " -> " << after);
        CHECK(after <= 0.6 * before);
      }
    }
  }
}

TEST_CASE("Rings of 3, 6 and 8 on keylines: at least 40 % below the turned rings they were, at 24 and 48 px", "[render][hint]") {
  // Outline w2 held to 40 % (every style printed). The ring of 6 meets it because its derived
  // corner radius (1.125 units) rounds to a whole unit on keylines: 0.403 -> 0.216 (46 %) at
  // 24 px and 0.184 -> 0.096 (48 %) at 48 px (0.257 and 0.114 unrounded, the cards' sides ending
  // an eighth of a unit into a pixel).
  for (int n : {3, 6, 8}) {
    for (int size : {24, 48}) {
      for (const std::string style : {"outline", "duotone", "solid"}) {
        const render::Variant v = test::variant(style, 2, "light");
        const double before = exact_softness(ring_before(n), v, size), after = hinted_softness(example_ring(n), v, size);
        std::cout << "ring of " << n << ", " << style << " at " << size << " px: " << before << " -> " << after << "\n";
        INFO("ring of " << n << ", " << style << " at " << size << " px: " << before << " -> " << after);
        CHECK(after < before);
        if (style == "outline") CHECK(after <= 0.6 * before);
      }
    }
  }
}

TEST_CASE("Anti-aliasing stays on: rounded corners and packets keep their grey levels", "[render][hint]") {
  for (int size : {16, 24, 48}) {
    const auto scene = render::scene_for_size(test::builtin_spec(), test::variant("outline", 2, "light"), size);
    const render::ImageSurface rest = render::render_frame(render::evaluate(scene, 0), size);
    // Every card's four rounded corners keep partly covered pixels: 16 at least.
    int grey = 0;
    for (int y = 0; y < size; ++y) {
      for (int x = 0; x < size; ++x) grey += (rest.pixel(x, y) >> 24) > 0 && (rest.pixel(x, y) >> 24) < 255;
    }
    INFO(size << " px: " << grey << " grey pixels");
    CHECK(grey >= 16);
    // A packet in flight, half way, has grey edge pixels of its own.
    const double mid = (scene.choreography.packets.front().depart + scene.choreography.packets.front().land) / 2;
    const render::ImageSurface moving = render::render_frame(render::evaluate(scene, mid), size);
    int moving_grey = 0;
    for (int y = 0; y < size; ++y) {
      for (int x = 0; x < size; ++x) {
        const auto a = moving.pixel(x, y) >> 24, b = rest.pixel(x, y) >> 24;
        moving_grey += a != b && a > 0 && a < 255;
      }
    }
    CHECK(moving_grey > 0);
  }
}

TEST_CASE("No edge moves more than half a pixel from the exact geometry, measured on the outlines", "[render][hint]") {
  std::vector<const spec::IconSpec*> specs{&test::builtin_spec(), &example_ring(3), &example_ring(6), &example_ring(8)};
  double worst = 0;
  for (const spec::IconSpec* spec : specs) {
    for (const render::Variant& v : spec::VariantSpace(*spec).variants({.motion = "light", .theme = "dark"})) {
      for (int size = 16; size <= 64; size += 3) {
        // The exact geometry of the size's optical layout: optical sizes change the design by rule; hinting only fits it.
        const auto exact = render::build_scene(spec::at_optical_size(*spec, size), v);
        const auto hinted = render::scene_for_size(*spec, v, size);
        const double moved = worst_edge_move(exact, hinted, size);
        worst = std::max(worst, moved);
        INFO(spec->id << " " << spec::VariantSpace::animation_id(v) << " w" << v.weight << " at " << size << " px: " << moved);
        CHECK(moved <= render::kMaxHintShiftPx + 1e-9);
      }
    }
  }
  std::cout << "largest edge move over every spec, style, preset weight and size 16 … 64: " << worst << " px\n";
  CHECK(worst > 0.1);  // the check sees moves at all
}

// Each module drawn alone at the rest pose, cut to its ink's box: equal crops are the same pixels.
std::vector<std::vector<std::uint32_t>> module_masks(const render::AnimatedScene& scene, int size) {
  std::vector<std::vector<std::uint32_t>> masks;
  const render::FrameScene rest = render::evaluate(scene, 0);
  for (const render::FrameElement& fe : rest.elements) {
    if (fe.element->kind != ElementKind::Module) continue;
    render::FrameScene alone = rest;
    alone.elements = {fe};
    const render::ImageSurface image = render::render_frame(alone, size);
    int x0 = size, y0 = size, x1 = -1, y1 = -1;
    for (int y = 0; y < size; ++y) {
      for (int x = 0; x < size; ++x) {
        if (image.pixel(x, y) >> 24) x0 = std::min(x0, x), y0 = std::min(y0, y), x1 = std::max(x1, x), y1 = std::max(y1, y);
      }
    }
    std::vector<std::uint32_t> crop{std::uint32_t(x1 - x0), std::uint32_t(y1 - y0)};
    for (int y = y0; y <= y1; ++y) {
      for (int x = x0; x <= x1; ++x) crop.push_back(image.pixel(x, y));
    }
    masks.push_back(std::move(crop));
  }
  return masks;
}

// A module's crop (module_masks) mirrored left to right and / or top to bottom.
std::vector<std::uint32_t> mirrored_crop(const std::vector<std::uint32_t>& crop, bool lr, bool tb) {
  const int w = int(crop[0]) + 1, h = int(crop[1]) + 1;
  std::vector<std::uint32_t> out = crop;
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) out[2 + y * w + x] = crop[2 + (tb ? h - 1 - y : y) * w + (lr ? w - 1 - x : x)];
  }
  return out;
}

// Largest channel difference between two crops of one size (or 255 when their sizes differ).
int crop_difference(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b) {
  if (a.size() != b.size() || a[0] != b[0]) return 255;
  int worst = 0;
  for (std::size_t i = 2; i < a.size(); ++i) {
    for (int c = 0; c < 32; c += 8) worst = std::max(worst, std::abs(int((a[i] >> c) & 255) - int((b[i] >> c) & 255)));
  }
  return worst;
}

// Every outline point of an element at rest, with its part's stroke width, px on the canvas,
// mirrored about the canvas's centre on the flipped axes, rounded to 1e-6 px, as a sorted set: two
// elements are mirror images when their sets are equal.
std::vector<std::array<double, 3>> canvas_points(const render::FrameElement& fe, double ppu, int size, bool lr, bool tb) {
  std::vector<std::array<double, 3>> out;
  const auto snap = [](double v) { return std::round(v * 1e6) / 1e6; };
  for (const render::Part& part : fe.element->parts) {
    for (const geometry::PathCommand& c : part.path.commands()) {
      const int n = c.verb == geometry::Verb::Cubic ? 3 : c.verb == geometry::Verb::Close ? 0 : 1;
      for (int k = 0; k < n; ++k) {
        const Eigen::Vector2d p = fe.transform * c.points[k] * ppu;
        out.push_back({snap(lr ? size - p.x() : p.x()), snap(tb ? size - p.y() : p.y()), snap(part.paint.stroke_width * ppu)});
      }
    }
  }
  // A set: a contour's start point is also its last corner's end.
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// Whether every visible element of the rest pose has a mirror image among them (itself, for a
// link across the middle), outline point for outline point.
bool mirror_symmetric(const render::AnimatedScene& scene, int size, bool lr, bool tb) {
  const double ppu = size / scene.grid;
  const render::FrameScene rest = render::evaluate(scene, 0);
  for (const render::FrameElement& fe : rest.elements) {
    if (fe.opacity <= 0) continue;
    const auto mine = canvas_points(fe, ppu, size, false, false);
    const bool twin = std::any_of(rest.elements.begin(), rest.elements.end(), [&](const render::FrameElement& other) {
      return other.opacity > 0 && canvas_points(other, ppu, size, lr, tb) == mine;
    });
    if (!twin) return false;
  }
  return true;
}

TEST_CASE("Hinting keeps the modules congruent, their gaps equal, and the ring its mirror image, exactly in the geometry", "[render][hint]") {
  // Mirror images: the hinted geometry is its own mirror image exactly (every outline point), but
  // Cairo's rasteriser is not mirror-symmetric: an axis-aligned rectangle at fractional edges and
  // its mirror image differ by a level, a rounded rectangle by 2 to 3, a circle by up to 17, and
  // tracing the mirrored outline in mirrored order does not close it (below; the control, a
  // module a quarter pixel off, reads more than 60). So the pixels are held to what the
  // rasteriser leaves: at most 12 levels (11 measured, the solid die's hole at 44 px).
  int worst_max = 0;
  double worst_mean = 0;
  const auto check_mirror = [&](const render::ImageSurface& rest) {
    const render::DiffStats d = render::compare_images(rest.view(), mirrored(rest).view(), 0);
    worst_max = std::max(worst_max, d.max_abs), worst_mean = std::max(worst_mean, d.mean_abs);
    CHECK(d.max_abs <= 12);
    CHECK(d.mean_abs <= 0.5);
  };
  int banded_sizes = 0;
  for (int size = 16; size <= 64; ++size) {
    for (const std::string style : {"outline", "solid", "duotone"}) {
      const auto scene = render::scene_for_size(test::builtin_spec(), test::variant(style, 2, "light"), size);
      INFO(style << " at " << size << " px");
      CHECK(mirror_symmetric(scene, size, true, false));
      CHECK(mirror_symmetric(scene, size, false, true));
      check_mirror(render::render_frame(render::evaluate(scene, 0), size));
      const auto masks = module_masks(scene, size);
      REQUIRE(masks.size() == 4);
      // Cards drawn as strokes are one outline on one sub-pixel phase: equal masks, pixel for
      // pixel. Cards drawn as bands (a side per whole pixel) are mirror images of each other
      // (tl, tr, br, bl): equal once mirrored, within the rasteriser's asymmetry.
      const bool bands = std::any_of(scene.elements.begin(), scene.elements.end(), [](const render::Element& e) {
        return e.kind == ElementKind::Module && e.parts.back().paint.kind == render::Paint::Kind::Fill && e.parts.back().name == "card-stroke";
      }) || std::any_of(scene.elements.begin(), scene.elements.end(), [](const render::Element& e) {
        return std::any_of(e.parts.begin(), e.parts.end(), [](const render::Part& p) { return p.name == "card-stroke" && p.paint.kind == render::Paint::Kind::Fill; });
      });
      banded_sizes += bands;
      if (!bands) {
        for (const auto& mask : masks) CHECK(mask == masks.front());
      } else {
        CHECK(crop_difference(masks[1], mirrored_crop(masks[0], true, false)) <= 12);
        CHECK(crop_difference(masks[3], mirrored_crop(masks[0], false, true)) <= 12);
        CHECK(crop_difference(masks[2], mirrored_crop(masks[0], true, true)) <= 12);
      }
      // Equal gaps on every side.
      std::vector<Eigen::Vector2d> centres;
      for (const render::Element& e : scene.elements) {
        if (e.kind == ElementKind::Module) centres.push_back(e.position.at(0));
      }
      const double top = centres[1].x() - centres[0].x(), right = centres[2].y() - centres[1].y();
      const double bottom = centres[2].x() - centres[3].x(), left = centres[3].y() - centres[0].y();
      CHECK(top == Approx(right));
      CHECK(top == Approx(bottom));
      CHECK(top == Approx(left));
    }
  }
  std::cout << "2x2 ring, sizes 16 … 64: mirror image within " << worst_max << " levels (mean " << worst_mean << "); cards as bands in "
            << banded_sizes << " of 147 renderings\n";
  CHECK(banded_sizes > 0);  // both kinds of card are checked
  // Why not 0: one card alone at the canvas's centre, its own mirror image exactly, still differs
  // from its mirror image in Cairo's coverage; and its outline mirrored in its own frame (traced
  // the other way round, as a module built as a master's mirror image would be) is as far from
  // that mirror image: the rasteriser, not the outline's direction, is what differs.
  for (int size : {24, 48}) {
    auto scene = render::scene_for_size(test::builtin_spec(), test::variant("outline", 2, "light"), size);
    std::erase_if(scene.elements, [](const render::Element& e) { return e.name != "module-tl"; });
    scene.elements.front().position = motion::Track<Eigen::Vector2d>(Eigen::Vector2d::Constant(scene.grid / 2));
    REQUIRE(mirror_symmetric(scene, size, true, false));
    const render::ImageSurface alone = render::render_frame(render::evaluate(scene, 0), size);
    const int asymmetry = render::compare_images(alone.view(), mirrored(alone).view(), 0).max_abs;
    // The card's outline mirrored in its own frame (the same commands, so traced the other way).
    auto traced_back = scene;
    for (render::Part& part : traced_back.elements.front().parts) part.path = part.path.transformed(geometry::Affine(Eigen::Scaling(-1.0, 1.0)));
    const int retraced = max_difference(mirrored(alone), render::render_frame(render::evaluate(traced_back, 0), size));
    std::cout << "one card, its own mirror image, at " << size << " px: Cairo's pixels differ from their mirror image by " << asymmetry
              << " levels; traced the other way round, by " << retraced << "\n";
    CHECK(asymmetry > 0);
    CHECK(retraced > 0);
  }
  // The control: one module a quarter pixel off is caught by every check.
  for (int size : {24, 48}) {
    auto scene = render::scene_for_size(test::builtin_spec(), test::variant("outline", 2, "light"), size);
    for (render::Element& e : scene.elements) {
      if (e.kind != ElementKind::Module) continue;
      e.position = motion::Track<Eigen::Vector2d>(e.position.at(0) + Eigen::Vector2d(0.25 * scene.grid / size, 0));
      break;
    }
    CHECK_FALSE(mirror_symmetric(scene, size, true, false));
    const render::ImageSurface rest = render::render_frame(render::evaluate(scene, 0), size);
    CHECK(render::compare_images(rest.view(), mirrored(rest).view(), 0).max_abs > 60);
    const auto masks = module_masks(scene, size);
    CHECK(masks.front() != masks.back());
  }
  for (int n : {3, 6, 8}) {
    for (int size : {16, 20, 24, 32, 48}) {
      const auto scene = render::scene_for_size(example_ring(n), test::variant("outline", 2, "light"), size);
      INFO("ring of " << n << " at " << size << " px");
      CHECK(mirror_symmetric(scene, size, true, false));
      check_mirror(render::render_frame(render::evaluate(scene, 0), size));
      // On the design grid and twice it every card sits on the same phase: one mask for all.
      if (size == 24 || size == 48) {
        const auto masks = module_masks(scene, size);
        for (const auto& mask : masks) CHECK(mask == masks.front());
      }
    }
  }
}

TEST_CASE("Hinted motion is as smooth as the exact motion and ends on the hinted rest pose", "[render][hint]") {
  for (const render::Variant& v : test::all_style_motion_variants()) {
    for (int size : {16, 24, 32}) {
      const auto exact = render::build_scene(spec::at_optical_size(test::builtin_spec(), size), v);
      const auto hinted = render::scene_for_size(test::builtin_spec(), v, size);
      const double ppu = size / exact.grid;
      double excess = 0;
      for (int f = 1; f < exact.frame_count; ++f) {
        const auto step = [&](const render::AnimatedScene& s) {
          const render::FrameScene a = render::evaluate(s, f - 1), b = render::evaluate(s, f);
          double most = 0;
          for (std::size_t i = 0; i < a.elements.size(); ++i) {
            if (a.elements[i].opacity <= 0 && b.elements[i].opacity <= 0) continue;
            const Outline x = outline_px(a.elements[i], ppu), y = outline_px(b.elements[i], ppu);
            for (std::size_t k = 0; k < x.points.size(); ++k) most = std::max(most, (x.origin + x.points[k] - y.origin - y.points[k]).norm());
          }
          return most;
        };
        excess = std::max(excess, step(hinted) - step(exact));
      }
      std::cout << spec::VariantSpace::animation_id(v) << " at " << size << " px: a frame moves at most " << excess << " px more than exact\n";
      INFO(spec::VariantSpace::animation_id(v) << " at " << size << " px: a frame moves " << excess << " px more than exact");
      CHECK(excess <= 0.5);
      const render::ImageSurface first = render::render_frame(render::evaluate(hinted, 0), size);
      const render::ImageSurface last = render::render_frame(render::evaluate(hinted, hinted.frame_count - 1), size);
      CHECK(max_difference(first, last) == 0);
    }
  }
}

TEST_CASE("Hinting applies up to the spec's size: above it, and with --exact, the scene is build_scene's", "[render][hint]") {
  const spec::IconSpec& spec = test::builtin_spec();
  const render::Variant v = test::variant("outline", 2, "light");
  REQUIRE(spec.hinting.up_to == 64);
  CHECK(render::scene_for_size(spec, v, 64).pixel_grid == 64);
  for (int size : {65, 128, 512}) {
    const auto scene = render::scene_for_size(spec, v, size);
    CHECK(scene.pixel_grid == 0);
    CHECK(render::scene_key(scene) == render::scene_key(render::build_scene(spec, v)));
  }
  CHECK(render::scene_for_size(spec, v, 20, render::Geometry::Exact).pixel_grid == 0);
  CHECK(render::scene_key(render::scene_for_size(spec, v, 20, render::Geometry::Exact)) == render::scene_key(render::build_scene(spec, v)));
  // A control: at 20 px the hinted scene is a different one.
  CHECK(render::scene_key(render::scene_for_size(spec, v, 20)) != render::scene_key(render::build_scene(spec, v)));
}

TEST_CASE("Stems: whole pixels, at least one, a half-way width rounded away from the default weight", "[render][hint]") {
  CHECK(render::hinted_stem_px(2, 1, 2) == 2);
  CHECK(render::hinted_stem_px(1.5, 1, 2) == 1);  // 24 px: 1.5 and 2.5 part from 2 instead of joining it
  CHECK(render::hinted_stem_px(2.5, 1, 2) == 3);
  CHECK(render::hinted_stem_px(2, 2.0 / 3, 2) == 1);  // 16 px: 1.33 px
  CHECK(render::hinted_stem_px(1, 0.5, 2) == 1);      // never thinner than a pixel
  CHECK(render::hinted_stem_px(2, 20.0 / 24, 2) == 2);
}
