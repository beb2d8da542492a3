// Targets no spec of the icon can match exit 1, with the report naming the element and the frames
// where the residual sits; hostile targets exit 2 and nothing is written; a fit stopped short says
// so and still writes its report.
#include "fit_support.h"

using namespace iconsynth::test;

namespace {

Json outline_light(const fs::path& work) {
  REQUIRE(run_cli("export -o " + (work / "ours.json").string(), work).exit_code == 0);
  return Json::parse(read_file(work / "ours.json"));
}

Json& layer(Json& doc, const std::string& name) {
  for (Json& l : doc["layers"]) {
    if (l["nm"] == name) return l;
  }
  throw std::logic_error("no layer " + name);
}

// Fits `doc` (written as target.json) and expects no match: the spots of the first animation.
Json no_match(const fs::path& work, const Json& doc) {
  std::ofstream(work / "target.json") << doc.dump();
  const Fitted f = fit_target(work, work / "target.json", "--report " + (work / "report").string());
  INFO(f.err);
  REQUIRE(f.exit_code == 1);
  CHECK(f.report["matched"] == false);
  CHECK(fs::exists(work / "fitted.json"));  // the best spec found is written all the same
  CHECK_THAT(read_file(work / "report" / "index.html"), Catch::Contains("Where the residual sits"));
  return f.report["animations"][0]["spots"];
}

bool frames_cover(const Json& spot, int first, int last) {
  std::set<int> frames;
  for (const Json& f : spot["frames"]) frames.insert(f.get<int>());
  for (int f = first; f <= last; ++f) {
    if (!frames.count(f)) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("A diagonal link added: the residual sits outside every element, on every frame", "[fit][negative]") {
  const fs::path work = scratch_dir("fit-diagonal");
  Json doc = outline_light(work);
  // A stroked line from the top-left module's centre to the bottom-right one's, in front.
  Json line = Json::parse(R"({"ty": 4, "nm": "diagonal", "ind": 99, "ddd": 0, "ip": 0, "op": 60, "st": 0, "sr": 1,
    "ks": {"a": {"a": 0, "k": [0, 0]}, "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}},
    "shapes": [{"ty": "gr", "it": [{"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[9, 9], [15, 15]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}}},
      {"ty": "st", "c": {"a": 0, "k": [1, 1, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2}, "lc": 2, "lj": 2},
      {"ty": "tr", "a": {"a": 0, "k": [0, 0]}, "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}]})");
  doc["layers"].insert(doc["layers"].begin(), line);
  const Json spots = no_match(work, doc);
  REQUIRE(!spots.empty());
  CHECK(spots[0]["element"] == "outside every element");
  CHECK(std::abs(spots[0]["center"][0].get<double>() - 12) < 1.5);
  CHECK(std::abs(spots[0]["center"][1].get<double>() - 12) < 1.5);
  CHECK(frames_cover(spots[0], 0, 59));
}

TEST_CASE("One module that turns while it swells: the residual sits in that module, over its swell", "[fit][negative]") {
  const fs::path work = scratch_dir("fit-turning");
  Json doc = outline_light(work);
  layer(doc, "module-br")["ks"]["r"] = Json::parse(R"({"a": 1, "k": [{"t": 30, "s": [0], "o": {"x": [0.4], "y": [0]}, "i": {"x": [0.6], "y": [1]}},
    {"t": 40, "s": [25], "o": {"x": [0.4], "y": [0]}, "i": {"x": [0.6], "y": [1]}}, {"t": 56, "s": [0]}]})");
  const Json spots = no_match(work, doc);
  REQUIRE(!spots.empty());
  CHECK(spots[0]["element"] == "module-br");
  CHECK(spots[0]["share"].get<double>() > 0.5);
  CHECK(frames_cover(spots[0], 34, 50));
  for (const Json& f : spots[0]["frames"]) CHECK((f.get<int>() > 30 && f.get<int>() < 56));
}

TEST_CASE("Packets still visible after the action: the residual sits in the packets, from their landing on", "[fit][negative]") {
  const fs::path work = scratch_dir("fit-lingering");
  Json doc = outline_light(work);
  for (Json& l : doc["layers"]) {
    if (l["nm"].get<std::string>().rfind("packet-", 0) != 0) continue;
    Json& keys = l["ks"]["o"]["k"];
    keys.erase(keys.size() - 1);  // no landing key: still shown once it has landed
    keys.back().erase("h");
  }
  const Json spots = no_match(work, doc);
  REQUIRE(spots.size() >= 4);
  for (int i = 0; i < 4; ++i) {
    CHECK_THAT(spots[i]["element"].get<std::string>(), Catch::StartsWith("packet-"));
    CHECK(frames_cover(spots[i], 31, 59));
  }
}

TEST_CASE("Hostile or unreadable targets exit 2 and write nothing", "[fit][hostile]") {
  const fs::path work = scratch_dir("fit-hostile");
  std::ofstream(work / "garbage.lottie", std::ios::binary) << "PK\x03\x04garbage";
  std::ofstream(work / "deep.json") << std::string(5000, '[') << std::string(5000, ']');
  fs::create_directories(work / "empty");
  fs::create_directories(work / "linked");
  std::ofstream(work / "outside.png") << "x";
  fs::create_symlink(work / "outside.png", work / "linked" / "frame_0000.png");
  fs::create_directories(work / "bomb");
  {
    // A PNG header claiming 60000 × 60000 px: refused before anything is decoded.
    std::string png = "\x89PNG\r\n\x1a\n";
    const unsigned char ihdr[] = {0, 0, 0, 13, 'I', 'H', 'D', 'R', 0, 0, 0xEA, 0x60, 0, 0, 0xEA, 0x60, 8, 6, 0, 0, 0};
    png.append(reinterpret_cast<const char*>(ihdr), sizeof ihdr);
    std::ofstream(work / "bomb" / "frame_0000.png", std::ios::binary) << png;
  }
  struct Case {
    std::string target, message;
  } cases[] = {
      {(work / "missing.json").string(), "no such file"},
      {(work / "garbage.lottie").string(), "not a valid zip archive"},
      {(work / "deep.json").string(), "nests deeper than 64"},
      {(work / "empty").string(), "holds no .png frames"},
      {(work / "linked").string(), "outside the folder"},
      {(work / "bomb").string(), "frame_0000.png"},
  };
  for (const Case& c : cases) {
    const auto r = run_cli("fit " + c.target + " -o " + (work / "fitted.json").string() + " --report " + (work / "report").string(), work);
    INFO(c.target << "\n" << r.err);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains(c.message));
    CHECK_FALSE(fs::exists(work / "fitted.json"));
    CHECK_FALSE(fs::exists(work / "report"));
  }
  // Options that name no parameter are bad input too.
  REQUIRE(run_cli("export -o " + (work / "ours.json").string(), work).exit_code == 0);
  const auto r = run_cli("fit " + (work / "ours.json").string() + " --free nothing.here -o " + (work / "fitted.json").string(), work);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("--free nothing.here"));
  CHECK_FALSE(fs::exists(work / "fitted.json"));
}

TEST_CASE("A fit stopped short says it did not converge and still writes its spec and report", "[fit]") {
  const fs::path work = scratch_dir("fit-short");
  REQUIRE(run_cli("export --set motions.light.timeline.exchange.travel.frames=20 -o " + (work / "target.json").string(), work).exit_code == 0);
  const auto r = run_cli("fit " + (work / "target.json").string() + " --max-evaluations 4 -o " + (work / "fitted.json").string() +
                             " --report " + (work / "report").string(),
                         work);
  CHECK(r.exit_code != 2);
  CHECK_THAT(r.out, Catch::Contains("did not converge"));
  CHECK(fs::exists(work / "fitted.json"));
  CHECK_THAT(read_file(work / "report" / "index.html"), Catch::Contains("did not converge"));
  CHECK(Json::parse(read_file(work / "report" / "fit.json"))["converged"] == false);
}

TEST_CASE("The search is limited by spec path with --free and --fix", "[fit]") {
  const fs::path work = scratch_dir("fit-free-fix");
  REQUIRE(run_cli("export --set motions.light.timeline.exchange.travel.frames=20 -o " + (work / "target.json").string(), work).exit_code == 0);
  // Only the light motion free: it is fitted, the layout and weight are the base's, untouched.
  Fitted f = fit_target(work, work / "target.json", "--free motions.light");
  REQUIRE(f.exit_code == 0);
  CHECK(std::abs(f.spec["motions"]["light"]["timeline"]["exchange"]["travel"]["frames"].get<double>() - 20) < 0.5);
  CHECK(f.spec["layout"] == builtin_document()["layout"]);
  for (const Json& p : f.report["params"]) {
    const std::string path = p["path"];
    if (path.rfind("layout.", 0) == 0 || path == "stroke.default") CHECK(p["state"] == "fixed");
    if (path.rfind("motions.light.timeline", 0) == 0) CHECK(p["state"] != "fixed");
  }
  // The light motion fixed instead: its timings stay the base's, and nothing matches.
  f = fit_target(work, work / "target.json", "--fix motions.light");
  CHECK(f.exit_code == 1);
  CHECK(f.spec["motions"]["light"]["timeline"] == builtin_document()["motions"]["light"]["timeline"]);
}
