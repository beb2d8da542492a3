// Choreographies compiled from timelines: the timing algebra of the combinators (sequence,
// parallel, stagger, repeat) over clips, nested, with easing carried through to the tracks.
#include "motion/choreography.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace iconsynth::motion;

namespace {
const Easing kInOut = Easing::bezier(0.42, 0, 0.58, 1);

Clip clip(decltype(Clip::kind) kind, std::string where = "timeline") { return {std::move(kind), std::move(where)}; }
ClipRef ref(Clip c) { return std::make_shared<const Clip>(std::move(c)); }

Clip hold(double frames) { return clip(Hold{frames}); }
Clip exchange(double travel, double swell, Direction direction = Direction::Clockwise, std::string where = "timeline") {
  return clip(Exchange{direction, {travel, kInOut}, {swell, {5, Easing::linear()}, {10, Easing::linear()}}}, std::move(where));
}
Clip gather() { return clip(Gather{0.9, {8, Easing::linear()}, 2, {4, Easing::linear()}}); }
Clip sequence(std::vector<Clip> clips) { return clip(Sequence{std::move(clips)}); }
Clip parallel(std::vector<Clip> clips) { return clip(Parallel{std::move(clips)}); }
Clip stagger(double lag, Clip c) { return clip(Stagger{lag, ref(std::move(c))}); }
Clip repeat(int times, Clip c) { return clip(Repeat{times, ref(std::move(c))}); }

// Two rounds after a gather, as the built-in strong motion is made.
ChoreographyParams two_rounds() {
  return {4, sequence({gather(), exchange(20, 1.2, Direction::Clockwise, "timeline/sequence/1/exchange"),
                      exchange(16, 1.1, Direction::Clockwise, "timeline/sequence/2/exchange")}),
          3};
}
}  // namespace

TEST_CASE("Clip timings: a clip's end, and its cue (an exchange cues at its landing)", "[motion][timeline]") {
  CHECK(clip_timing(hold(7), 4).end == 7);
  CHECK(clip_timing(hold(7), 4).cue == 7);
  CHECK(clip_timing(gather(), 4).end == 8 + 2 + 4);
  const ClipTiming e = clip_timing(exchange(20, 1.2), 4);
  CHECK(e.cue == 20);            // landing
  CHECK(e.end == 20 + 5 + 10);   // the receivers settle
}

TEST_CASE("Timeline algebra: sequence, parallel, stagger and repeat, nested", "[motion][timeline]") {
  // sequence: each starts at the previous cue; ends when its last-ending clip ends.
  const ClipTiming s = clip_timing(sequence({hold(3), exchange(20, 1.2), hold(2)}), 4);
  CHECK(s.cue == 3 + 20 + 2);
  CHECK(s.end == 3 + 20 + 15);   // the swell outlasts the trailing hold
  // parallel: everything starts together; the latest end and cue.
  const ClipTiming p = clip_timing(parallel({hold(30), exchange(20, 1.2)}), 4);
  CHECK(p.cue == 30);
  CHECK(p.end == 35);
  // stagger: ring position k starts k·lag later.
  const ClipTiming st = clip_timing(stagger(6, exchange(20, 1.2)), 4);
  CHECK(st.cue == 3 * 6 + 20);
  CHECK(st.end == 3 * 6 + 35);
  // repeat: in sequence, each copy at the previous one's cue.
  const ClipTiming r = clip_timing(repeat(3, exchange(20, 1.1)), 4);
  CHECK(r.cue == 60);
  CHECK(r.end == 40 + 35);
  // nested: a repeat of (a staggered wave, then a hold).
  const ClipTiming n = clip_timing(repeat(2, sequence({stagger(2, exchange(10, 1.1)), hold(4)})), 4);
  CHECK(n.cue == 2 * (3 * 2 + 10 + 4));
  CHECK(n.end == (3 * 2 + 10 + 4) + 3 * 2 + 10 + 15);
}

TEST_CASE("Timings add up: lead, gather, back-to-back rounds, tail", "[motion][timeline]") {
  const Choreography c = choreograph(two_rounds(), 4);
  // depart 4+8+2+4 = 18; land 38; round 2 departs 38, lands 54; settles 54+15 = 69; +3 tail.
  CHECK(c.frame_count == 72);
  CHECK(c.round_count == 2);
  REQUIRE(c.packets.size() == 8);
  for (const PacketMotion& p : c.packets) {
    CHECK(p.depart == (p.round == 0 ? 18 : 38));
    CHECK(p.land == (p.round == 0 ? 38 : 54));
    CHECK(p.receiver == (p.sender + 1) % 4);
  }
  CHECK(c.module_scale[1].at(38 + 5) == Approx(1.2));
  CHECK(c.module_scale[1].at(54 + 5) == Approx(1.1));
  CHECK(c.module_scale[2].at(4 + 8) == Approx(0.9));
}

TEST_CASE("Easing is carried from the clip to the keys it writes", "[motion][timeline]") {
  const Choreography c = choreograph({2, exchange(20, 1.2), 1}, 4);
  const auto& progress = c.packets[0].progress.keys();
  REQUIRE(progress.size() == 2);
  CHECK(progress[0].ease == kInOut);
  CHECK(c.packets[0].progress.at(12) == Approx(kInOut(0.5)));
  const auto& swell = c.module_scale[1].keys();
  CHECK(swell[1].frame == 22);
  CHECK(swell[1].ease == Easing::linear());
}

