// The example specs under spec/examples/ through every command, as a user runs them: a style and a
// theme added by JSON alone reach every output with no rebuild.
#include "cli_support.h"
#include "preview_support.h"

#include "render/lottie/rlottie_player.h"
#include "render/lottie/zip_reader.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <map>
#include <set>

namespace fs = std::filesystem;
using iconsynth::test::read_file;
using iconsynth::test::run_cli;
using iconsynth::test::scratch_dir;
using nlohmann::json;

namespace {
// " --spec <the example file>".
std::string example(const std::string& file) { return " --spec " + std::string(ICONSYNTH_SOURCE_DIR) + "/spec/examples/" + file; }
const std::string kSpec = example("third-style-and-theme.json");
const std::string kMotions = example("three-more-motions.json");

// Runs `iconsynth ARGS SPEC` in `dir`, expecting success.
iconsynth::test::CliResult ok(const std::string& args, const std::string& spec, const fs::path& dir) {
  const auto r = run_cli(args + spec, dir);
  INFO(args << "\n" << r.out << r.err);
  CHECK(r.exit_code == 0);
  return r;
}
}  // namespace

TEST_CASE("A third style and a third theme, added by JSON alone, reach every command", "[tools][examples]") {
  const fs::path dir = scratch_dir("example-third");
  const auto ok = [&](const std::string& args) { return ::ok(args, kSpec, dir); };

  SECTION("info and spec name them") {
    const json info = json::parse(ok("info --json").out);
    CHECK(info["styles"] == json({"outline", "solid", "duotone", "soft"}));
    CHECK(info["themes"].contains("high-contrast"));
    CHECK(info["themes"]["high-contrast"]["primary"] == "#FFE600");
    ok("spec");
  }
  SECTION("render and export draw the new style in the new theme") {
    ok("render --style soft --theme high-contrast --frame 30 --out " + (dir / "frames").string());
    CHECK(fs::file_size(dir / "frames" / "frame_0030.png") > 100);
    ok("export --style soft --motion strong --theme high-contrast -o " + (dir / "soft.json").string());
    const json lottie = json::parse(read_file(dir / "soft.json"));
    CHECK(lottie["nm"] == "gpu-cluster-plus soft-strong");
    CHECK(lottie["slots"].contains("secondary"));  // soft cards are filled with the secondary tone
  }
  SECTION("the bundle holds every style x motion and every theme, and checks clean in both players") {
    ok("export --format dotlottie -o " + (dir / "plus.lottie").string());
    std::set<std::string> entries;
    for (const auto& e : iconsynth::render::lottie::read_zip(read_file(dir / "plus.lottie"))) entries.insert(e.name);
    CHECK(entries.count("a/soft-light.json") == 1);
    CHECK(entries.count("a/soft-strong.json") == 1);
    CHECK(entries.count("t/high-contrast.json") == 1);
    CHECK(entries.count("t/high-contrast-w2.5.json") == 1);
    CHECK(entries.count("s/soft.json") == 1);  // a state machine per style
    CHECK(entries.size() == 1 + 8 + 3 * (1 + 3) + 4);  // each theme alone and at each preset weight
    const auto r = ok("check --size 48 --theme high-contrast " + (dir / "plus.lottie").string());
    CHECK_THAT(r.out, Catch::Contains("8 animations: 8 match") && Catch::Contains("soft-strong"));
  }
  SECTION("build writes the new style's files") {
    const auto r = ok("build --size 24 --theme high-contrast --out " + (dir / "out").string());
    CHECK(fs::exists(dir / "out" / "filmstrips" / "soft-strong-w2.5.png"));
    CHECK(fs::exists(dir / "out" / "svg" / "soft-w1.5.svg"));
    CHECK(fs::exists(dir / "out" / "gpu-cluster-plus.lottie"));
  }
  SECTION("golden sets cover it, and catch a change to it alone") {
    ok("golden update --size 24 --dir " + (dir / "golden").string());
    const json manifest = json::parse(read_file(dir / "golden" / "golden.json"));
    CHECK(manifest["variants"].size() == 4 * 2 * 3 * 3);
    CHECK(fs::exists(dir / "golden" / "png" / "soft-light-high-contrast-w2.png"));
    ok("golden check --dir " + (dir / "golden").string());
    const auto changed = run_cli("golden check --dir " + (dir / "golden").string() + " --set themes.high-contrast.secondary_mix=0.3" + kSpec, dir);
    CHECK(changed.exit_code == 1);
    CHECK_THAT(changed.out, Catch::Contains("soft-light-high-contrast-w2") && !Catch::Contains("outline-light-dark-w2"));
  }
  SECTION("preview, plot and sheet show it") {
    ok("preview --theme high-contrast --size 32 --out " + (dir / "page").string() + " --lottie-web " +
       iconsynth::test::fake_lottie_web(dir).string());
    CHECK(fs::exists(dir / "page" / "frames" / "soft-strong-high-contrast.png"));
    CHECK_THAT(read_file(dir / "page" / "data.js"), Catch::Contains("\"high-contrast\""));
    ok("plot -o " + (dir / "plot.svg").string());
    ok("sheet --theme high-contrast --size 24 -o " + (dir / "sheet.png").string());
    CHECK(fs::file_size(dir / "sheet.png") > 100);
  }
  SECTION("names outside the spec are refused with its choices") {
    const auto r = run_cli("render --style glass --out " + (dir / "never").string() + kSpec, dir);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("--style glass: the spec names outline, solid, duotone, soft"));
  }
}

