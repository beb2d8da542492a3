#include "cli_support.h"
#include "preview_support.h"

#include "motion/track.h"
#include "spec/json_reader.h"
#include "tools/iconsynth/atomic_file.h"
#include "tools/iconsynth/commands.h"
#include "render/cairo/surface.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

namespace fs = std::filesystem;
using iconsynth::test::read_file;
using iconsynth::test::run_cli;
using iconsynth::test::scratch_dir;

namespace {
int count_files(const fs::path& dir) {
  int n = 0;
  for (const auto& e : fs::recursive_directory_iterator(dir)) n += e.is_regular_file();
  return n;
}
bool is_png(const std::string& bytes) { return bytes.rfind("\x89PNG\r\n\x1a\n", 0) == 0; }

// The subcommands a --help lists (the lines under "Subcommands:" that start with a name), as the
// man pages read them (tools/install/man_pages.sh).
std::vector<std::string> subcommands_in(const std::string& help) {
  std::vector<std::string> names;
  std::istringstream lines(help.substr(std::min(help.size(), help.find("Subcommands:"))));
  for (std::string line; std::getline(lines, line);) {
    if (line.size() > 2 && line.rfind("  ", 0) == 0 && std::islower(static_cast<unsigned char>(line[2]))) {
      names.push_back(line.substr(2, line.find(' ', 2) - 2));
    }
  }
  return names;
}
}  // namespace

TEST_CASE("Every command has --help and exits 0", "[tools][cli]") {
  // Every command the help lists, however deep: under the sanitizers this runs each command's
  // wiring once (its options, their validators and defaults).
  const fs::path dir = scratch_dir("help");
  std::vector<std::string> commands{""}, seen;
  while (!commands.empty()) {
    const std::string command = commands.back();
    commands.pop_back();
    const auto r = run_cli(command + "--help", dir);
    INFO("iconsynth " << command << "--help: " << r.err);
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.out, Catch::Contains("Usage:"));
    seen.push_back(command);
    for (const std::string& sub : subcommands_in(r.out)) commands.push_back(command + sub + " ");
  }
  for (const char* command : {"render ", "info ", "build ", "export ", "golden ", "golden check ", "golden update ", "golden review ", "check ", "fit ",
                              "plot ", "spec ", "sheet ", "preview ", "completion "}) {
    CHECK(std::find(seen.begin(), seen.end(), command) != seen.end());
  }
  CHECK_THAT(run_cli("render --help", dir).out, Catch::Contains("--weight") && Catch::Contains("--filmstrip"));
}

TEST_CASE("completion bash prints a script that completes commands, options and their values", "[tools][cli]") {
  // The shell's name is parsed into a string the command must keep alive until it runs (ASan
  // once found it freed); the script completes as the installed one does.
  const fs::path dir = scratch_dir("completion");
  const auto r = run_cli("completion bash", dir);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::StartsWith("# bash completion for iconsynth"));
  std::ofstream(dir / "completion.bash") << r.out;
  const auto completes = iconsynth::test::run_command(
      "bash -c 'source \"" + (dir / "completion.bash").string() + "\"; COMP_WORDS=(iconsynth fi); COMP_CWORD=1; _iconsynth; "
      "echo \"${COMPREPLY[*]}\"; COMP_WORDS=(iconsynth fit --fi); COMP_CWORD=2; _iconsynth; echo \"${COMPREPLY[*]}\"; "
      "COMP_WORDS=(iconsynth render --style \"\"); COMP_CWORD=3; _iconsynth; echo \"${COMPREPLY[*]}\"'",
      dir);
  CHECK(completes.out == "fit\n--fix\noutline solid duotone\n");
  const auto zsh = run_cli("completion zsh", dir);
  CHECK(zsh.exit_code == 2);
  CHECK_THAT(zsh.err, Catch::Contains("zsh"));
}

TEST_CASE("render writes one PNG per frame, numbered from 0", "[tools][cli]") {
  const fs::path dir = scratch_dir("render-all");
  const auto r = run_cli("render --motion light --size 24 --out " + (dir / "frames").string(), dir);
  REQUIRE(r.exit_code == 0);
  CHECK(count_files(dir / "frames") == 60);
  CHECK(is_png(read_file(dir / "frames" / "frame_0000.png")));
  CHECK(fs::exists(dir / "frames" / "frame_0059.png"));
  CHECK_FALSE(fs::exists(dir / "frames" / "frame_0060.png"));
  CHECK_THAT(r.out, Catch::Contains("wrote 60 frames (outline-light, weight 2, 24 px, png)"));
}

