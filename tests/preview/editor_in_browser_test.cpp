// The editor in headless Chromium, driven only by role and accessible name
// (tests/preview/browser/editor_session.mjs), judged here by what matters: the spec file's bytes
// after each Save, the builds they make, and what the page showed.
#include "../tools/cli_support.h"
#include "browser_support.h"

#include "spec/loader.h"
#include "spec/spec_document.h"
#include "spec/tunable_paths.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <regex>
#include <set>

using namespace iconsynth;
namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

struct Session {
  fs::path folder;
  Json record;
};

// One browser session serves every section (Catch2 reruns the test case once per section).
const Session& editor_session() {
  static const Session session = [] {
    const fs::path folder = test::scratch_dir("editor-browser");
    std::ofstream(folder / "spec.json") << spec::builtin_spec_text();
    const fs::path record = folder / "record.json";
    test::run_session("editor_session.mjs", "--cli '" + std::string(ICONSYNTH_CLI) + "' --lottie-web '" + test::lottie_web_folder() +
                                                "' --folder '" + folder.string() + "' --record '" + record.string() + "'");
    return Session{folder, Json::parse(test::read_file(record))};
  }();
  return session;
}

// The value of `path` in a spec text.
Json value_in(const std::string& text, const std::string& path) { return spec::value_at(spec::parse_spec_json(text), path); }

// `text` with the changes the panel listed applied token by token (what Save must have written).
std::string with_listed(const std::string& text, const Json& listed) {
  std::vector<spec::SpecChange> changes;
  for (const Json& c : listed) changes.push_back({c["path"], spec::Json::parse(c["value"].dump())});
  return spec::SpecDocument(text).with_changes(changes);
}

}  // namespace