TEST_CASE("A seamless loop added by JSON alone: its last frame is its first, in our frames and in rlottie", "[tools][examples]") {
  const fs::path dir = scratch_dir("example-loop");
  const std::string& spec = kMotions;
  const auto ok = [&](const std::string& args) { return ::ok(args, spec, dir); };
  const int frames = json::parse(ok("info --json").out)["motions"]["orbit"]["frames"];
  const std::string last = std::to_string(frames - 1);
  ok("render --motion orbit --style duotone --size 96 --frame 0 --out " + (dir / "first").string());
  ok("render --motion orbit --style duotone --size 96 --frame " + last + " --out " + (dir / "last").string());
  CHECK(read_file(dir / "first" / "frame_0000.png") ==
        read_file(dir / "last" / ("frame_" + std::string(4 - last.size(), '0') + last + ".png")));

  // rlottie plays the export through the seam: frame N-1 then frame 0 is no jump at all.
  ok("export --motion orbit -o " + (dir / "orbit.json").string());
  const iconsynth::render::lottie::RlottiePlayer player(read_file(dir / "orbit.json"), "orbit");
  REQUIRE(static_cast<int>(player.frame_count()) == frames);
  CHECK(player.render(0, 96) == player.render(frames - 1, 96));
  CHECK(player.render(0, 96) != player.render(frames / 2, 96));  // and it does move in between
}