TEST_CASE("render writes a single frame as PNG, SVG or PDF, byte-identical across runs", "[tools][cli]") {
  const fs::path dir = scratch_dir("render-one");
  for (const char* format : {"png", "svg", "pdf"}) {
    const std::string args = std::string("render --style duotone --motion strong --frame 46 --format ") + format;
    const fs::path a = dir / (std::string("a-") + format), b = dir / (std::string("b-") + format);
    REQUIRE(run_cli(args + " --out " + a.string(), dir).exit_code == 0);
    REQUIRE(run_cli(args + " --out " + b.string(), dir).exit_code == 0);
    const std::string name = std::string("frame_0046.") + format;
    CHECK(read_file(a / name) == read_file(b / name));
    CHECK(count_files(a) == 1);
  }
}

TEST_CASE("render --filmstrip writes one sheet", "[tools][cli]") {
  const fs::path dir = scratch_dir("filmstrip");
  const auto r = run_cli("render --motion strong --filmstrip --size 16 --columns 9 --out " + dir.string() + "/s", dir);
  REQUIRE(r.exit_code == 0);
  const std::string png = read_file(dir / "s" / "filmstrip.png");
  REQUIRE(is_png(png));
  // IHDR width and height, big-endian at bytes 16 and 20: 9 columns × 10 rows of 16 px.
  auto be32 = [&](std::size_t at) {
    return (std::uint8_t(png[at]) << 24) | (std::uint8_t(png[at + 1]) << 16) | (std::uint8_t(png[at + 2]) << 8) |
           std::uint8_t(png[at + 3]);
  };
  // 9 columns x 10 rows of 16 px, with 2 px gutters between and around them.
  CHECK(be32(16) == 9 * 16 + 10 * 2);
  CHECK(be32(20) == 10 * 16 + 11 * 2);
  // On the theme's backdrop: the corner pixel is dark's #0B0F19, opaque.
  const iconsynth::render::ImageSurface sheet = iconsynth::render::decode_png(png);
  CHECK(sheet.pixel(0, 0) == 0xFF0B0F19u);
}

TEST_CASE("Invalid usage exits 2 and names the bad value, writing nothing", "[tools][cli]") {
  const fs::path dir = scratch_dir("usage");
  const std::string out = " --out " + (dir / "never").string();
  struct Case {
    std::string args, message;
  } cases[] = {
      {"render --size 5" + out, "--size"},
      {"render --weight 3.5" + out, "--weight"},
      {"render --style sketch" + out, "--style sketch: the spec names outline, solid, duotone"},
      {"render --motion wobble" + out, "--motion wobble: the spec names light, strong"},
      {"render --theme sepia" + out, "--theme sepia: the spec names light, dark"},
      {"render --color red" + out, "\"red\" is not #RRGGBB or #RRGGBBAA"},
      {"render --frame 60" + out, "--frame 60 is past the last frame of outline-light (0-59, 983.3 ms)"},
      {"render --frame 1000ms" + out, "--frame 1000ms (frame 60) is past the last frame of outline-light (0-59, 983.3 ms)"},
      {"render --frame soon" + out, "frame soon is not a frame number from 0 or a time like 500ms"},
      {"sheet --frame 200 -o " + (dir / "never" / "s.png").string(), "--frame 200 is past the last frame of light (0-59, 983.3 ms)"},
      {"render --set motions.light.lead=0" + out, "/motions/light/lead: 0 is out of range [1, 600]"},
      {"render --set layout.nope=1" + out, "/layout/nope: --set names no existing field"},
      {"render --filmstrip --format svg" + out, "--filmstrip writes PNG only"},
      {"render --spec /nonexistent.json" + out, "/nonexistent.json"},
      {"render" , "--out is required"},
      {"bogus", "unknown command \"bogus\""},
      {"", "A subcommand is required"},
  };
  for (const Case& c : cases) {
    const auto r = run_cli(c.args, dir);
    INFO(c.args << "\nstderr: " << r.err);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains(c.message));
  }
  CHECK_FALSE(fs::exists(dir / "never"));
}

