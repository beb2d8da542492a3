// The frame renderer shares a coverage mask between parts whose keys are equal, and keeps masks
// from frame to frame by key: equal keys must mean equal pixels, whatever Cairo does.
#include "render/cairo/coverage_cache.h"
#include "render/cairo/coverage_mask.h"
#include "render/cairo/draw.h"
#include "render/cairo/opaque_ink.h"
#include "mask_support.h"
#include "support.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <random>

using namespace iconsynth;

namespace {

constexpr int kSize = 256;
constexpr double kPxPerUnit = kSize / 24.0;

struct PlacedPart {
  geometry::Affine transform;
  render::PixelBox box;
};

// A part at scale `s` with its local origin at `origin` (grid units), and a box around its ink.
PlacedPart place(const render::Part& part, double s, Eigen::Vector2d origin) {
  geometry::Affine t = geometry::Affine::Identity();
  t.translate(origin);
  t.scale(s);
  const geometry::Bounds b = part.path.control_bounds();
  const double reach = part.paint.kind == render::Paint::Kind::Stroke ? part.paint.stroke_width / 2 : 0;
  const Eigen::Vector2d lo = t * (b.min - Eigen::Vector2d::Constant(reach)) * kPxPerUnit;
  const Eigen::Vector2d hi = t * (b.max + Eigen::Vector2d::Constant(reach)) * kPxPerUnit;
  return {t, {int(std::floor(lo.x())) - 2, int(std::floor(lo.y())) - 2, int(std::ceil(hi.x())) + 2, int(std::ceil(hi.y())) + 2}};
}

// The same part moved by whole pixels: its box moves with it.
PlacedPart moved(const PlacedPart& p, int dx, int dy) {
  geometry::Affine t = p.transform;
  t.pretranslate(Eigen::Vector2d(dx / kPxPerUnit, dy / kPxPerUnit));
  return {t, {p.box.x0 + dx, p.box.y0 + dy, p.box.x1 + dx, p.box.y1 + dy}};
}

std::vector<std::int64_t> key_of(render::PartRasteriser& r, const render::Part& part, const PlacedPart& at) {
  std::vector<std::int64_t> key;
  // Where the box (the ink and a margin) reaches past the canvas, the ink may: its place counts.
  const bool clipped = at.box.x0 < 0 || at.box.y0 < 0 || at.box.x1 > kSize || at.box.y1 > kSize;
  r.key(at.transform, render::cairo_path_data(part.path), part.paint, at.box, clipped, key);
  return key;
}

std::shared_ptr<render::CoverageMask> mask_of(render::PartRasteriser& r, const render::Part& part, const PlacedPart& at) {
  return r.rasterise(at.transform, render::cairo_path_data(part.path), part.paint, at.box, key_of(r, part, at));
}

// Every part of every element kind: strokes and fills, straight and curved.
std::vector<render::Part> sample_parts() {
  std::vector<render::Part> parts;
  for (const std::string style : {"outline", "solid", "duotone"}) {
    const auto scene = render::build_scene(test::builtin_spec(), test::variant(style, 2.5, "strong"));
    for (const render::Element& e : scene.elements) {
      if (e.name == "module-tl" || e.name == "link-top" || e.name.rfind("packet-tl-tr", 0) == 0) {
        parts.insert(parts.end(), e.parts.begin(), e.parts.end());
      }
    }
  }
  return parts;
}

}  // namespace

TEST_CASE("Parts moved by whole pixels have equal keys, and equal keys have equal masks", "[render][cairo]") {
  render::PartRasteriser rasteriser(kSize, kPxPerUnit);
  std::mt19937 random(20261130);
  std::uniform_real_distribution<double> scale(0.8, 1.3), grid(8, 16);
  std::uniform_int_distribution<int> shift(-30, 30);
  int equal_keys = 0, trials = 0;
  for (const render::Part& part : sample_parts()) {
    for (int i = 0; i < 40; ++i, ++trials) {
      const PlacedPart a = place(part, scale(random), {grid(random), grid(random)});
      const PlacedPart b = moved(a, shift(random), shift(random));
      if (key_of(rasteriser, part, a) != key_of(rasteriser, part, b)) continue;
      ++equal_keys;
      CHECK(test::same_pixels(*mask_of(rasteriser, part, a), *mask_of(rasteriser, part, b)));
    }
  }
  // Whole-pixel moves almost always keep every fixed-point coordinate (not always: a point's
  // double can round differently at another magnitude, and then the key differs, safely).
  CHECK(equal_keys > trials * 9 / 10);
}

