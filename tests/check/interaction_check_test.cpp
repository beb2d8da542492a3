// check judges what an asset says about playing it: markers in range with a reduced-motion one,
// and state machines whose animations, segments, states and inputs all exist and whose states
// can all be reached. Our bundle is sound; each defect planted in it is named.
#include "check_support.h"

#include "render/check/interaction_check.h"
#include "render/lottie/asset_reader.h"

using namespace iconsynth;
using namespace iconsynth::test;

namespace {

std::vector<std::string> findings_after(const std::function<void(const std::string&, Json&)>& edit) {
  const fs::path work = scratch_dir("interaction");
  const fs::path file = mutated_bundle(render::lottie::write_dotlottie(builtin(), {}), work / "b.lottie", edit);
  return render::interaction_findings(render::lottie::read_asset(file));
}

bool any_contains(const std::vector<std::string>& findings, const std::string& text) {
  return std::any_of(findings.begin(), findings.end(), [&](const std::string& f) { return f.find(text) != std::string::npos; });
}

}  // namespace

TEST_CASE("Our bundle's markers and state machines are sound", "[check][interaction]") {
  const auto asset = render::lottie::read_asset_bytes(render::lottie::write_dotlottie(builtin(), {}), "gpu-cluster.lottie");
  CHECK(asset.state_machines.size() == 3);
  CHECK(render::interaction_findings(asset).empty());
}

TEST_CASE("Planted defects in markers and state machines are each named", "[check][interaction]") {
  const auto in_machine = [](const std::string& id, const std::function<void(Json&)>& edit) {
    return [=](const std::string& name, Json& doc) {
      if (name == "s/" + id + ".json") edit(doc);
    };
  };
  SECTION("a state plays an animation the manifest does not list") {
    const auto f = findings_after(in_machine("solid", [](Json& d) { d["states"][2]["animation"] = "solid-bouncy"; }));
    CHECK(any_contains(f, "s/solid.json: states/2 (\"strong\"): animation \"solid-bouncy\" is not in the manifest"));
  }
  SECTION("a state nothing leads to") {
    const auto f = findings_after(in_machine("outline", [](Json& d) {
      d["states"].push_back({{"type", "PlaybackState"}, {"name", "orphan"}, {"animation", "outline-light"}, {"transitions", Json::array()}});
    }));
    CHECK(any_contains(f, "s/outline.json: state \"orphan\" cannot be reached from \"rest\""));
  }
  SECTION("a transition to a state that does not exist, a guard on an undeclared input") {
    const auto f = findings_after(in_machine("outline", [](Json& d) {
      d["states"][0]["transitions"][0]["toState"] = "nowhere";
      d["states"][0]["transitions"][1]["guards"][0]["inputName"] = "tap";
    }));
    CHECK(any_contains(f, "goes to \"nowhere\", which is not a state"));
    CHECK(any_contains(f, "input \"tap\" is not declared"));
  }
  SECTION("the rest state's segment is not a marker") {
    const auto f = findings_after(in_machine("duotone", [](Json& d) { d["states"][0]["segment"] = "idle"; }));
    CHECK(any_contains(f, "segment \"idle\" is not a marker of duotone-light"));
  }
  SECTION("a marker past the last frame, and no reduced-motion marker") {
    const auto f = findings_after([](const std::string& name, Json& doc) {
      if (name != "a/outline-strong.json") return;
      Json kept = Json::array();
      for (Json m : doc["markers"]) {
        if (m["cm"] == "reduced motion") continue;
        if (m["cm"] == "round 2") m["dr"] = 400;
        kept.push_back(m);
      }
      doc["markers"] = kept;
    });
    CHECK(any_contains(f, "a/outline-strong.json: markers/4: \"round 2\" spans frames 41 to 441, outside the animation's [0, 90]"));
    CHECK(any_contains(f, "a/outline-strong.json: markers: no \"reduced motion\" marker"));
    CHECK(f.size() == 2);
  }
}

TEST_CASE("check reports interaction problems in its summary and text, beside the frames' verdict", "[check][interaction]") {
  const fs::path work = scratch_dir("check-interaction");
  const fs::path file = mutated_bundle(render::lottie::write_dotlottie(builtin(), {}), work / "b.lottie", [](const std::string& name, Json& doc) {
    if (name == "s/outline.json") doc["initial"] = "idle";
  });
  const Checked c = check_file(work, file, "--animation outline-light --player rlottie --size 24");
  CHECK(c.exit_code == 0);  // the frames still match
  REQUIRE(c.summary["interaction"].size() == 1);
  CHECK(c.summary["interaction"][0] == "s/outline.json: initial state \"idle\" does not exist");
  const auto text = run_cli("check --animation outline-light --player rlottie --size 24 " + file.string(), work);
  CHECK_THAT(text.out, Catch::Contains("markers and state machines: 1 problem") && Catch::Contains("initial state \"idle\""));
}