TEST_CASE("Exit codes: bad input 2, a failed operation 1, a bug 3 with an internal-error message", "[tools][cli]") {
  const auto code = [](auto thrown, std::string* said = nullptr) {
    std::ostringstream err;
    const int c = iconsynth::cli::report_failure(std::make_exception_ptr(thrown), err);
    if (said) *said = err.str();
    return c;
  };
  std::string said;
  CHECK(code(std::invalid_argument("--size 5"), &said) == 2);
  CHECK_THAT(said, Catch::Contains("--size 5") && !Catch::Contains("internal"));
  CHECK(code(iconsynth::spec::SpecError("/id", "bad")) == 2);
  CHECK(code(std::runtime_error("disk full")) == 1);
  CHECK(code(iconsynth::cli::IoError("cannot write")) == 1);
  // A keyframe out of order inside Track::add is a programming error, not bad user input.
  try {
    iconsynth::motion::Track<double>(1.0).add(5, 2.0).add(3, 1.0);
    FAIL("Track::add accepted a key out of order");
  } catch (...) {
    CHECK(iconsynth::cli::report_failure(std::current_exception(), *std::make_unique<std::ostringstream>()) == 3);
  }
  CHECK(code(std::logic_error("keyframe at frame 3 does not come after"), &said) == 3);
  CHECK_THAT(said, Catch::Contains("internal error: keyframe at frame 3") && Catch::Contains("not in your input"));
}

TEST_CASE("A bad spec file is reported with its path and field", "[tools][cli]") {
  const fs::path dir = scratch_dir("bad-spec");
  std::ofstream(dir / "broken.json") << "{\"id\": \"x\",";
  auto r = run_cli("info --spec " + (dir / "broken.json").string(), dir);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("invalid JSON") && Catch::Contains("broken.json"));
  std::ofstream(dir / "wrong.json") << "{\"id\": 7}";
  r = run_cli("info --spec " + (dir / "wrong.json").string(), dir);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("/id: expected a string, got a number"));
}

TEST_CASE("A failed write exits 1 and leaves no partial files", "[tools][cli]") {
  const fs::path dir = scratch_dir("io");
  std::ofstream(dir / "taken") << "a file, not a folder";
  const auto r = run_cli("render --frame 0 --out " + (dir / "taken").string(), dir);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.err, Catch::Contains("taken") && Catch::Contains("not a folder"));
  CHECK(read_file(dir / "taken") == "a file, not a folder");
}

TEST_CASE("info prints timings as text and as JSON", "[tools][cli]") {
  const fs::path dir = scratch_dir("info");
  auto r = run_cli("info", dir);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("light") && Catch::Contains("light: 60 frames, 1000 ms") &&
                        Catch::Contains("strong") && Catch::Contains("strong: 90 frames, 1500 ms") &&
                        Catch::Contains("frame 30    land:             tr br bl tl    motions.light.timeline.exchange.travel.frames"));
  // Durations of a fractional length are rounded to a tenth of a millisecond.
  r = run_cli("info --set motions.strong.tail=8", dir);
  CHECK_THAT(r.out, Catch::Contains("strong: 94 frames, 1566.7 ms"));
  r = run_cli("info --json --set frame_rate=30", dir);
  REQUIRE(r.exit_code == 0);
  // A new frame rate keeps timings written in frames as frames, and says what that does.
  CHECK_THAT(r.err, Catch::Contains("note: frame_rate 60 → 30: the 16 timings written in frames keep their frames, so they last 2× as long "
                                    "(light 1000 ms → 2000 ms, strong 1500 ms → 3000 ms)"));
  const auto info = nlohmann::json::parse(r.out);
  CHECK(info["frame_rate"] == 30);
  CHECK(info["motions"]["light"]["frames"] == 60);  // same frames, now 2 s
  CHECK(info["motions"]["light"]["duration_ms"] == 2000);
  CHECK(info["weights"]["presets"] == nlohmann::json::array({1.5, 2, 2.5}));
}