TEST_CASE("A part whose ink stays inside the canvas has the same mask where the canvas's edge cuts its box", "[render][cairo]") {
  // Cairo clips at the canvas's edge, which can change the pixels inside when the ink reaches
  // past it; when only the box's margin does, the mask is the part's own, shared by key.
  render::PartRasteriser rasteriser(kSize, kPxPerUnit);
  int cut = 0;
  for (const render::Part& part : sample_parts()) {
    for (double scale : {0.9, 1.13}) {
      // Half a pixel from the top left corner of the canvas, then 40 px further in.
      PlacedPart at = place(part, scale, {0, 0});
      const double reach = part.paint.kind == render::Paint::Kind::Stroke ? part.paint.stroke_width / 2 : 0;
      const Eigen::Vector2d ink = at.transform * (part.path.control_bounds().min - Eigen::Vector2d::Constant(reach)) * kPxPerUnit;
      at = place(part, scale, (Eigen::Vector2d(0.5, 0.5) - ink) / kPxPerUnit);
      const PlacedPart inside = moved(at, 40, 40);
      cut += at.box.x0 < 0 && at.box.y0 < 0;
      std::vector<std::int64_t> key_at, key_inside;
      rasteriser.key(at.transform, render::cairo_path_data(part.path), part.paint, at.box, false, key_at);
      rasteriser.key(inside.transform, render::cairo_path_data(part.path), part.paint, inside.box, false, key_inside);
      CHECK(key_at == key_inside);
      CHECK(test::same_pixels(*rasteriser.rasterise(at.transform, render::cairo_path_data(part.path), part.paint, at.box, key_at),
                        *rasteriser.rasterise(inside.transform, render::cairo_path_data(part.path), part.paint, inside.box, key_inside)));
    }
  }
  CHECK(cut > 0);
}

TEST_CASE("A fill at another scale whose points round alike shares the key and the mask, a stroke not", "[render][cairo]") {
  render::PartRasteriser rasteriser(kSize, kPxPerUnit);
  int fills = 0;
  for (const render::Part& part : sample_parts()) {
    const PlacedPart a = place(part, 1.1, {5.25, 5.25});
    // A scale a billionth larger: every fixed-point coordinate the same, the matrix not.
    PlacedPart hair = a;
    hair.transform.scale(1 + 1e-9);
    REQUIRE(hair.transform.matrix() != a.transform.matrix());
    if (part.paint.kind == render::Paint::Kind::Stroke) {
      CHECK(key_of(rasteriser, part, a) != key_of(rasteriser, part, hair));  // the pen reads the matrix
      continue;
    }
    ++fills;
    CHECK(key_of(rasteriser, part, a) == key_of(rasteriser, part, hair));
    CHECK(test::same_pixels(*mask_of(rasteriser, part, a), *mask_of(rasteriser, part, hair)));
  }
  CHECK(fills > 0);
}

TEST_CASE("Keys tell apart parts that rasterise differently", "[render][cairo]") {
  render::PartRasteriser rasteriser(kSize, kPxPerUnit);
  for (const render::Part& part : sample_parts()) {
    const PlacedPart a = place(part, 1.1, {5.25, 5.25});
    // A quarter pixel to the right, in the same box.
    PlacedPart quarter = a;
    quarter.transform.pretranslate(Eigen::Vector2d(0.25 / kPxPerUnit, 0));
    // A hair larger.
    PlacedPart larger = a;
    larger.transform.scale(1.0001);
    for (const PlacedPart& other : {quarter, larger}) {
      CHECK(key_of(rasteriser, part, a) != key_of(rasteriser, part, other));
      CHECK_FALSE(test::same_pixels(*mask_of(rasteriser, part, a), *mask_of(rasteriser, part, other)));
    }
    // The same part with a wider stroke.
    if (part.paint.kind == render::Paint::Kind::Stroke) {
      render::Part wider = part;
      wider.paint.stroke_width += 0.01;
      CHECK(key_of(rasteriser, part, a) != key_of(rasteriser, wider, a));
    }
  }
}

