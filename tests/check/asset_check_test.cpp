// `iconsynth check`, as a user runs it: mutated copies are caught and the right frames named,
// timing and variant guessing are reported, players that fail are contained, unreadable input
// exits 2 with a message. (The size × player × mutant matrix is in check_sizes_test.cpp.)
#include "check_support.h"

#include "render/compare/report_files.h"

#include <algorithm>
#include <chrono>

using namespace iconsynth::test;


TEST_CASE("The report names each player, charts every frame's score and keeps the worst frames", "[check]") {
  const fs::path work = scratch_dir("check-report");
  REQUIRE(run_cli("export --format dotlottie -o " + (work / "gpu-cluster.lottie").string(), work).exit_code == 0);
  const auto r = run_cli("check " + (work / "gpu-cluster.lottie").string() + " --report " + (work / "report").string(), work);
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("6 animations: 6 match, 0 differ") && Catch::Contains("report: "));
  CHECK_THAT(r.out, Catch::Contains("outline-light      outline-light    rlottie") &&
                        Catch::Contains("outline-light      outline-light    ThorVG"));
  const std::string html = read_file(work / "report" / "index.html");
  CHECK_THAT(html, Catch::Contains("<h3>rlottie: <span class=\"pass\">") && Catch::Contains("<h3>ThorVG: <span class=\"pass\">"));
  CHECK_THAT(html, Catch::Contains("<polyline"));
  CHECK_THAT(html, Catch::Contains("ThorVG is @lottiefiles/dotlottie-web 0.80.0"));  // the pinned version, named
  CHECK(fs::exists(work / "report" / "img" / "outline-light" / ("ThorVG-" + std::to_string(worst_frame(Json::parse(read_file(work / "report" / "summary.json")), "ThorVG")) + "-asset.png")));
  // One polyline per player and animation, one point per frame.
  std::size_t points = 0;
  for (std::size_t at = html.find("points=\""); at != std::string::npos; at = html.find("points=\"", at + 1)) {
    const std::size_t end = html.find('"', at + 8);
    points += std::count(html.begin() + static_cast<std::ptrdiff_t>(at), html.begin() + static_cast<std::ptrdiff_t>(end), ',');
  }
  CHECK(points == 2 * (3 * 60 + 3 * 90));
}

TEST_CASE("With --theme, ThorVG applies the bundle theme, rlottie cannot and says so", "[check]") {
  const fs::path work = scratch_dir("check-theme");
  REQUIRE(run_cli("export --format dotlottie -o " + (work / "gpu-cluster.lottie").string(), work).exit_code == 0);
  const Checked c = check_file(work, work / "gpu-cluster.lottie", "--theme light --animation duotone-light");
  CHECK(c.exit_code == 0);
  const Json& thorvg = player_summary(c.summary, "ThorVG");
  CHECK(thorvg["theme"] == "light");
  CHECK(thorvg["compared_with_theme"] == "light");
  const Json& rlottie = player_summary(c.summary, "rlottie");
  CHECK(rlottie["theme"] == "");
  CHECK(rlottie["compared_with_theme"] == "dark");  // its inline values are the dark theme's
  CHECK_THAT(rlottie["note"].get<std::string>(), Catch::Contains("rlottie cannot apply themes"));
}

TEST_CASE("A preset theme sets the weight too: ThorVG is held to that weight, and a theme missing it is caught", "[check]") {
  const fs::path work = scratch_dir("check-preset-theme");
  REQUIRE(run_cli("export --format dotlottie -o " + (work / "gpu-cluster.lottie").string(), work).exit_code == 0);
  const Checked c = check_file(work, work / "gpu-cluster.lottie", "--theme light-w2.5 --animation outline-strong --size 48");
  CHECK(c.exit_code == 0);
  const Json& thorvg = player_summary(c.summary, "ThorVG");
  CHECK(thorvg["theme"] == "light-w2.5");
  CHECK(thorvg["compared_with_theme"] == "light");
  CHECK(thorvg["weight"] == 2.5);
  CHECK_THAT(thorvg["compared_with"].get<std::string>(), Catch::Equals("outline-strong \u00b7 theme light \u00b7 weight 2.5 \u00b7 #111827"));
  CHECK(thorvg["passed"] == true);
  CHECK(player_summary(c.summary, "rlottie")["compared_with_theme"] == "dark");  // inline: weight 2, dark
  CHECK(player_summary(c.summary, "rlottie")["weight"] == 2);
  // The same theme without its weight rule: ThorVG shows weight 2 where 2.5 is due.
  const std::string bundle = read_file(work / "gpu-cluster.lottie");
  const fs::path broken = mutated_bundle(bundle, work / "no-weight.lottie", [](const std::string& name, Json& doc) {
    if (name != "t/light-w2.5.json") return;
    Json rules = Json::array();
    for (const Json& rule : doc["rules"]) {
      if (rule["id"] != "weight") rules.push_back(rule);
    }
    doc["rules"] = rules;
  });
  const Checked b = check_file(work, broken, "--theme light-w2.5 --animation outline-strong --size 48 --player thorvg");
  CHECK(b.exit_code == 1);
  CHECK(player_summary(b.summary, "ThorVG")["passed"] == false);
}