TEST_CASE("build regenerates the asset set, identically each time, without temp files", "[tools][cli]") {
  const fs::path dir = scratch_dir("build");
  const auto a = run_cli("build --size 24 --out " + (dir / "a").string(), dir);
  REQUIRE(a.exit_code == 0);
  CHECK_THAT(a.out, Catch::Contains("[504/504]") && Catch::Contains("built 504 files and manifest.json"));
  REQUIRE(run_cli("build --size 24 --out " + (dir / "b").string(), dir).exit_code == 0);
  // 18 variants x (filmstrip, Lottie, animated SVG), 9 rest poses as SVG and at 4 PNG sizes, bundle,
  // descriptor, the 12 files of web/ (its clock bundle among them), its 30 masters (10 sizes x 3
  // weights), their 180 raster masters (x 3 styles x 2 motions) and as many of the rest pose alone,
  // index and manifest
  CHECK(count_files(dir / "a") == 18 * 3 + 9 * 5 + 12 + 30 + 2 * 180 + 4);
  CHECK(fs::exists(dir / "a" / "gpu-cluster.mjs"));  // the bundle's descriptor, beside it
  for (const auto& e : fs::recursive_directory_iterator(dir / "a")) {
    if (!e.is_regular_file()) continue;
    const fs::path rel = fs::relative(e.path(), dir / "a");
    INFO(rel);
    CHECK(rel.filename().string()[0] != '.');
    CHECK(read_file(e.path()) == read_file(dir / "b" / rel));
  }
  CHECK(fs::exists(dir / "a" / "filmstrips" / "solid-strong-w2.5.png"));
  CHECK(fs::exists(dir / "a" / "svg" / "duotone-w1.5.svg"));
  CHECK(fs::exists(dir / "a" / "png" / "16" / "duotone-w1.5.png"));
  CHECK(fs::exists(dir / "a" / "animated-svg" / "duotone-strong-w1.5.svg"));
  CHECK(fs::exists(dir / "a" / "lottie" / "outline-strong-w2.json"));
  CHECK(read_file(dir / "a" / "gpu-cluster.lottie").rfind("PK", 0) == 0);
}

TEST_CASE("export writes one variant as Lottie JSON and the bundle as .lottie", "[tools][cli]") {
  const fs::path dir = scratch_dir("export");
  auto r = run_cli("export --style solid --motion strong --weight 2.5 --size 48 -o " + (dir / "a.json").string(), dir);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("solid-strong, weight 2.5, 90 frames"));
  const auto lottie = nlohmann::json::parse(read_file(dir / "a.json"));
  CHECK(lottie["w"] == 48);
  CHECK(lottie["nm"] == "gpu-cluster solid-strong");
  CHECK(lottie["slots"]["weight"]["p"]["k"] == Approx(0.3));  // weight 2.5 is 0.3 s into the weight timeline

  REQUIRE(run_cli("export --format dotlottie -o " + (dir / "b.lottie").string(), dir).exit_code == 0);
  REQUIRE(run_cli("export --format dotlottie -o " + (dir / "c.lottie").string(), dir).exit_code == 0);
  CHECK(read_file(dir / "b.lottie") == read_file(dir / "c.lottie"));
  CHECK(read_file(dir / "b.lottie").rfind("PK\x03\x04", 0) == 0);
}

TEST_CASE("export --format svg writes one variant as an animated SVG, minified or --pretty", "[tools][cli]") {
  const fs::path dir = scratch_dir("export-svg");
  auto r = run_cli("export --format svg --style duotone --motion strong --size 48 -o " + (dir / "a.svg").string(), dir);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("duotone-strong, weight 2, 90 frames"));
  const std::string svg = read_file(dir / "a.svg");
  CHECK(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0);
  CHECK_THAT(svg, Catch::Contains("width=\"48\"") && Catch::Contains("@keyframes") && Catch::Contains("--iconsynth-weight"));
  CHECK(svg.find('\n') == std::string::npos);  // minified
  REQUIRE(run_cli("export --format svg --pretty --style duotone --motion strong --size 48 -o " + (dir / "b.svg").string(), dir).exit_code == 0);
  CHECK(read_file(dir / "b.svg").size() > svg.size());
  REQUIRE(run_cli("export --format svg --reduced-motion -o " + (dir / "c.svg").string(), dir).exit_code == 0);
  CHECK(read_file(dir / "c.svg").find("@keyframes") == std::string::npos);
}