TEST_CASE("The editor, by role and name: keyboard, pointer, plot, presets, Save, undo, a bad value, a conflict, and writes refused",
          "[preview][browser][editor]") {
  const Session& s = editor_session();
  const Json& r = s.record;
  const Json& steps = r["steps"];
  INFO("record in " << (s.folder / "record.json").string());
  const std::string original = r["original"];

  SECTION("the page is an editor with a control for every tunable path, and nothing failed") {
    CHECK(r["pageErrors"].empty());
    CHECK(r["viewerNoteHidden"] == true);
    // A field for every number and duration (an easing's handles are the plot's).
    int numbers = 0, colours = 0, easings = 0;
    for (const spec::TunablePath& p : spec::tunable_paths(spec::load_spec_text(original))) {
      numbers += (p.kind == spec::TunableKind::Number || p.kind == spec::TunableKind::Duration) &&
                 p.path.find(".ease.") == std::string::npos;
      colours += p.kind == spec::TunableKind::Colour;
      easings += p.kind == spec::TunableKind::Easing;
    }
    CHECK(r["counts"]["spinbuttons"] == numbers);
    CHECK(r["counts"]["sliders"] == numbers);
    CHECK(r["counts"]["colours"] == colours);
    CHECK(r["counts"]["easings"] == easings);
    for (const Json& e : r["consoleErrors"]) CHECK_THAT(e.get<std::string>(), Catch::Contains("403"));  // the refused writes below
  }

  SECTION("a search for \"land\" finds the landing swells by their words, each said in the motion's terms") {
    const Json& f = steps["found"];
    // Exactly the values the panel holds (an easing's handles are the plot's) whose words or path say "land".
    std::set<std::string> expected, found, round1;
    int panel = 0;
    for (const spec::TunablePath& p : spec::tunable_paths(spec::load_spec_text(original))) {
      if (std::regex_search(p.path, std::regex(R"(\.ease\.\d$)"))) continue;
      ++panel;
      if ((p.group + " " + p.name + " " + p.about + " " + p.path).find("land") != std::string::npos) expected.insert(p.path);
    }
    for (const Json& row : f["land"]) found.insert(row["path"].get<std::string>());
    CHECK(found == expected);
    CHECK(found.count("motions.strong.timeline.sequence.1.exchange.swell.scale") == 1);
    CHECK(f["count"] == std::to_string(found.size()) + " of " + std::to_string(panel) + " values");
    for (const Json& row : f["strongRound1"]) round1.insert(row["words"].get<std::string>());
    CHECK(round1.count("strong · round 1 · landing swell scale") == 1);
    for (const std::string& words : round1) CHECK_THAT(words, Catch::StartsWith("strong · round 1 · "));
    CHECK_THAT(f["described"].get<std::string>(), Catch::Contains("as the packet lands"));
    CHECK(f["all"] == panel);
  }

  SECTION("a number set by keyboard steps by its step, ten with Shift, a tenth with Alt; the players show it") {
    const Json& k = steps["keyboard"];
    REQUIRE(k["changes"].size() == 1);
    CHECK(k["changes"][0]["path"] == "motions.strong.timeline.sequence.1.exchange.swell.scale");
    CHECK(k["changes"][0]["value"] == 1.231);
    CHECK(k["changes"][0]["set"] == "--set motions.strong.timeline.sequence.1.exchange.swell.scale=1.231");
    CHECK(k["sliderValue"] == "1.231");
    CHECK(k["motionShown"] == "strong");  // working on strong's value shows strong
    CHECK(k["inLottie"] == true);
    CHECK(k["undoSteps"] == 6);  // one per key press
  }

  SECTION("an easing handle dragged with the pointer is one change, and one moved by arrows steps 0.01") {
    const Json& h = steps["handle"];
    CHECK(h["before"] == "swift-out");
    REQUIRE(h["afterDrag"].is_array());
    REQUIRE(h["afterDrag"].size() == 4);
    CHECK(h["afterDrag"][0].get<double>() > 0.2);  // moved right
    CHECK(h["undoSteps"] == 7);                   // the whole drag one step
    CHECK(h["afterKeys"][1].get<double>() == Approx(h["afterDrag"][1].get<double>() + 0.02));
    CHECK(std::stod(h["valueNow"].get<std::string>()) == Approx(h["afterKeys"][1].get<double>()));
  }

  SECTION("a drag's last move to the value on screen already: the page counts it shown by the Cairo frame") {
    const Json& s = steps["sameValue"];
    CHECK(s["moved"] == true);
    CHECK(s["same"] == true);
    CHECK(s["again"] == true);
  }

  SECTION("an event line dragged on the plot retimes its timing by whole frames") {
    CHECK(steps["retime"]["before"] == 20);
    CHECK(steps["retime"]["after"] == 23);
    CHECK(steps["retime"]["undoSteps"] == 10);
  }

  SECTION("presets from the keyboard: arrows preview, Esc puts the easing back, Enter takes") {
    const Json& p = steps["presets"];
    CHECK(p["previewed"] != "ease-in-out");
    CHECK(p["afterEscape"] == "ease-in-out");
    CHECK(p["afterEnter"] == p["previewed"]);
    CHECK(p["expanded"] == "false");
  }

  SECTION("Save writes exactly the changed tokens; the panel's --set flags build the same as the saved file") {
    const Json& save = steps["save"];
    const std::string saved = save["file"];
    CHECK(saved == with_listed(original, save["panel"]));
    CHECK(save["panel"].size() == 4);  // the scale, the travel easing, the second landing, the light travel preset
    CHECK(save["disabledAfter"] == true);

    // Parity: the saved file and the original with the panel's flags make byte-identical builds.
    std::ofstream(s.folder / "saved.json") << saved;
    std::ofstream(s.folder / "original.json") << original;
    const fs::path a = s.folder / "build-saved", b = s.folder / "build-flags";
    fs::remove_all(a), fs::remove_all(b);
    auto r1 = test::run_cli("build --spec '" + (s.folder / "saved.json").string() + "' -o '" + a.string() + "'", s.folder);
    INFO(r1.err);
    REQUIRE(r1.exit_code == 0);
    auto r2 = test::run_cli("build --spec '" + (s.folder / "original.json").string() + "' " + save["flags"].get<std::string>() + " -o '" +
                                b.string() + "'", s.folder);
    INFO(r2.err);
    REQUIRE(r2.exit_code == 0);
    int files = 0;
    for (const auto& e : fs::recursive_directory_iterator(a)) {
      if (!e.is_regular_file()) continue;
      ++files;
      const fs::path other = b / fs::relative(e.path(), a);
      INFO(other.string());
      REQUIRE(fs::exists(other));
      CHECK(test::read_file(e.path()) == test::read_file(other));
    }
    CHECK(files > 20);
  }

  SECTION("undo every step and save: the file's bytes are back; redo them and save: the first save again") {
    CHECK(steps["undo"]["steps"] == 11);
    CHECK(steps["undo"]["fileBack"] == true);
    CHECK(steps["undo"]["redoneFile"] == steps["save"]["file"]);
  }

  SECTION("a bad value is refused at the control in the spec's words; the icon keeps the last good; Save waits") {
    const Json& bad = steps["bad"];
    CHECK(bad["goodPeak"]["at115"] == true);
    CHECK_THAT(bad["alert"].get<std::string>(),
               Catch::Contains("1.3 would push the modules off the 24-unit grid; at most 1.25 with padding 1"));
    CHECK(bad["invalid"] == "true");
    CHECK(bad["saveDisabled"] == true);
    CHECK(bad["peak"]["at115"] == true);  // the icon still the last good value's
    CHECK(bad["peak"]["at130"] == false);
    CHECK(bad["value"] == 1.15);
    CHECK(bad["fixed"]["saveDisabled"] == false);
    CHECK(bad["fixed"]["invalid"] == "false");
  }

  SECTION("the file edited on disk while the page holds a change: nothing overwritten, both shown, both kept") {
    const Json& c = steps["conflict"];
    CHECK(c["fileUntouched"] == true);
    CHECK_THAT(c["disk"].get<std::string>(), Catch::Contains("\"tail\": 6"));
    CHECK_THAT(c["ours"].get<std::string>(), Catch::Contains("motions.light.timeline.exchange.swell.scale"));
    const std::string on_disk = c["onDisk"];
    // Both: the disk's tail of 6 and the page's swell scale.
    CHECK(c["merged"] == spec::SpecDocument(on_disk).with_changes({{"motions.light.timeline.exchange.swell.scale", 1.2}}));
    CHECK(value_in(c["merged"], "motions.light.tail") == 6);
  }

  SECTION("a write without the token, and one from another site's page: 403, the file unchanged") {
    CHECK(steps["security"]["noToken"] == 403);
    CHECK(steps["security"]["crossOrigin"] == "sent");  // the browser sent it; the server refused it
    CHECK(steps["security"]["unchanged"] == true);
    CHECK(r["saved"] == steps["conflict"]["merged"]);
  }

  SECTION("a number's slider dragged with the pointer: one change on its steps; the players follow before the server answers") {
    const Json& d = steps["slider"];
    // The Cairo frame too: drawn alone for the last value while the rebuild is held, under the key
    // the rebuild then names that card's frames with.
    CHECK(d["revHeld"] == d["revBefore"]);
    REQUIRE(d["cairoHeld"]["srcs"].size() == 3);
    REQUIRE(d["cairoAnswered"].size() == 3);
    for (std::size_t i = 0; i < 3; ++i) {
      const std::string held = d["cairoHeld"]["srcs"][i];
      CHECK(held != d["cairoBefore"][i].get<std::string>());
      CHECK_THAT(held, Catch::StartsWith(d["cairoAnswered"][i].get<std::string>() + "&frame="));
    }
    const double value = d["whileHeld"]["value"];
    CHECK(value != d["before"].get<double>());
    CHECK(std::round(value * 100) == Approx(value * 100));  // on the path's steps of 0.01
    CHECK(d["undoSteps"] == 1);                              // the whole drag one step
    CHECK(std::stod(d["sliderValue"].get<std::string>()) == Approx(value));
    CHECK(std::stod(d["fieldValue"].get<std::string>()) == Approx(value));
    CHECK(d["whileHeld"]["motion"] == "strong");
    CHECK(d["whileHeld"]["rev"] == d["revBefore"]);  // no rebuild answered yet
    CHECK(d["whileHeld"]["cards"] == 3);
    CHECK(d["whileHeld"]["showing"] == 3);  // every strong player shows the dragged peak
    CHECK(d["answered"]["value"] == value);
    CHECK(d["answered"]["showing"] == 3);  // and the server's animations agree
  }

  SECTION("a spec colour by its colour input: built, and the players' primary slot follows") {
    const Json& c = steps["colour"];
    REQUIRE(c["changes"].size() == 1);
    CHECK(c["changes"][0]["value"] == "#336699");
    CHECK(c["pagePicker"] == "#336699");  // the page's colour picker followed its theme's colour
    REQUIRE(c["slot"].size() >= 3);
    CHECK(c["slot"][0].get<double>() == Approx(0x33 / 255.0).margin(1e-3));
    CHECK(c["slot"][1].get<double>() == Approx(0x66 / 255.0).margin(1e-3));
    CHECK(c["slot"][2].get<double>() == Approx(0x99 / 255.0).margin(1e-3));
  }

  SECTION("playback: Space plays and pauses, the frame and its time shown, speeds 1x 0.25x 0.1x, a loop region") {
    const Json& p = steps["playback"];
    CHECK(p["pressedBefore"] == "false");
    CHECK(p["pressedAfterSpace"] == "true");
    CHECK(p["pressedAfterSecondSpace"] == "false");
    const Json& s3 = p["scrubbed"];
    CHECK(s3["frame"] == 3);
    const int ms = static_cast<int>(std::lround(3000.0 / s3["fps"].get<double>()));
    CHECK(s3["label"] == "frame 3 / " + std::to_string(s3["frames"].get<int>() - 1) + " · " + std::to_string(ms) + " ms");
    CHECK(s3["valueText"] == "frame 3");
    // Frames a second of the page's clock: fps × speed (one frame either way over the span counted).
    const double fps = s3["fps"];
    for (const auto& [speed, seconds] : {std::pair{"1", 0.7}, std::pair{"0.25", 1.2}, std::pair{"0.1", 2.0}}) {
      INFO("speed " << speed);
      const double expected = fps * std::stod(speed);
      CHECK(p["speeds"][speed]["perSecond"].get<double>() == Approx(expected).margin(1.5 / seconds));
    }
    // Inside the region, and more frames played than twice what it holds: it wrapped. (Counted
    // modulo the region, a stall of the page longer than the region loses whole rounds, so the
    // count is a floor, not a rate.)
    CHECK(p["loop"]["min"].get<int>() >= 10);
    CHECK(p["loop"]["max"].get<int>() <= 20);
    CHECK(p["loop"]["played"].get<int>() > 22);
  }

  SECTION("stopped cleanly") {
    CHECK(r["exit"]["code"] == 0);
    CHECK_THAT(r["said"].get<std::string>(), Catch::Contains("preview: stopped serving"));
  }
}

