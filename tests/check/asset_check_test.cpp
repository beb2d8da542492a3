// `iconsynth check`, as a user runs it: our own exports check clean; mutated copies are caught
// and the right animation and frames named; unreadable input exits 2 with a message.
#include "../tools/cli_support.h"

#include "render/compare/report_files.h"
#include "render/lottie/dotlottie_writer.h"
#include "render/lottie/zip_reader.h"
#include "spec/loader.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <functional>

namespace fs = std::filesystem;
using iconsynth::render::lottie::Json;
using iconsynth::test::read_file;
using iconsynth::test::run_cli;

namespace {

const iconsynth::spec::IconSpec& builtin() {
  static const auto spec = iconsynth::spec::load_spec_text(iconsynth::spec::builtin_spec_text());
  return spec;
}

// Our bundle's animation `id`, as its JSON document.
Json bundle_animation(const std::string& id) {
  for (auto& e : iconsynth::render::lottie::read_zip(iconsynth::render::lottie::write_dotlottie(builtin(), {}))) {
    if (e.name == "a/" + id + ".json") return Json::parse(e.bytes);
  }
  throw std::logic_error("no animation " + id);
}

void each_object(Json& node, const std::function<void(Json&)>& visit) {
  if (node.is_object()) {
    visit(node);
    for (auto& [key, child] : node.items()) each_object(child, visit);
  } else if (node.is_array()) {
    for (Json& child : node) each_object(child, visit);
  }
}

struct Checked {
  int exit_code;
  Json summary;
  std::string err;
};

// Writes `document` as NAME.json and checks it with --json.
Checked check_json(const fs::path& work, const std::string& name, const Json& document, const std::string& args = "") {
  const fs::path file = work / (name + ".json");
  std::ofstream(file) << document.dump();
  const auto r = run_cli("check --json " + file.string() + " " + args, work);
  INFO(r.err);
  return {r.exit_code, r.exit_code == 2 ? Json() : Json::parse(r.out), r.err};
}

int worst_frame(const Json& summary) { return summary["animations"][0]["worst_frame"].get<int>(); }

}  // namespace

TEST_CASE("Our own .lottie and each exported JSON check clean", "[check]") {
  const fs::path work = iconsynth::test::scratch_dir("check-own");
  REQUIRE(run_cli("export --format dotlottie -o " + (work / "gpu-cluster.lottie").string(), work).exit_code == 0);
  const auto bundle = run_cli("check " + (work / "gpu-cluster.lottie").string() + " --report " + (work / "report").string(), work);
  CHECK(bundle.exit_code == 0);
  CHECK_THAT(bundle.out, Catch::Contains("6 animations: 6 match, 0 differ") && Catch::Contains("report: "));
  CHECK(fs::exists(work / "report" / "index.html"));
  for (const char* id : {"outline-light", "solid-strong", "duotone-light"}) {
    const fs::path file = work / (std::string(id) + ".json");
    REQUIRE(run_cli("export --style " + std::string(id).substr(0, std::string(id).find('-')) + " --motion " +
                        std::string(id).substr(std::string(id).find('-') + 1) + " -o " + file.string(),
                    work).exit_code == 0);
    const auto r = run_cli("check --json " + file.string(), work);
    INFO(id << r.err);
    CHECK(r.exit_code == 0);
    CHECK(Json::parse(r.out)["animations"][0]["matched"] == "by its id");
  }
  const auto themed = run_cli("check --theme light " + (work / "gpu-cluster.lottie").string(), work);
  CHECK(themed.exit_code == 0);  // the light theme applied to the asset, our light theme synthesized
}

TEST_CASE("Timing shifted by 3 frames is caught", "[check]") {
  Json a = bundle_animation("outline-strong");
  each_object(a["layers"], [](Json& o) {
    if (o.contains("t") && o.contains("s")) o["t"] = o["t"].get<double>() + 3;
  });
  const Checked c = check_json(iconsynth::test::scratch_dir("check-shift"), "outline-strong", a);
  CHECK(c.exit_code == 1);
  CHECK(c.summary["animations"][0]["passed"] == false);
  // The damage is where things move: after the first departure (frame 23), not at rest.
  CHECK(worst_frame(c.summary) > 23);
  CHECK(c.summary["animations"][0]["frames"][0]["mean_abs"].get<double>() < 1.0);  // the rest pose still agrees
}