TEST_CASE("export refuses options that do not fit the format", "[tools][cli]") {
  const fs::path dir = scratch_dir("export-usage");
  auto r = run_cli("export --format dotlottie --style solid -o " + (dir / "x.lottie").string(), dir);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("--style applies to --format lottie and svg only"));
  r = run_cli("export --pretty -o " + (dir / "x.json").string(), dir);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("--pretty applies to --format svg only"));
  r = run_cli("export --format gif -o " + (dir / "x.gif").string(), dir);
  CHECK(r.exit_code == 2);
  r = run_cli("export", dir);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("--output is required"));
  CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 2);  // stdout.txt, stderr.txt
}

TEST_CASE("export --format web replaces its folder whole: a re-export in place, strangers refused unless --force", "[tools][cli][web]") {
  const fs::path dir = scratch_dir("export-web-folder");
  const fs::path pkg = dir / "pkg";
  const std::string ring = std::string(ICONSYNTH_SOURCE_DIR) + "/spec/examples/ring-6.json";
  // The folder's rules hold whatever the spec: hinted only up to 16 px, a package has raster
  // masters of one size instead of ten, which are most of an export's time.
  const std::string few_masters = " --set hinting.up_to=16";
  const auto listing = [&] {
    std::set<std::string> names;
    for (const auto& e : fs::directory_iterator(pkg)) names.insert(e.path().filename().string());
    return names;
  };
  REQUIRE(run_cli("export --format web" + few_masters + " -o " + pkg.string(), dir).exit_code == 0);
  const std::set<std::string> gpu = listing();
  CHECK(gpu.contains("gpu-cluster.lottie"));
  // The same package again: its own files, replaced in place.
  REQUIRE(run_cli("export --format web --theme light" + few_masters + " -o " + pkg.string(), dir).exit_code == 0);
  CHECK(listing() == gpu);

  // Another spec's package, or a file of someone's, is not export's to drop: refused, untouched.
  std::ofstream(pkg / "mine.txt") << "mine";
  auto r = run_cli("export --format web --spec " + ring + " -o " + pkg.string(), dir);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("-o " + pkg.string() + " holds") && Catch::Contains("pass --force"));
  std::set<std::string> with_mine = gpu;
  with_mine.insert("mine.txt");
  CHECK(listing() == with_mine);
  r = run_cli("export --format web -o " + pkg.string(), dir);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("holds mine.txt, which export does not write"));

  // --force: the new package alone, nothing stale beside it, no staging folder left.
  r = run_cli("export --format web --force --spec " + ring + few_masters + " -o " + pkg.string(), dir);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const std::set<std::string> after = listing();
  CHECK_FALSE(after.contains("mine.txt"));
  for (const char* name : {"gpu-cluster.lottie", "gpu-cluster.mjs", "gpu-cluster.d.mts"}) CHECK_FALSE(after.contains(name));
  CHECK(after.contains("gpu-cluster-6.lottie"));
  CHECK(after.size() == gpu.size());
  CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 3);  // pkg, stdout.txt, stderr.txt
  r = run_cli("export --force -o " + (dir / "x.json").string(), dir);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("--force applies to --format web only"));
}

TEST_CASE("plot writes a PNG or SVG chart, spec --print the effective spec", "[tools][cli]") {
  const fs::path dir = scratch_dir("plot");
  auto r = run_cli("plot --motion strong -o " + (dir / "strong.png").string(), dir);
  REQUIRE(r.exit_code == 0);
  CHECK(is_png(read_file(dir / "strong.png")));
  r = run_cli("plot -o " + (dir / "light.svg").string(), dir);
  REQUIRE(r.exit_code == 0);
  CHECK(read_file(dir / "light.svg").find("<svg") != std::string::npos);
  r = run_cli("plot -o " + (dir / "light.gif").string(), dir);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("-o " + (dir / "light.gif").string() + " names an animated GIF (.gif), which this command does not write"));

  r = run_cli("spec --print --set motions.light.timeline.exchange.swell.scale=1.2", dir);
  REQUIRE(r.exit_code == 0);
  CHECK(nlohmann::json::parse(r.out)["motions"]["light"]["timeline"]["exchange"]["swell"]["scale"] == 1.2);
  // Every tunable value with its --set path: the line a person copies to make round 2 land later.
  r = run_cli("spec --paths", dir);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("strong · round 2 · travel frames: motions.strong.timeline.sequence.2.exchange.travel.frames = 20 frames\n"));
  r = run_cli("info --paths --json --set motions.strong.timeline.sequence.2.exchange.travel.frames=24", dir);
  REQUIRE(r.exit_code == 0);
  bool found = false;
  for (const auto& p : nlohmann::json::parse(r.out)) {
    if (p["path"] == "motions.strong.timeline.sequence.2.exchange.travel.frames") found = p["value"] == 24 && p["unit"] == "frames";
  }
  CHECK(found);
  r = run_cli("spec --set motions.light.timeline.exchange.swell.scale=9", dir);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("/motions/light/timeline/exchange/swell/scale: 9 is out of range"));
}