TEST_CASE("Stagger delays each ring position, and counter-clockwise sends to the other neighbour", "[motion][timeline]") {
  const Choreography wave = choreograph({4, stagger(3, exchange(20, 1.2)), 1}, 4);
  REQUIRE(wave.packets.size() == 4);
  CHECK(wave.round_count == 1);  // one exchange, staggered
  for (const PacketMotion& p : wave.packets) CHECK(p.depart == 4 + 3 * p.sender);
  const Choreography back = choreograph({4, exchange(20, 1.2, Direction::CounterClockwise), 1}, 4);
  for (const PacketMotion& p : back.packets) CHECK(p.receiver == (p.sender + 3) % 4);
  CHECK(back.module_scale[3].at(24 + 5) == Approx(1.2));  // tl (0) sends to bl (3)
}

TEST_CASE("A repeated exchange is a round per repetition", "[motion][timeline]") {
  const Choreography c = choreograph({1, repeat(3, exchange(20, 1.1)), 1}, 4);
  CHECK(c.round_count == 3);
  REQUIRE(c.packets.size() == 12);
  CHECK(c.packets[4].round == 1);
  CHECK(c.packets[4].depart == 21);
}

TEST_CASE("Clips that swell a module before it is back at rest are refused, naming the clip", "[motion][timeline]") {
  ChoreographyParams p = two_rounds();
  auto& clips = std::get<Sequence>(p.timeline.kind).clips;
  std::get<Exchange>(clips[2].kind).travel.frames = 10;  // lands at 48, but round 1's swell settles at 53
  try {
    choreograph(p, 4);
    FAIL("expected a ChoreographyError");
  } catch (const ChoreographyError& e) {
    CHECK(e.field == "timeline/sequence/2/exchange/travel/frames");
    CHECK_THAT(e.what(), Catch::Contains("before it is back at rest"));
  }
  // Two exchanges at once swell every module twice over.
  CHECK_THROWS_AS(choreograph({1, parallel({exchange(20, 1.1), exchange(20, 1.1)}), 1}, 4), ChoreographyError);
}

TEST_CASE("Lead and tail of at least one frame keep both ends at rest", "[motion][timeline]") {
  ChoreographyParams p = two_rounds();
  p.lead = 0.5;
  CHECK_THROWS_AS(choreograph(p, 4), ChoreographyError);
  p = two_rounds();
  p.tail = 0;
  CHECK_THROWS_AS(choreograph(p, 4), ChoreographyError);
}

TEST_CASE("Events come in time order and name every landing", "[motion][timeline]") {
  const Choreography c = choreograph(two_rounds(), 4);
  CHECK(std::is_sorted(c.events.begin(), c.events.end(),
                       [](const ChoreographyEvent& a, const ChoreographyEvent& b) { return a.frame < b.frame; }));
  const auto lands = std::count_if(c.events.begin(), c.events.end(),
                                   [](const ChoreographyEvent& e) { return e.kind == ChoreographyEvent::Kind::Land; });
  CHECK(lands == 8);
}

TEST_CASE("A loop must end as it begins, and may start and end without rest frames", "[motion][timeline]") {
  // Two rounds after a pause, no lead and a one-frame tail: the last frame is the first again.
  const Choreography loop = choreograph({0, sequence({hold(10), repeat(2, exchange(28, 1.1))}), 1, true}, 4);
  const double last = loop.frame_count - 1;
  for (const Track<double>& s : loop.module_scale) CHECK(s.at(0) == s.at(last));
  for (const PacketMotion& p : loop.packets) CHECK(p.opacity.at(0) == p.opacity.at(last));
  // Leaving at frame 0 shows a packet on the first frame that is gone on the last.
  try {
    choreograph({0, exchange(20, 1.1), 0, true}, 4);
    FAIL("a loop whose ends differ was accepted");
  } catch (const ChoreographyError& e) {
    CHECK(e.field == "loop");
    CHECK_THAT(e.what(), Catch::Contains("must end as it begins"));
  }
  // An action may not skip its rest frames.
  CHECK_THROWS_AS(choreograph({0, sequence({hold(10), exchange(28, 1.1)}), 1, false}, 4), ChoreographyError);
}

TEST_CASE("A swell clip pulses the modules with no packet, and staggered it ripples round the ring", "[motion][timeline]") {
  const Clip pulse = clip(Pulse{{1.15, {5, Easing::linear()}, {10, Easing::linear()}}});
  CHECK(clip_timing(pulse, 4).end == 15);
  CHECK(clip_timing(pulse, 4).cue == 15);
  const Choreography ripple = choreograph({2, stagger(4, pulse), 1}, 4);
  CHECK(ripple.packets.empty());
  CHECK(ripple.round_count == 0);
  for (int m = 0; m < 4; ++m) CHECK(ripple.module_scale[m].at(2 + 4 * m + 5) == Approx(1.15));
  CHECK(ripple.frame_count == 2 + 12 + 15 + 1);
}