TEST_CASE("Two motions added by JSON alone, a counter-clockwise exchange and a staggered wave, reach every command",
          "[tools][examples]") {
  const fs::path dir = scratch_dir("example-motions");
  const std::string& spec = kMotions;
  const auto ok = [&](const std::string& args) { return ::ok(args, spec, dir); };
  const json info = json::parse(ok("info --json").out);
  // The wave: departures 6 frames apart round the ring, two rounds.
  std::vector<double> departures;
  for (const json& e : info["motions"]["wave"]["events"]) {
    if (e["kind"] == "depart" && e["round"] == 1) departures.push_back(e["frame"]);
  }
  CHECK(departures == std::vector<double>{4, 10, 16, 22});
  CHECK(info["motions"]["wave"]["rounds"] == 2);

  ok("render --motion wave --style duotone --frame 30 --out " + (dir / "frames").string());
  ok("export --motion counter-clockwise -o " + (dir / "ccw.json").string());
  const json ccw = json::parse(read_file(dir / "ccw.json"));
  // Counter-clockwise: each module sends to its anticlockwise neighbour (tl → bl → br → tr → tl).
  std::set<std::string> packets;
  for (const json& l : ccw["layers"]) {
    if (l["nm"].get<std::string>().rfind("packet-", 0) == 0) packets.insert(l["nm"].get<std::string>());
  }
  CHECK(packets == std::set<std::string>{"packet-tl-bl", "packet-tr-tl", "packet-br-tr", "packet-bl-br"});
  ok("export --format dotlottie -o " + (dir / "motions.lottie").string());
  const auto checked = ok("check --size 48 " + (dir / "motions.lottie").string());
  CHECK_THAT(checked.out, Catch::Contains("15 animations: 15 match") && Catch::Contains("solid-wave") && Catch::Contains("duotone-orbit"));
  ok("golden update --size 24 --dir " + (dir / "golden").string());
  ok("golden check --dir " + (dir / "golden").string());
  const auto later = run_cli("golden check --dir " + (dir / "golden").string() + " --set motions.wave.timeline.repeat.clip.stagger.lag=7" + spec, dir);
  CHECK(later.exit_code == 1);
  CHECK_THAT(later.out, Catch::Contains("outline-wave-dark-w2") && !Catch::Contains("outline-light-dark-w2"));
  ok("plot --motion wave -o " + (dir / "wave.svg").string());
  ok("sheet --size 24 -o " + (dir / "sheet.png").string());
  ok("preview --size 32 --out " + (dir / "page").string() + " --lottie-web " + iconsynth::test::fake_lottie_web(dir).string());
  CHECK(fs::exists(dir / "page" / "plots" / "counter-clockwise.svg"));
}

TEST_CASE("Rings of 3, 6 and 8 from the same engine: build --spec regenerates each family, checked in the players", "[tools][examples]") {
  const std::map<int, std::set<std::string>> module_layers{
      {3, {"module-lt", "module-rt", "module-b"}},
      {6, {"module-tl", "module-tr", "module-r", "module-br", "module-bl", "module-l"}},
      {8, {"module-tl", "module-tr", "module-rt", "module-rb", "module-br", "module-bl", "module-lb", "module-lt"}},
  };
  for (const auto& [n, modules] : module_layers) {
    const std::string id = "gpu-cluster-" + std::to_string(n);
    const std::string spec = example("ring-" + std::to_string(n) + ".json");
    const fs::path dir = scratch_dir("example-ring-" + std::to_string(n));
    const auto ok = [&](const std::string& args) { return ::ok(args, spec, dir); };
    INFO("ring of " << n);

    const json info = json::parse(ok("info --json").out);
    CHECK(info["kind"] == "ring");
    CHECK(info["modules"] == n);
    std::set<std::string> landed;
    for (const json& e : info["motions"]["light"]["events"]) {
      if (e["kind"] == "land") landed.insert("module-" + e["module"].get<std::string>());
    }
    CHECK(landed == modules);

    const auto built = ok("build --size 24 --out " + (dir / "out").string());
    CHECK(fs::exists(dir / "out" / "filmstrips" / "duotone-strong-w2.5.png"));
    CHECK(fs::exists(dir / "out" / "animated-svg" / "solid-light-w2.svg"));
    CHECK(fs::exists(dir / "out" / (id + ".mjs")));
    const json lottie = json::parse(read_file(dir / "out" / "lottie" / "outline-strong-w2.json"));
    std::set<std::string> layers;
    int packets = 0;
    for (const json& l : lottie["layers"]) {
      const std::string name = l["nm"];
      if (name.rfind("module-", 0) == 0) layers.insert(name);
      packets += name.rfind("packet-", 0) == 0;
    }
    CHECK(layers == modules);
    CHECK(packets == 2 * n);  // one per link per round, two rounds

    const auto checked = ok("check --player rlottie --size 48 " + (dir / "out" / (id + ".lottie")).string());
    CHECK_THAT(checked.out, Catch::Contains("6 animations: 6 match"));
    ok("plot --motion strong -o " + (dir / "strong.png").string());
  }
}