TEST_CASE("A value drawn as another is said on stderr by every command that draws, and marked by spec --paths --json", "[tools][cli]") {
  const fs::path dir = scratch_dir("drawn-values");
  const std::string warning = "iconsynth: warning: layout.die.size 1.75 is drawn as 2 (on the keylines)\n";
  const fs::path lottie_web = iconsynth::test::fake_lottie_web(dir);
  for (const std::string& command : {"render --frame 0 --size 24 --out " + (dir / "r").string(), "export -o " + (dir / "x.json").string(),
                                     "build --size 16 --out " + (dir / "b").string(), std::string("spec"),
                                     "preview --size 16 --out " + (dir / "p").string() + " --lottie-web " + lottie_web.string()}) {
    INFO(command);
    const auto r = run_cli(command + " --set layout.die.size=1.75", dir);
    CHECK_THAT(r.err, Catch::Contains(warning));
  }
  // Not an error: the command does its work.
  CHECK(fs::exists(dir / "r" / "frame_0000.png"));
  CHECK(run_cli("spec --set layout.die.size=1.75", dir).exit_code == 0);
  // The built-in spec draws every value as it writes it: no warning.
  CHECK(run_cli("spec", dir).err.empty());
  const auto r = run_cli("spec --paths --json --set layout.die.size=1.75", dir);
  REQUIRE(r.exit_code == 0);
  std::map<std::string, nlohmann::json> by_path;
  for (const auto& p : nlohmann::json::parse(r.out)) by_path[p["path"].get<std::string>()] = p;
  CHECK(by_path.at("layout.module.size")["keylines"] == true);
  CHECK(by_path.at("layout.padding")["keylines"] == true);
  CHECK(by_path.at("layout.link.gap")["keylines"] == false);
  CHECK(by_path.at("layout.die.size")["drawn"] == nlohmann::json{{"value", 2.0}, {"why", "on the keylines"}});
  CHECK_FALSE(by_path.at("layout.module.size").contains("drawn"));
}

TEST_CASE("render --format webp|gif writes one animated preview", "[tools][cli]") {
  const fs::path dir = scratch_dir("previews");
  auto r = run_cli("render --format webp --size 32 --out " + (dir / "w").string(), dir);
  REQUIRE(r.exit_code == 0);
  CHECK(read_file(dir / "w" / "animation.webp").substr(8, 4) == "WEBP");
  r = run_cli("render --format gif --background '#0B0F19' --size 32 --out " + (dir / "g").string(), dir);
  REQUIRE(r.exit_code == 0);
  CHECK(read_file(dir / "g" / "animation.gif").rfind("GIF89a", 0) == 0);
  r = run_cli("render --format gif --frame 3 --out " + (dir / "x").string(), dir);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("writes every frame"));
  r = run_cli("render --background '#000000' --out " + (dir / "x").string(), dir);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("--background applies to --format webp or gif"));
  CHECK_FALSE(fs::exists(dir / "x"));
}