TEST_CASE("A mask's runs hold exactly the coverage draw_element's steps draw, and nothing else", "[render][cairo]") {
  render::PartRasteriser rasteriser(kSize, kPxPerUnit);
  for (const render::Part& part : sample_parts()) {
    const PlacedPart at = place(part, 1.07, {9.3, 11.6});
    // What draw.h's own steps draw alone, on a canvas of the same size.
    render::ImageSurface alone(kSize, kSize);
    {
      render::CairoContext cr = render::make_context(alone.get());
      cairo_set_tolerance(cr.get(), render::curve_tolerance(kSize));  // as draw_frame flattens at this size
      cairo_scale(cr.get(), kPxPerUnit, kPxPerUnit);
      render::apply_transform(cr.get(), at.transform);
      cairo_set_source_rgb(cr.get(), 1, 1, 1);
      render::ink_part(cr.get(), render::cairo_path_data(part.path), part.paint);
    }
    const auto mask = mask_of(rasteriser, part, at);
    std::vector<unsigned char> expanded(std::size_t(mask->width()) * std::size_t(mask->height()));
    mask->expand(expanded.data(), mask->width());
    long inked = 0, runs = 0;
    for (int y = 0; y < mask->height(); ++y) {
      int last_end = -1;
      for (auto run = mask->runs_begin(y); run != mask->runs_end(y); ++run, ++runs) {
        CHECK(run->x0 >= last_end);  // in order, apart
        CHECK(run->x1 > run->x0);
        last_end = run->x1;
        if (run->full()) {
          for (int x = run->x0; x < run->x1; ++x) CHECK(int(mask->at(x, y)) == 255);
        } else {
          CHECK(mask->coverage(*run)[0] != 0);  // partial runs start and end on ink
          CHECK(mask->coverage(*run)[run->x1 - run->x0 - 1] != 0);
        }
      }
      for (int x = 0; x < mask->width(); ++x) {
        // Alpha of Cairo's white, premultiplied: the coverage.
        const int drawn = int(alone.pixel(at.box.x0 + x, at.box.y0 + y) >> 24);
        CHECK(int(mask->at(x, y)) == drawn);
        CHECK(int(expanded[std::size_t(y) * std::size_t(mask->width()) + std::size_t(x)]) == drawn);
        inked += drawn != 0;
      }
    }
    CHECK(inked > 0);
    CHECK(runs > 0);
  }
}

TEST_CASE("A mask kept byte for byte holds the coverage its runs hold, and draws the same pixels", "[render][cairo]") {
  render::PartRasteriser rasteriser(kSize, kPxPerUnit);
  const render::OpaqueInk ink(0xff3366ccu, {0xffffffffu});
  for (const render::Part& part : sample_parts()) {
    // Inside the canvas, and reaching past its left and top edges.
    for (const Eigen::Vector2d& origin : {Eigen::Vector2d(9.3, 11.6), Eigen::Vector2d(-0.4, -0.7)}) {
      const PlacedPart at = place(part, 1.07, origin);
      const auto key = key_of(rasteriser, part, at);
      const auto runs = rasteriser.rasterise(at.transform, render::cairo_path_data(part.path), part.paint, at.box, key);
      const auto dense = rasteriser.rasterise(at.transform, render::cairo_path_data(part.path), part.paint, at.box, key, true);
      CHECK_FALSE(runs->dense());
      CHECK(dense->dense());
      CHECK(test::same_pixels(*runs, *dense));
      // Composited over transparent and over white pixels, clipped at either end.
      for (int y = 0; y < runs->height(); ++y) {
        std::vector<std::uint32_t> a(std::size_t(kSize + 16)), b(a.size());
        for (std::size_t x = 0; x < a.size(); x += 3) a[x] = b[x] = 0xffffffffu;
        ink.draw_row(a.data() + 8, *runs, y, at.box.x0, 1, kSize - 1);
        ink.draw_row(b.data() + 8, *dense, y, at.box.x0, 1, kSize - 1);
        CHECK(a == b);
      }
    }
  }
}

TEST_CASE("The coverage cache finds masks by key and evicts the least recently used past its budget", "[render][cairo]") {
  render::PartRasteriser rasteriser(kSize, kPxPerUnit);
  const render::Part part = sample_parts().front();
  std::vector<std::shared_ptr<render::CoverageMask>> masks;
  for (int i = 0; i < 8; ++i) masks.push_back(mask_of(rasteriser, part, place(part, 1 + i * 0.01, {8, 8})));
  std::size_t four = 0, least = masks[0]->bytes();
  for (int i = 0; i < 5; ++i) {
    if (i < 4) four += masks[std::size_t(i)]->bytes();
    least = std::min(least, masks[std::size_t(i)]->bytes());
  }

  render::CoverageCache cache(four + least / 2);  // room for the first four, not a fifth
  for (int i = 0; i < 4; ++i) cache.insert(masks[std::size_t(i)]);
  for (int i = 0; i < 4; ++i) CHECK(cache.find(masks[std::size_t(i)]->key(), masks[std::size_t(i)]->key_hash()) == masks[std::size_t(i)]);
  CHECK(cache.find(masks[4]->key(), masks[4]->key_hash()) == nullptr);
  CHECK(cache.contains(masks[3]->key(), masks[3]->key_hash()));
  CHECK_FALSE(cache.contains(masks[4]->key(), masks[4]->key_hash()));

  CHECK(cache.find(masks[0]->key(), masks[0]->key_hash()));  // 0 is now the most recently used
  cache.insert(masks[4]);                                    // over budget: the oldest go
  CHECK(cache.bytes() <= four + least / 2);
  CHECK(cache.find(masks[0]->key(), masks[0]->key_hash()) == masks[0]);
  CHECK(cache.find(masks[4]->key(), masks[4]->key_hash()) == masks[4]);
  CHECK(cache.find(masks[1]->key(), masks[1]->key_hash()) == nullptr);
}
