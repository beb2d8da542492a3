// The bundle plays by itself: each style's state machine, driven in the real player
// (dotlottie-web in Node) by pointer and page events, plays the hover motion on pointer enter and
// the click motion on a click, once each, back to the rest pose, and nothing without an event.
#include "live_support.h"

#include "render/lottie/state_machine.h"
#include "render/lottie/zip_reader.h"
#include "render/lottie/zip_writer.h"

#include <catch2/catch.hpp>

using namespace iconsynth;
using test::Json;

namespace {

Json run_sessions(const std::filesystem::path& work, const std::filesystem::path& bundle) {
  std::string args = test::quoted(bundle);
  args += ' ';
  args += test::quoted(cli::find_thorvg("").package);
  args += ' ';
  args += test::quoted(work / "session.json");
  args += " outline solid duotone";
  test::run_node(test::lottie_test_script("state_machine_session.mjs"), args, work);
  return Json::parse(test::read_file(work / "session.json"));
}

// One action followed to its end: it played `animation`, the frame moved, and it came back to
// the rest pose of the rest state.
bool played_once(const Json& step, const std::string& animation, int min_frame) {
  return step["entered"]["animation"] == animation && step["maxFrame"].get<double>() >= min_frame &&
         step["end"]["state"] == "rest" && step["end"]["frame"] == 0 && step["end"]["playing"] == false;
}

}  // namespace

TEST_CASE("Each style's state machine: hover plays light, a click plays strong, each back to rest", "[lottie][interaction][thorvg]") {
  const auto work = test::scratch_dir("state-machines");
  test::write_bundle_and_descriptor(work);
  const Json sessions = run_sessions(work, work / "gpu-cluster.lottie");
  REQUIRE(sessions.size() == 3);
  for (const Json& s : sessions) {
    const std::string style = s["style"];
    INFO(s.dump(1));
    REQUIRE_FALSE(s.contains("error"));
    CHECK(s["loaded"] == true);
    CHECK(s["started"] == true);
    CHECK(s["initial"]["state"] == "rest");
    CHECK(s["initial"]["frame"] == 0);
    // nothing plays without an event
    CHECK(s["idle"]["frame"] == 0);
    CHECK(s["idle"]["playing"] == false);
    // pointer enter: the hover motion, once, about its 1 s
    CHECK(s["hover"]["entered"]["state"] == "light");
    CHECK(played_once(s["hover"], style + "-light", 40));
    CHECK(s["hover"]["ms"].get<int>() >= 800);
    // click: the click motion
    CHECK(s["click"]["entered"]["state"] == "strong");
    CHECK(played_once(s["click"], style + "-strong", 60));
    // a click while the hover motion plays switches to the click motion at once
    CHECK(s["clickDuringHover"]["entered"]["state"] == "light");
    const Json& seen = s["clickDuringHover"]["animations"];
    CHECK(std::find(seen.begin(), seen.end(), style + "-strong") != seen.end());
    CHECK(s["clickDuringHover"]["end"]["state"] == "rest");
    // page code: the Event named after the motion (the seed's handle.play())
    CHECK(played_once(s["pageEvent"], style + "-strong", 60));
    // reduced motion: hovering plays nothing, a click still does
    CHECK(s["reducedHover"]["state"] == "rest");
    CHECK(s["reducedHover"]["frame"] == 0);
    CHECK(played_once(s["reducedClick"], style + "-strong", 60));
  }
}

TEST_CASE("Control: a state machine naming a missing animation does not play what it should", "[lottie][interaction][thorvg][controls]") {
  const auto work = test::scratch_dir("state-machines-control");
  test::write_bundle_and_descriptor(work);
  std::vector<render::lottie::ZipEntry> entries = render::lottie::read_zip(test::read_file(work / "gpu-cluster.lottie"));
  for (auto& e : entries) {
    if (e.name.rfind("s/", 0) != 0) continue;
    Json machine = Json::parse(e.bytes);
    for (Json& state : machine["states"]) {
      if (state["name"] == "strong") state["animation"] = "no-such-animation";
    }
    e.bytes = machine.dump();
  }
  std::ofstream(work / "broken.lottie", std::ios::binary) << render::lottie::write_zip(entries);
  const Json sessions = run_sessions(work, work / "broken.lottie");
  for (const Json& s : sessions) {
    INFO(s.dump(1));
    if (s.contains("error")) continue;  // refusing to run it at all is a failure too
    CHECK_FALSE(played_once(s["click"], s["style"].get<std::string>() + "-strong", 60));
  }
}