TEST_CASE("sheet lays out every style x motion x weight, or one variant's frames", "[tools][cli]") {
  const fs::path dir = scratch_dir("sheet");
  auto be32 = [](const std::string& png, std::size_t at) {
    return (std::uint8_t(png[at]) << 24) | (std::uint8_t(png[at + 1]) << 16) | (std::uint8_t(png[at + 2]) << 8) |
           std::uint8_t(png[at + 3]);
  };
  REQUIRE(run_cli("sheet --frame 38 --size 64 -o " + (dir / "all.png").string(), dir).exit_code == 0);
  const std::string all = read_file(dir / "all.png");
  REQUIRE(is_png(all));
  // 3 columns (weights) x 6 rows (style x motion): cells 64+18+12 px tall; the sheet is at
  // least 520 px wide for its title.
  CHECK(be32(all, 16) == std::max(520, 12 + 3 * 140));
  CHECK(be32(all, 20) == 30 + 12 + 6 * 94);
  REQUIRE(run_cli("sheet --frames --motion strong --size 32 -o " + (dir / "frames.png").string(), dir).exit_code == 0);
  const std::string frames = read_file(dir / "frames.png");
  CHECK(be32(frames, 20) == 30 + 12 + 9 * (32 + 18 + 12));  // 90 frames, 10 a row: 9 rows
  const auto r = run_cli("sheet --style solid -o " + (dir / "x.png").string(), dir);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("--style picks one variant: use it with --frames"));
}

TEST_CASE("preview writes a page that opens from disk, byte-identical across runs", "[tools][cli][preview]") {
  const fs::path dir = scratch_dir("preview");
  const fs::path lottie_web = iconsynth::test::fake_lottie_web(dir);
  std::vector<std::string> listings;
  for (const char* name : {"a", "b"}) {
    const auto r = run_cli("preview --size 24 --theme light --lottie-web " + lottie_web.string() + " --out " + (dir / name).string(), dir);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK_THAT(r.out, Catch::Contains("wrote " + (dir / name / "index.html").string()) && Catch::Contains("lottie-web 9.9.9"));
    std::string listing;
    for (const auto& e : fs::recursive_directory_iterator(dir / name)) {
      if (e.is_regular_file()) listing += fs::relative(e.path(), dir / name).string() + " " + read_file(e.path()) + "\n";
    }
    listings.push_back(listing);
  }
  CHECK(listings[0] == listings[1]);
  CHECK_THAT(listings[0], Catch::Contains("\"cairo\":{\"theme\":\"light\""));
  CHECK(count_files(dir / "a" / "frames") == 12);  // a filmstrip per style x motion x theme
}

TEST_CASE("info --json lists each motion's markers, the same the exports carry", "[tools][cli]") {
  const fs::path dir = scratch_dir("info-markers");
  const auto r = run_cli("info --json", dir);
  REQUIRE(r.exit_code == 0);
  const auto info = nlohmann::json::parse(r.out);
  CHECK(info["meta"]["title"] == "GPU cluster");
  CHECK(info["meta"]["license"] == "MIT");
  CHECK(info["interaction"] == nlohmann::json({{"hover", "light"}, {"click", "strong"}}));
  for (const char* motion : {"light", "strong"}) {
    INFO(motion);
    REQUIRE(run_cli(std::string("export --motion ") + motion + " -o " + (dir / "a.json").string(), dir).exit_code == 0);
    const auto exported = nlohmann::json::parse(read_file(dir / "a.json"));
    const auto& listed = info["motions"][motion]["markers"];
    REQUIRE(listed.size() == exported["markers"].size());
    for (std::size_t i = 0; i < listed.size(); ++i) {
      CHECK(listed[i]["name"] == exported["markers"][i]["cm"]);
      CHECK(listed[i]["start"] == exported["markers"][i]["tm"]);
      CHECK(listed[i]["duration"] == exported["markers"][i]["dr"]);
    }
    // each round's marker spans its events: first departure to last module settled
    for (const auto& m : listed) {
      const std::string name = m["name"];
      if (name.rfind("round ", 0) != 0) continue;
      const int round = std::stoi(name.substr(6));
      double depart = 1e9, settled = -1;
      for (const auto& e : info["motions"][motion]["events"]) {
        if (e["round"] != round) continue;
        if (e["kind"] == "depart") depart = std::min(depart, e["frame"].get<double>());
        if (e["kind"] == "settled") settled = std::max(settled, e["frame"].get<double>());
      }
      CHECK(m["start"] == depart);
      CHECK(m["start"].get<double>() + m["duration"].get<double>() == settled);
    }
  }
}