TEST_CASE("Removed packets are caught, structurally and visually", "[check]") {
  Json a = bundle_animation("solid-light");
  Json kept = Json::array();
  for (Json& layer : a["layers"]) {
    if (layer["nm"].get<std::string>().rfind("packet-", 0) != 0) kept.push_back(layer);
  }
  a["layers"] = kept;
  const Checked c = check_json(iconsynth::test::scratch_dir("check-packets"), "solid-light", a);
  CHECK(c.exit_code == 1);
  const Json& anim = c.summary["animations"][0];
  CHECK(anim["structure"][0]["what"] == "layer count");
  CHECK_THAT(anim["structure"].dump(), Catch::Contains("packet-tl-tr"));
  const int worst = worst_frame(c.summary);
  CHECK(worst >= 6);  // packets fly from frame 6 to 30
  CHECK(worst < 30);
}

TEST_CASE("A changed colour is caught on every frame", "[check]") {
  Json a = bundle_animation("duotone-light");
  each_object(a, [](Json& o) {
    if (o.value("sid", "") == "primary") o["k"] = Json::array({1, 0.4, 0});
  });
  const Checked c = check_json(iconsynth::test::scratch_dir("check-color"), "duotone-light", a);
  CHECK(c.exit_code == 1);
  for (const Json& f : c.summary["animations"][0]["frames"]) CHECK(f["mean_abs"].get<double>() > 1.0);
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
  const Checked c = check_json(iconsynth::test::scratch_dir("check-swell"), "outline-light", a);
  CHECK(c.exit_code == 1);
  CHECK(worst_frame(c.summary) == 38);  // the swell peak
}

TEST_CASE("A different frame rate is reported, then compared on normalised time", "[check]") {
  Json a = bundle_animation("outline-light");
  a["fr"] = 30;
  a["op"] = 30;
  each_object(a["layers"], [](Json& o) {
    if (o.contains("t") && o.contains("s")) o["t"] = o["t"].get<double>() / 2;
    if (o.contains("ty") && o["ty"] == 4) o["op"] = 30;
  });
  const Checked c = check_json(iconsynth::test::scratch_dir("check-fr"), "outline-light", a);
  CHECK(c.exit_code == 0);
  const Json& anim = c.summary["animations"][0];
  CHECK_THAT(anim["time_note"].get<std::string>(), Catch::Contains("30 fps, 30 frames vs 60 fps, 60 frames") &&
                                                       Catch::Contains("normalised time"));
  CHECK(anim["structure"][0]["what"] == "frame rate");
  CHECK(anim["structure"][0]["asset"] == "30");
  CHECK(anim["structure"][0]["ours"] == "60");
  CHECK(anim["frames"].size() == 30);
  CHECK(anim["frames"][15]["our_frame"] == 30);
}

TEST_CASE("Without an id to go by, the closest variant is found and said so", "[check]") {
  const Checked c = check_json(iconsynth::test::scratch_dir("check-guess"), "mystery", bundle_animation("solid-strong"));
  CHECK(c.exit_code == 0);
  CHECK_THAT(c.summary["animations"][0]["variant"].get<std::string>(), Catch::StartsWith("solid-strong"));
  CHECK_THAT(c.summary["animations"][0]["matched"].get<std::string>(), Catch::Contains("closest of 6 variants"));
}

TEST_CASE("Unreadable assets and options that do not fit exit 2 with a message", "[check][hostile]") {
  const fs::path work = iconsynth::test::scratch_dir("check-bad");
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
      {(work / "ok.lottie").string() + " --variant style=round,motion=light", "--variant: \"style=round\""},
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
  const fs::path work = iconsynth::test::scratch_dir("check-dots");
  std::ofstream(work / "...json") << bundle_animation("outline-light").dump();
  const auto r = run_cli("check " + (work / "...json").string() + " --report " + (work / "report").string(), work);
  CHECK(r.exit_code == 0);
  CHECK(fs::is_directory(work / "report" / "img" / "_"));
  for (const auto& e : fs::recursive_directory_iterator(work)) {
    if (e.path().extension() == ".png") CHECK(e.path().string().rfind((work / "report" / "img").string(), 0) == 0);
  }
}

TEST_CASE("A player that crashes or hangs on an asset is an error, not our crash", "[check][hostile]") {
  // rlottie runs in a child process; ICONSYNTH_PLAYER_FAULT makes that child misbehave the way a
  // hostile document could make rlottie misbehave.
  const fs::path work = iconsynth::test::scratch_dir("check-player");
  std::ofstream(work / "outline-light.json") << bundle_animation("outline-light").dump();
  const std::string asset = (work / "outline-light.json").string();
  auto r = run_cli("check " + asset + " --report " + (work / "crash").string(), work, "ICONSYNTH_PLAYER_FAULT=crash");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("rlottie crashed (signal 6) while rendering frame 0"));
  CHECK_FALSE(fs::exists(work / "crash"));
  const auto start = std::chrono::steady_clock::now();
  r = run_cli("check " + asset + " --player-timeout 1", work, "ICONSYNTH_PLAYER_FAULT=hang");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("rlottie did not finish rendering frame 0 within 1 s"));
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
}
