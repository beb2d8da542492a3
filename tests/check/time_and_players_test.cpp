// Time is time, and a player that cannot play is named while the others go on: `check` compares
// frames at equal times in seconds, so a copy written by another pipeline (30 fps, fractional
// keys and out point, other layers) matches our 60 fps synthesis in both players, whatever frame
// count each gives it; and a folder of the frames a player drew is a target too.
#include "check_support.h"

#include "restructure.h"

using namespace iconsynth::test;

namespace {

// Our export of `args`, as JSON.
Json exported(const fs::path& work, const std::string& args) {
  const fs::path file = work / "export.json";
  REQUIRE(run_cli("export " + args + " -o " + file.string(), work).exit_code == 0);
  return Json::parse(read_file(file));
}

// lottie-web's own test animations, from the pinned package the browser tests install.
fs::path lottie_web_animation(const std::string& name) {
  const char* cache = std::getenv("ICONSYNTH_NPM_CACHE");
  const std::string command = "ICONSYNTH_NPM_CACHE=" + std::string(cache ? cache : "/tmp/iconsynth-npm") + " bash " +
                              std::string(ICONSYNTH_SOURCE_DIR) + "/tools/lottie-web.sh";
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe);
  char line[4096] = {0};
  const bool read = std::fgets(line, sizeof line, pipe) != nullptr;
  REQUIRE(pclose(pipe) == 0);
  REQUIRE(read);
  std::string folder(line);
  while (!folder.empty() && folder.back() == '\n') folder.pop_back();
  return fs::path(folder) / "test" / "animations" / name;
}

}  // namespace

TEST_CASE("A 30 fps copy with fractional keys and out point matches our 60 fps synthesis in both players", "[check][time]") {
  const fs::path work = scratch_dir("check-time");
  // 61 (light) and 91 (strong) frames at 60 fps: at 30 fps their keys fall on half frames and
  // they end at 30.5 and 45.5, which rlottie plays as 30 and 45 frames and ThorVG as 31 and 46.
  for (const char* motion : {"light", "strong"}) {
    INFO(motion);
    const std::string set = std::string(" --set motions.") + motion + ".tail=5";
    const Json copy = restructure_lottie(exported(work, std::string("--style duotone --motion ") + motion + set));
    CHECK(copy["op"].get<double>() - std::floor(copy["op"].get<double>()) == 0.5);
    for (const char* size : {"64", "256"}) {
      const Checked c = check_json(work, "copy", copy, std::string("--size ") + size + set);
      CHECK(c.exit_code == 0);
      REQUIRE(both_players_ran(c.summary));
      const std::size_t rlottie = player_summary(c.summary, "rlottie")["frames"].size();
      const std::size_t thorvg = player_summary(c.summary, "ThorVG")["frames"].size();
      CHECK(rlottie + 1 == thorvg);  // the two players count the half frame differently
      CHECK(c.summary["animations"][0]["found"].get<std::string>().rfind(std::string("duotone-") + motion, 0) == 0);
      const std::string frames = std::string(motion) == "light" ? "30.5 frames vs 60 fps, 61 frames" : "45.5 frames vs 60 fps, 91 frames";
      CHECK_THAT(player_summary(c.summary, "ThorVG")["time_note"].get<std::string>(), Catch::Contains("30 fps, " + frames));
    }
    // One frame late at 30 fps (two of ours) is still caught.
    Json late = copy;
    each_object(late["layers"], [](Json& o) {
      if (o.contains("t") && o.contains("s")) o["t"] = o["t"].get<double>() + 1;
    });
    CHECK(check_json(work, "late", late, "--size 64" + set).exit_code == 1);
  }
}

TEST_CASE("When ThorVG cannot play an animation, check goes on with rlottie and names the failure", "[check][players]") {
  const fs::path work = scratch_dir("check-failing-player");
  for (const char* name : {"ripple.json", "banner.json"}) {
    INFO(name);
    const fs::path animation = lottie_web_animation(name);
    REQUIRE(fs::exists(animation));
    const Checked c = check_file(work, animation, "--size 32 --report " + (work / "report").string());
    CHECK(c.exit_code == 1);  // played, and not our icon
    const Json& thorvg = player_summary(c.summary, "ThorVG");
    CHECK_THAT(thorvg["failure"].get<std::string>(), Catch::Contains("ThorVG"));
    CHECK(thorvg["frames"].empty());
    const Json& rlottie = player_summary(c.summary, "rlottie");
    CHECK(rlottie["failure"] == "");
    CHECK(rlottie["frames"].size() > 300);
    CHECK_THAT(read_file(work / "report" / "index.html"), Catch::Contains("ThorVG: <span class=\"fail\">could not play it</span>"));
  }
  // With ThorVG alone there is nothing left to check: exit 2, naming the failure.
  const auto r = run_cli("check --player thorvg " + lottie_web_animation("ripple.json").string(), work);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("no player could play ripple") && Catch::Contains("memory access out of bounds"));
}

TEST_CASE("A folder of the frames ThorVG drew is checked at its own size and frame rate", "[check][frames]") {
  const fs::path work = scratch_dir("check-frames");
  const Json copy = restructure_lottie(exported(work, "--style solid --motion strong --theme light"));
  write_player_frames(copy, true, 96, work / "frames");
  const auto r = run_cli("check --json " + (work / "frames").string() + " --fps 30", work);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const Json summary = Json::parse(r.out);
  CHECK(summary["kind"] == "PNG frames");
  CHECK(summary["size"] == 96);
  CHECK(summary["animations"][0]["found"] == "solid-strong \u00b7 theme light \u00b7 weight 2 \u00b7 #111827");
  CHECK(summary["animations"][0]["players"][0]["player"] == "frames");
  CHECK(summary["animations"][0]["players"][0]["frames"].size() == 45);
  // At the wrong frame rate the same frames differ.
  CHECK(run_cli("check " + (work / "frames").string() + " --fps 60", work).exit_code == 1);
}