TEST_CASE("Without ThorVG, check says how to get it and falls back to rlottie", "[check]") {
  const fs::path work = scratch_dir("check-fallback");
  std::ofstream(work / "outline-light.json") << bundle_animation("outline-light").dump();
  auto r = run_cli("check --json " + (work / "outline-light.json").string(), work, "ICONSYNTH_DOTLOTTIE_WEB=/nowhere");
  CHECK(r.exit_code == 0);
  const Json summary = Json::parse(r.out);
  CHECK(summary["animations"][0]["players"].size() == 1);
  CHECK(summary["animations"][0]["players"][0]["player"] == "rlottie");
  CHECK_THAT(summary["notes"][0].get<std::string>(), Catch::Contains("ThorVG not used, rlottie only") &&
                                                         Catch::Contains("tools/dotlottie-web.sh"));
  CHECK_THAT(r.err, Catch::Contains("tools/dotlottie-web.sh"));
  r = run_cli("check --json " + (work / "outline-light.json").string(), work, "ICONSYNTH_NODE=/nowhere/node");
  CHECK(r.exit_code == 0);  // Node missing: the same fallback
  CHECK_THAT(Json::parse(r.out)["notes"][0].get<std::string>(), Catch::Contains("ThorVG not used"));
  // Asked for by name, a missing ThorVG is an error.
  r = run_cli("check --player thorvg " + (work / "outline-light.json").string(), work, "ICONSYNTH_DOTLOTTIE_WEB=/nowhere");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("--player thorvg: @lottiefiles/dotlottie-web at /nowhere"));
}

TEST_CASE("Timing shifted by 3 frames is caught", "[check]") {
  Json a = bundle_animation("outline-strong");
  each_object(a["layers"], [](Json& o) {
    if (o.contains("t") && o.contains("s")) o["t"] = o["t"].get<double>() + 3;
  });
  const Checked c = check_json(scratch_dir("check-shift"), "outline-strong", a);
  CHECK(c.exit_code == 1);
  CHECK(c.summary["animations"][0]["passed"] == false);
  for (const char* player : {"rlottie", "ThorVG"}) {
    // The damage is where things move: after the first departure (frame 23), not at rest.
    CHECK(worst_frame(c.summary, player) > 23);
    CHECK(player_summary(c.summary, player)["frames"][0]["score"].get<double>() < 1.0);  // the rest pose still agrees
  }
}

TEST_CASE("Removed packets are caught, structurally and visually", "[check]") {
  Json a = bundle_animation("solid-light");
  Json kept = Json::array();
  for (Json& layer : a["layers"]) {
    if (layer["nm"].get<std::string>().rfind("packet-", 0) != 0) kept.push_back(layer);
  }
  a["layers"] = kept;
  const Checked c = check_json(scratch_dir("check-packets"), "solid-light", a);
  CHECK(c.exit_code == 1);
  const Json& anim = c.summary["animations"][0];
  CHECK(anim["structure"][0]["what"] == "layer count");
  CHECK_THAT(anim["structure"].dump(), Catch::Contains("packet-tl-tr"));
  for (const char* player : {"rlottie", "ThorVG"}) {
    const int worst = worst_frame(c.summary, player);
    CHECK(worst >= 6);  // packets fly from frame 6 to 30
    CHECK(worst < 30);
  }
}

