#include "motion/track.h"

#include <Eigen/Core>
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using iconsynth::motion::Easing;
using iconsynth::motion::Track;

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();

Track<double> three_keys() {
  Track<double> t;
  t.add(10, 1.0, Easing::linear()).add(20, 3.0, Easing::hold()).add(30, -1.0);
  return t;
}
}  // namespace

TEST_CASE("Values hold before the first key and after the last", "[motion][track]") {
  const Track<double> t = three_keys();
  CHECK(t.at(-100) == 1.0);
  CHECK(t.at(std::nextafter(10.0, -kInf)) == 1.0);
  CHECK(t.at(30) == -1.0);
  CHECK(t.at(1e9) == -1.0);
}

TEST_CASE("At exactly a key the value is that key's, just before it, the segment's end", "[motion][track]") {
  const Track<double> t = three_keys();
  CHECK(t.at(10) == 1.0);
  CHECK(t.at(20) == 3.0);
  CHECK(t.at(15) == 2.0);
  CHECK(t.at(std::nextafter(20.0, -kInf)) == Approx(3.0).margin(1e-12));
  CHECK(t.at(std::nextafter(20.0, -kInf)) < 3.0);
}

TEST_CASE("A hold segment keeps its left value up to the next key, half-open", "[motion][track]") {
  const Track<double> t = three_keys();
  CHECK(t.at(25) == 3.0);
  CHECK(t.at(std::nextafter(30.0, -kInf)) == 3.0);
  CHECK(t.at(30) == -1.0);
}

TEST_CASE("Vector tracks interpolate each dimension with the same easing", "[motion][track]") {
  Track<Eigen::Vector2d> t;
  t.add(0, Eigen::Vector2d(0, 10), Easing::bezier(0.42, 0, 0.58, 1)).add(10, Eigen::Vector2d(10, 0));
  const Eigen::Vector2d mid = t.at(5);
  CHECK(mid.x() == Approx(5.0));
  CHECK(mid.y() == Approx(5.0));
  const Eigen::Vector2d early = t.at(2);
  CHECK(early.x() + early.y() == Approx(10.0));
  CHECK(early.x() < 2.0);  // eased in: behind linear
}

TEST_CASE("Keys must move forward, an equal key at the same frame merges", "[motion][track]") {
  Track<double> t;
  t.add(5, 1.0);
  t.add(5, 1.0, Easing::hold());
  CHECK(t.keys().size() == 1);
  CHECK(t.keys()[0].ease == Easing::hold());
  CHECK_THROWS_WITH(t.add(5, 2.0), Catch::Contains("does not come after"));
  // Out-of-order keys are a programming error, never reported as bad input.
  CHECK_THROWS_AS(t.add(4, 1.0), std::logic_error);
  try {
    t.add(4, 1.0);
  } catch (const std::invalid_argument&) {
    FAIL("an out-of-order key must not read as bad input (std::invalid_argument)");
  } catch (const std::logic_error&) {
  }
}

TEST_CASE("A track is static when its value never changes", "[motion][track]") {
  CHECK(Track<double>(1.0).is_static());
  Track<double> flat;
  flat.add(0, 2.0).add(10, 2.0);
  CHECK(flat.is_static());
  CHECK_FALSE(three_keys().is_static());
}
