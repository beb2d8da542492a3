// Masks drawn on worker threads, ahead of the frame that needs them or beside it, are the masks
// the caller's own rasteriser draws.
#include "render/cairo/draw.h"
#include "render/cairo/mask_workers.h"
#include "mask_support.h"
#include "support.h"

#include <catch2/catch.hpp>

using namespace iconsynth;

namespace {

constexpr int kWorkerSize = 160;
constexpr double kWorkerPxPerUnit = kWorkerSize / 24.0;

// Jobs for every part of every module and packet of a duotone frame (fills from their inside
// too), each at its box.
struct Jobs {
  render::AnimatedScene scene = render::build_scene(test::builtin_spec(), test::variant("duotone", 2.5, "strong"));
  std::vector<std::vector<cairo_path_data_t>> paths;
  std::vector<render::MaskJob> of_frame(render::PartRasteriser& keys, double frame) {
    const render::FrameScene f = render::evaluate(scene, frame);
    std::vector<render::MaskJob> jobs;
    paths.reserve(256);
    for (const render::FrameElement& fe : f.elements) {
      if (fe.opacity <= 0 || fe.element->kind == render::ElementKind::Link) continue;
      const render::PixelBox box{0, 0, kWorkerSize, kWorkerSize};
      for (const render::Part& part : fe.element->parts) {
        paths.push_back(render::cairo_path_data(part.path));
        for (bool inside : {false, true}) {
          if (inside && part.paint.kind != render::Paint::Kind::Fill) continue;
          render::MaskJob job{fe.transform, &paths.back(), part.paint, box, {}, 0, inside};
          keys.key(fe.transform, paths.back(), part.paint, box, true, job.key);
          if (inside) job.key[render::PartRasteriser::kKindWord] = render::PartRasteriser::kInsideOnly;
          job.hash = render::hash_of_key(job.key);
          jobs.push_back(std::move(job));
        }
      }
    }
    return jobs;
  }
};

}  // namespace

TEST_CASE("Masks drawn by workers, ahead or beside the caller, are the masks drawn alone", "[render][cairo]") {
  render::PartRasteriser alone(kWorkerSize, kWorkerPxPerUnit), own(kWorkerSize, kWorkerPxPerUnit);
  Jobs make;
  render::MaskWorkers workers(kWorkerSize, kWorkerPxPerUnit, 3);
  // Beside the caller: every mask of a frame.
  const std::vector<render::MaskJob> now = make.of_frame(alone, 40);
  REQUIRE(now.size() > 20);
  const auto drawn = workers.draw(now, own);
  REQUIRE(drawn.size() == now.size());
  for (std::size_t i = 0; i < now.size(); ++i) {
    CHECK(drawn[i]->key() == now[i].key);
    CHECK(test::same_pixels(*drawn[i], *render::draw_mask(alone, now[i])));
  }
  // Ahead: posted, then wanted (some taken as drawn, others drawn by whoever comes first).
  const std::vector<render::MaskJob> next = make.of_frame(alone, 41);
  workers.ahead(next);
  CHECK(workers.posted(next.front().key, next.front().hash));
  const auto half = std::vector<render::MaskJob>(next.begin(), next.begin() + std::ptrdiff_t(next.size() / 2));
  const auto taken = workers.draw(half, own);
  for (std::size_t i = 0; i < half.size(); ++i) CHECK(test::same_pixels(*taken[i], *render::draw_mask(alone, half[i])));
  // The rest are handed over once drawn (or dropped unbegun when other work is posted ahead).
  workers.ahead({});
  for (const auto& mask : workers.take_drawn()) {
    const auto job = std::find_if(next.begin(), next.end(), [&](const render::MaskJob& j) { return j.key == mask->key(); });
    REQUIRE(job != next.end());
    CHECK(job - next.begin() >= std::ptrdiff_t(half.size()));
    CHECK(test::same_pixels(*mask, *render::draw_mask(alone, *job)));
  }
}