TEST_CASE("A changed colour: rlottie draws the inline value, ThorVG the slot's, and check says they disagree", "[check]") {
  // Outline: one colour (duotone's secondary would no longer be any theme's mix of the new primary).
  Json a = bundle_animation("outline-light");
  each_object(a, [](Json& o) {
    if (o.contains("sid") && o["sid"] == "primary") o["k"] = Json::array({1, 0.4, 0});
  });
  const fs::path work = scratch_dir("check-color");
  // The colour is found from ThorVG's frames (asked first: it reads colours as we write them),
  // which apply the document's own slot values (still white): ThorVG matches, rlottie does not.
  Checked c = check_json(work, "outline-light", a);
  CHECK(c.exit_code == 1);
  CHECK_THAT(c.summary["animations"][0]["found"].get<std::string>(), Catch::EndsWith("#FFFFFF"));
  CHECK(player_summary(c.summary, "ThorVG")["passed"] == true);
  for (const Json& f : player_summary(c.summary, "rlottie")["frames"]) CHECK(f["ink_delta"].get<double>() > 50);
  CHECK(c.summary["animations"][0]["disagreement"] == "rlottie differs, ThorVG matches");
  // Held to the orange, rlottie matches and ThorVG differs.
  c = check_json(work, "outline-light", a, "--color '#FF6600'");
  CHECK(c.exit_code == 1);
  CHECK(c.summary["animations"][0]["disagreement"] == "rlottie matches, ThorVG differs");
  // With the slot changed too, both players show it: the icon in that colour matches in both.
  a["slots"]["primary"]["p"]["k"] = Json::array({1, 0.4, 0});
  c = check_json(work, "outline-light", a);
  CHECK(c.exit_code == 0);
  c = check_json(work, "outline-light", a, "--color '#FFFFFF'");
  CHECK(c.exit_code == 1);
  for (const char* player : {"rlottie", "ThorVG"}) {
    for (const Json& f : player_summary(c.summary, player)["frames"]) CHECK(f["ink_delta"].get<double>() > 50);
  }
  CHECK(c.summary["animations"][0]["disagreement"] == "");
}

TEST_CASE("A duotone whose secondary no theme mixes from its primary differs, and says so", "[check]") {
  Json a = bundle_animation("duotone-light");
  each_object(a, [](Json& o) {
    if (o.contains("sid") && o["sid"] == "primary") o["k"] = Json::array({1, 0.4, 0});
  });
  a["slots"]["primary"]["p"]["k"] = Json::array({1, 0.4, 0});
  const Checked c = check_json(scratch_dir("check-secondary"), "duotone-light", a);
  CHECK(c.exit_code == 1);
  CHECK_THAT(c.summary["animations"][0]["matched"].get<std::string>(), Catch::Contains("comes nearest to the secondary found"));
}

TEST_CASE("One module's swell doubled is caught around its peak", "[check]") {
  Json a = bundle_animation("outline-light");
  for (Json& layer : a["layers"]) {
    if (layer["nm"] != "module-br") continue;
    for (Json& key : layer["ks"]["s"]["k"]) {
      const double s = key["s"][0].get<double>();
      if (s > 100) key["s"] = Json::array({100 + 2 * (s - 100), 100 + 2 * (s - 100)});
    }
  }
  const Checked c = check_json(scratch_dir("check-swell"), "outline-light", a);
  CHECK(c.exit_code == 1);
  CHECK(worst_frame(c.summary, "rlottie") == 38);  // the swell peak
  CHECK(worst_frame(c.summary, "ThorVG") == 38);
}

TEST_CASE("A different frame rate is reported, then compared at equal times", "[check]") {
  Json a = bundle_animation("outline-light");
  a["fr"] = 30;
  a["op"] = 30;
  // Keys and precompositions' own timelines (the weight's, in seconds) alike run at 30 fps.
  for (const char* list : {"layers", "assets"}) {
    each_object(a[list], [](Json& o) {
      if (o.contains("t") && o.contains("s")) o["t"] = o["t"].get<double>() / 2;
      if (o.contains("ty") && (o["ty"] == 4 || o["ty"] == 0)) o["op"] = 30;
    });
  }
  const Checked c = check_json(scratch_dir("check-fr"), "outline-light", a);
  CHECK(c.exit_code == 0);
  const Json& anim = c.summary["animations"][0];
  CHECK(anim["structure"][0]["what"] == "frame rate");
  CHECK(anim["structure"][0]["asset"] == "30");
  CHECK(anim["structure"][0]["ours"] == "60");
  for (const char* player : {"rlottie", "ThorVG"}) {
    const Json& p = player_summary(c.summary, player);
    CHECK_THAT(p["time_note"].get<std::string>(), Catch::Contains("30 fps, 30 frames vs 60 fps, 60 frames") &&
                                                      Catch::Contains("compared at equal times"));
    CHECK(p["frames"].size() == 30);
    CHECK(p["frames"][15]["our_frame"] == 30);
  }
}

TEST_CASE("Without an id to go by, the variant is found from what the animation draws and said so", "[check]") {
  const Checked c = check_json(scratch_dir("check-guess"), "mystery", bundle_animation("solid-strong"));
  CHECK(c.exit_code == 0);
  CHECK(c.summary["animations"][0]["variant"] == "solid-strong, weight 2");
  CHECK(c.summary["animations"][0]["found"] == "solid-strong \u00b7 theme dark \u00b7 weight 2 \u00b7 #FFFFFF");
  CHECK_THAT(c.summary["animations"][0]["matched"].get<std::string>(),
             Catch::Contains("style and weight estimated from frame 0") && Catch::Contains("motion the closest of 2"));
  // An id that names another variant than the one drawn is said too.
  const Checked named = check_json(scratch_dir("check-misnamed"), "outline-light", bundle_animation("solid-strong"));
  CHECK(named.exit_code == 0);
  CHECK_THAT(named.summary["animations"][0]["structure"].dump(), Catch::Contains("solid-strong (what it draws)"));
}

