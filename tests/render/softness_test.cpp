// The softness measure (render/compare/softness.h) on images whose answer is known by hand.

#include "render/compare/softness.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

using namespace iconsynth;

namespace {

// A width × height image of white pixels at the given alphas (premultiplied), row-major.
std::vector<std::uint32_t> with_alphas(const std::vector<int>& alphas) {
  std::vector<std::uint32_t> pixels;
  for (int a : alphas) pixels.push_back(std::uint32_t(a) << 24 | std::uint32_t(a) << 16 | std::uint32_t(a) << 8 | std::uint32_t(a));
  return pixels;
}

}  // namespace

TEST_CASE("Softness: 0 for pixels fully in or out, 1 for half-covered ones, the share of soft ink between", "[render][softness]") {
  const auto of = [](const std::vector<int>& alphas) {
    const std::vector<std::uint32_t> pixels = with_alphas(alphas);
    return render::softness(render::view_of(pixels, static_cast<int>(alphas.size()), 1));
  };
  CHECK(of({0, 255, 255, 0}) == 0);
  CHECK(of({0, 0, 0, 0}) == 0);  // no ink: nothing soft
  CHECK(of({0, 255, 0, 0}) == 0);
  // One half-covered pixel (128/255, just over half): nearly all of its ink is soft.
  const double h = 128 / 255.0;
  CHECK(of({128}) == Approx(2 * (1 - h) / h));
  CHECK(of({128}) > 0.99);
  // Three full pixels and two at a quarter: 2 · 2 · 0.25 / (3 + 0.5) = 2/7 (alpha 64 ≈ 0.251).
  const double q = 64 / 255.0;
  CHECK(of({255, 255, 255, 64, 64}) == Approx(2 * 2 * q / (3 + 2 * q)));
  // A grey at 3/4 counts its uncovered quarter: 2 · 0.25 / 0.75.
  const double t = 191 / 255.0;
  CHECK(of({191}) == Approx(2 * (1 - t) / t));
}
