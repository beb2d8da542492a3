#include "motion/choreography.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace iconsynth::motion;

namespace {
Round round_of(double travel, double swell) {
  return {{travel, Easing::bezier(0.42, 0, 0.58, 1)}, {swell, {5, Easing::linear()}, {10, Easing::linear()}}};
}
ChoreographyParams two_rounds() {
  ChoreographyParams p;
  p.lead = 4;
  p.anticipation = Anticipation{0.9, {8, Easing::linear()}, 2, {4, Easing::linear()}};
  p.rounds = {round_of(20, 1.2), round_of(16, 1.1)};
  p.tail = 3;
  return p;
}
}  // namespace

TEST_CASE("Timings add up: anticipation, back-to-back rounds, tail", "[motion][choreography]") {
  const Choreography c = choreograph(two_rounds(), 4);
  // depart 4+8+2+4 = 18; land 38; round 2 departs 38, lands 54; settles 54+15 = 69; +3 tail.
  CHECK(c.frame_count == 72);
  REQUIRE(c.packets.size() == 8);
  for (const PacketMotion& p : c.packets) {
    CHECK(p.depart == (p.round == 0 ? 18 : 38));
    CHECK(p.land == (p.round == 0 ? 38 : 54));
  }
  CHECK(c.module_scale[1].at(38 + 5) == Approx(1.2));
  CHECK(c.module_scale[1].at(54 + 5) == Approx(1.1));
  CHECK(c.module_scale[2].at(4 + 8) == Approx(0.9));
}

TEST_CASE("Stagger delays each ring position's departure", "[motion][choreography]") {
  ChoreographyParams p = two_rounds();
  p.stagger = 3;
  p.rounds.resize(1);
  const Choreography c = choreograph(p, 4);
  for (const PacketMotion& packet : c.packets) CHECK(packet.depart == 18 + 3 * packet.sender);
}

TEST_CASE("Rounds that land before the previous swell settles are refused, naming the round", "[motion][choreography]") {
  ChoreographyParams p = two_rounds();
  p.rounds[1].travel.frames = 10;  // lands at 48, but round 1's swell settles at 53
  try {
    choreograph(p, 4);
    FAIL("expected a ChoreographyError");
  } catch (const ChoreographyError& e) {
    CHECK(e.field == "rounds/1/travel/frames");
    CHECK_THAT(e.what(), Catch::Contains("before module"));
  }
}

TEST_CASE("Lead and tail of at least one frame keep both ends at rest", "[motion][choreography]") {
  ChoreographyParams p = two_rounds();
  p.lead = 0.5;
  CHECK_THROWS_AS(choreograph(p, 4), ChoreographyError);
  p = two_rounds();
  p.tail = 0;
  CHECK_THROWS_AS(choreograph(p, 4), ChoreographyError);
}

TEST_CASE("Events come in time order and name every landing", "[motion][choreography]") {
  const Choreography c = choreograph(two_rounds(), 4);
  CHECK(std::is_sorted(c.events.begin(), c.events.end(),
                       [](const ChoreographyEvent& a, const ChoreographyEvent& b) { return a.frame < b.frame; }));
  const auto lands = std::count_if(c.events.begin(), c.events.end(),
                                   [](const ChoreographyEvent& e) { return e.kind == ChoreographyEvent::Kind::Land; });
  CHECK(lands == 8);
}