TEST_CASE("Unreadable assets and options that do not fit exit 2 with a message", "[check][hostile]") {
  const fs::path work = scratch_dir("check-bad");
  std::ofstream(work / "garbage.lottie", std::ios::binary) << "PK\x03\x04garbage";
  std::ofstream(work / "deep.json") << std::string(5000, '[') << std::string(5000, ']');
  std::ofstream(work / "huge.json") << R"({"w":24,"h":99999999,"fr":60,"ip":0,"op":60,"layers":[]})";
  REQUIRE(run_cli("export --format dotlottie -o " + (work / "ok.lottie").string(), work).exit_code == 0);
  struct Case {
    std::string args, message;
  } cases[] = {
      {(work / "missing.lottie").string(), "no such file"},
      {(work / "garbage.lottie").string(), "not a valid zip archive"},
      {(work / "deep.json").string(), "nests deeper than 64"},
      {(work / "huge.json").string(), "canvas 24x99999999 is outside"},
      {(work / "ok.lottie").string() + " --max-inflated 1 --animation nope", "--animation nope: the asset has outline-light"},
      {(work / "ok.lottie").string() + " --theme sepia", "--theme sepia: the asset has no such theme"},
      {(work / "ok.lottie").string() + " --style round", "--style \"round\" is not one of outline, solid, duotone"},
      {(work / "ok.lottie").string() + " --motion bounce", "--motion \"bounce\" is not one of light, strong"},
      {(work / "ok.lottie").string() + " --weight 4", "--weight"},
      {(work / "ok.lottie").string() + " --color red", "\"red\" is not #RRGGBB"},
      {(work / "ok.lottie").string() + " --size 5", "--size"},
  };
  for (const Case& c : cases) {
    const auto r = run_cli("check " + c.args, work);
    INFO(c.args << "\n" << r.err);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains(c.message));
  }
}

TEST_CASE("Report paths stay inside the report folder whatever the asset's names", "[check][hostile]") {
  CHECK(iconsynth::render::safe_file_name("outline-light") == "outline-light");
  CHECK(iconsynth::render::safe_file_name("..") == "_");
  CHECK(iconsynth::render::safe_file_name("../../etc/passwd") == ".._.._etc_passwd");
  CHECK(iconsynth::render::safe_file_name("a/b\\c:d") == "a_b_c_d");
  CHECK(iconsynth::render::safe_file_name("") == "_");
  // A plain JSON file whose stem is "..": its images still land under OUT/img/.
  const fs::path work = scratch_dir("check-dots");
  std::ofstream(work / "...json") << bundle_animation("outline-light").dump();
  const auto r = run_cli("check " + (work / "...json").string() + " --report " + (work / "report").string(), work);
  CHECK(r.exit_code == 0);
  CHECK(fs::is_directory(work / "report" / "img" / "_"));
  for (const auto& e : fs::recursive_directory_iterator(work)) {
    if (e.path().extension() == ".png") CHECK(e.path().string().rfind((work / "report" / "img").string(), 0) == 0);
  }
}

TEST_CASE("A player that crashes or hangs on an asset is an error, not our crash", "[check][hostile]") {
  // Each player runs in a child process; ICONSYNTH_PLAYER_FAULT makes that child misbehave the way
  // a hostile document could make the player misbehave.
  const fs::path work = scratch_dir("check-player");
  std::ofstream(work / "outline-light.json") << bundle_animation("outline-light").dump();
  const std::string asset = (work / "outline-light.json").string();
  for (const char* player : {"rlottie", "thorvg"}) {
    const std::string engine = player == std::string("rlottie") ? "rlottie" : "ThorVG";
    INFO(engine);
    auto r = run_cli("check --player " + std::string(player) + " " + asset + " --report " + (work / "crash").string(), work,
                     "ICONSYNTH_PLAYER_FAULT=crash");
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains(engine + " crashed (signal 6) while rendering frame 0"));
    CHECK_FALSE(fs::exists(work / "crash"));
    const auto start = std::chrono::steady_clock::now();
    r = run_cli("check --player " + std::string(player) + " " + asset + " --player-timeout 1", work, "ICONSYNTH_PLAYER_FAULT=hang");
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains(engine + " did not finish rendering frame 0 within 1 s"));
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
  }
}