TEST_CASE("Tweaking toward a target: check's score on every edit, compared three ways, a fit cancelled and one accepted, "
          "and a folder of frames compared and scored alike",
          "[preview][browser][editor][against]") {
  const fs::path folder = test::scratch_dir("editor-against");
  std::ofstream(folder / "spec.json") << spec::builtin_spec_text();
  // The target: our light motion as a Lottie whose swell is larger than the spec's.
  const auto made = test::run_cli("export --format lottie --style outline --motion light --size 128 "
                                  "--set motions.light.timeline.exchange.swell.scale=1.2 -o '" + (folder / "target.json").string() + "'",
                                  folder);
  REQUIRE(made.exit_code == 0);
  // The same target as the frames check reads from a folder: light's outline, drawn with that swell.
  const auto drawn = test::run_cli("render --style outline --motion light --size 128 "
                                   "--set motions.light.timeline.exchange.swell.scale=1.2 --out '" + (folder / "target-frames").string() + "'",
                                   folder);
  REQUIRE(drawn.exit_code == 0);
  const fs::path record_file = folder / "record.json";
  test::run_session("against_session.mjs", "--cli '" + std::string(ICONSYNTH_CLI) + "' --lottie-web '" + test::lottie_web_folder() +
                                             "' --folder '" + folder.string() + "' --target '" + (folder / "target.json").string() +
                                             "' --frames '" + (folder / "target-frames").string() + "' --record '" + record_file.string() + "'");
  const Json r = Json::parse(test::read_file(record_file));
  INFO(r.dump(2));
  REQUIRE_FALSE(r.contains("failure"));
  CHECK(r["pageErrors"].empty());
  const Json& s = r["steps"];
  // The target named in the heading, scored as differing, and compared with ours on one moment
  // (the same cell of each flipbook: the target is 60 fps, as ours) in the three views.
  const auto check_compared = [](const Json& steps, const std::string& heading) {
    INFO("the target " << heading);
    CHECK_THAT(steps["before"]["heading"].get<std::string>(), Catch::Contains(heading));
    CHECK_THAT(steps["before"]["score"].get<std::string>(), Catch::Contains("differs"));
    CHECK(steps["before"]["positions"]["theirs"] == steps["before"]["positions"]["ours"]);
    CHECK(steps["overlay"]["mode"] == "overlay");
    CHECK(steps["overlay"]["opacity"] == "0.5");
    CHECK(steps["strobe"]["mode"] == "strobe");
    CHECK(steps["side by side"]["opacity"] == "1");
  };

  check_compared(s, "target.json");

  CHECK_THAT(s["cancelled"].get<std::string>(), Catch::Contains("fit cancelled"));
  CHECK_THAT(s["fit"]["state"].get<std::string>(), Catch::Contains("fit done: a spec matches the target"));
  // The log keeps the latest lines, each with the time spent of the fit's budget.
  CHECK_THAT(s["fit"]["progress"].get<std::string>(), Catch::Contains("s of 15 s] check's verdict"));
  REQUIRE(s["fit"]["proposals"].size() >= 1);
  CHECK_THAT(s["fit"]["proposals"][0].get<std::string>(), Catch::Contains("motions.light.timeline.exchange.swell.scale: 1.12 → 1.2"));
  REQUIRE(s["fit"]["changes"].size() == 1);
  CHECK(s["fit"]["changes"][0]["set"] == "--set motions.light.timeline.exchange.swell.scale=1.2");
  CHECK(s["fit"]["undoSteps"] == 1);
  CHECK_THAT(s["after"]["score"].get<std::string>(), Catch::Contains("matches"));
  CHECK(r["exit"]["code"] == 0);

  // A folder of frames: named, scored, compared on the same moment three ways, and matched once
  // the value it was drawn with is typed.
  const Json& f = r["frames"];
  CHECK(f["pageErrors"].empty());
  const Json& fsteps = f["steps"];
  check_compared(fsteps, "target-frames (PNG frames)");
  REQUIRE(fsteps["typed"].size() == 1);
  CHECK(fsteps["typed"][0]["set"] == "--set motions.light.timeline.exchange.swell.scale=1.2");
  CHECK_THAT(fsteps["after"]["score"].get<std::string>(), Catch::Contains("matches"));
  CHECK(f["exit"]["code"] == 0);
}
