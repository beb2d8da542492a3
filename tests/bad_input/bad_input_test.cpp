// Every kind of untrusted input, table-driven, through the real CLI: spec files, --set
// overrides, option values, golden sets and assets. Each case must exit with its code (2 for bad
// input, 1 for a failed write), say what was wrong, and write nothing.
#include "../tools/cli_support.h"
#include "../render/support.h"
#include "../tools/preview_support.h"

#include "render/lottie/dotlottie_writer.h"
#include "render/lottie/zip_writer.h"
#include "spec/loader.h"

#include <catch2/catch.hpp>

#include <sys/mount.h>

namespace fs = std::filesystem;
using iconsynth::test::run_cli;

namespace {

struct Case {
  std::string name;
  std::string args;     // "{in}" is the fixture folder, "{out}" the output folder
  int exit_code;
  std::string message;  // must appear on stderr
};

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

void write(const fs::path& path, const std::string& bytes) { std::ofstream(path, std::ios::binary) << bytes; }

// The fixtures: every bad file the cases point at, made here.
void make_fixtures(const fs::path& in) {
  using iconsynth::render::lottie::write_zip;
  const std::string animation =
      R"({"v":"5.7.0","fr":60,"ip":0,"op":60,"w":24,"h":24,"layers":[{"ty":4,"nm":"x","ip":0,"op":60,"st":0,"ks":{},"shapes":[]}]})";
  write(in / "empty.json", "");
  iconsynth::test::fake_lottie_web(in);
  iconsynth::test::fake_lottie_web(in / "impostor", R"({"name": "lottie-webb", "version": "1.0.0"})");
  write(in / "garbage.bin", std::string("\x7f" "ELF\x02\x01\x01\x00\xff\xfe", 10));
  write(in / "truncated.json", std::string(iconsynth::spec::builtin_spec_text()).substr(0, 300));
  write(in / "nan.json", iconsynth::test::builtin_spec_with("\"frame_rate\": 60", "\"frame_rate\": NaN"));
  write(in / "infinity.json", iconsynth::test::builtin_spec_with("\"frame_rate\": 60", "\"frame_rate\": Infinity"));
  write(in / "overflow.json", iconsynth::test::builtin_spec_with("\"frame_rate\": 60", "\"frame_rate\": 1e400"));
  write(in / "negative.json", iconsynth::test::builtin_spec_with("\"frame_rate\": 60", "\"frame_rate\": -60"));
  write(in / "huge.json", iconsynth::test::builtin_spec_with("\"size\": 8", "\"size\": 1e300"));
  write(in / "wrong-type.json", iconsynth::test::builtin_spec_with("\"padding\": 1,", "\"padding\": \"1\","));
  write(in / "unknown-key.json", iconsynth::test::builtin_spec_with("\"frame_rate\": 60", "\"frame_rate\": 60, \"framerate\": 60"));
  write(in / "unknown-enum.json", iconsynth::test::builtin_spec_with("\"card_fill\": \"none\"", "\"card_fill\": \"transparent\""));
  write(in / "deep.json", std::string(3000, '[') + std::string(3000, ']'));
  write(in / "array.json", "[]");
  write(in / "bad-color.json", iconsynth::test::builtin_spec_with("\"#FFFFFF\"", "\"white\""));
  write(in / "overlap.json", iconsynth::test::builtin_spec_with("\"size\": 8", "\"size\": 12"));
  write(in / "not-a-manifest", "{}");
  fs::create_directories(in / "corrupt-golden");
  write(in / "corrupt-golden" / "golden.json", "{\"format\": 1,");
  const std::string bundle = iconsynth::render::lottie::write_dotlottie(
      iconsynth::spec::load_spec_text(iconsynth::spec::builtin_spec_text()), {});
  write(in / "truncated.lottie", bundle.substr(0, bundle.size() / 3));
  write(in / "empty.lottie", "");
  write(in / "escape.lottie", write_zip({{"manifest.json", R"({"version":"2","animations":[{"id":"x"}]})"},
                                         {"a/../../x.json", animation}}));
  write(in / "bomb.lottie", write_zip({{"manifest.json", R"({"version":"2","animations":[{"id":"x"}]})"},
                                       {"a/x.json", std::string(3u << 20, ' ')}}));
  write(in / "missing.lottie", write_zip({{"manifest.json", R"({"version":"2","animations":[{"id":"gone"}]})"}}));
  write(in / "canvas.json", replace_all(animation, "\"w\":24", "\"w\":1e7"));
  write(in / "frames.json", replace_all(animation, "\"op\":60,\"w\"", "\"op\":1e9,\"w\""));
  write(in / "nan-frames.json", replace_all(animation, "\"fr\":60", "\"fr\":-1"));
  write(in / "deep.lottie.json", std::string(100, '{') );
}

}  // namespace

TEST_CASE("Bad input of every kind exits with its code, names the problem and writes nothing", "[bad_input]") {
  const fs::path work = iconsynth::test::scratch_dir("bad-input");
  const fs::path in = work / "in";
  fs::create_directories(in);
  make_fixtures(in);
  const std::vector<Case> cases{
      // Spec files.
      {"empty spec", "render --spec {in}/empty.json --out {out}", 2, "invalid JSON"},
      {"binary spec", "render --spec {in}/garbage.bin --out {out}", 2, "invalid JSON"},
      {"truncated spec", "render --spec {in}/truncated.json --out {out}", 2, "invalid JSON"},
      {"NaN", "render --spec {in}/nan.json --out {out}", 2, "invalid JSON"},
      {"Infinity", "render --spec {in}/infinity.json --out {out}", 2, "invalid JSON"},
      {"number overflow", "render --spec {in}/overflow.json --out {out}", 2, "the number 1e400 is too large"},
      {"negative number", "render --spec {in}/negative.json --out {out}", 2, "/frame_rate: -60 is out of range [1, 240]"},
      {"huge number", "render --spec {in}/huge.json --out {out}", 2, "/layout/module/size: 1e+300 is out of range"},
      {"wrong type", "render --spec {in}/wrong-type.json --out {out}", 2, "/layout/padding: expected a number"},
      {"unknown key", "render --spec {in}/unknown-key.json --out {out}", 2, "/framerate: unknown field"},
      {"unknown enum", "render --spec {in}/unknown-enum.json --out {out}", 2, "unknown value \"transparent\""},
      {"deep spec", "render --spec {in}/deep.json --out {out}", 2, "nests deeper than 32"},
      {"array spec", "render --spec {in}/array.json --out {out}", 2, "expected an object, got an array"},
      {"bad colour in spec", "render --spec {in}/bad-color.json --out {out}", 2, "\"white\" is not a colour"},
      {"modules overlap", "render --spec {in}/overlap.json --out {out}", 2, "overlap on a 24-unit grid"},
      {"missing spec", "render --spec {in}/nope.json --out {out}", 2, "nope.json"},
      // --set overrides.
      {"set without =", "render --set frame_rate --out {out}", 2, "expects path.to.key=value"},
      {"set unknown path", "render --set layout.depth=3 --out {out}", 2, "/layout/depth: --set names no existing field"},
      {"set index out of range", "render --set stroke.presets.7=2 --out {out}", 2, "not an index of the 3-entry array"},
      {"set NaN", "render --set frame_rate=NaN --out {out}", 2, "/frame_rate: expected a number in [1, 240], got a string"},
      {"set overflow", "render --set frame_rate=1e999 --out {out}", 2, "/frame_rate: expected a number"},
      {"set negative", "render --set motions.light.lead=-5 --out {out}", 2, "/motions/light/lead: -5 is out of range"},
      {"set bad duration", "render --set motions.light.lead=fastms --out {out}", 2, "a duration like \"200ms\""},
      {"set through a number", "render --set frame_rate.x=1 --out {out}", 2, "is a number, which has no fields"},
      // Option values.
      {"size zero", "render --size 0 --out {out}", 2, "--size"},
      {"size huge", "render --size 99999 --out {out}", 2, "--size"},
      {"size text", "render --size big --out {out}", 2, "--size"},
      {"weight low", "render --weight 0.5 --out {out}", 2, "--weight"},
      {"weight NaN", "render --weight nan --out {out}", 2, "weight nan is outside [1, 3]"},
      {"weight infinite", "render --weight inf --out {out}", 2, "--weight"},
      {"colour digits", "render --color '#GGGGGG' --out {out}", 2, "\"#GGGGGG\" is not #RRGGBB or #RRGGBBAA"},
      {"colour name", "render --color red --out {out}", 2, "\"red\" is not #RRGGBB"},
      {"colour short", "render --color '#FFF' --out {out}", 2, "\"#FFF\" is not #RRGGBB"},
      {"unknown style", "render --style sketch --out {out}", 2, "sketch"},
      {"unknown motion", "render --motion fast --out {out}", 2, "fast"},
      {"unknown theme", "render --theme sepia --out {out}", 2, "sepia"},
      {"negative frame", "render --frame -1 --out {out}", 2, "frame -1 is not a frame number from 0"},
      {"frame past the end", "render --frame 1000000 --out {out}", 2, "past the last frame"},
      {"unknown format", "render --format tiff --out {out}", 2, "tiff"},
      {"zero columns", "render --filmstrip --columns 0 --out {out}", 2, "--columns"},
      {"export bundle with style", "export --format dotlottie --style solid -o {out}/x.lottie", 2, "--style applies to --format lottie and svg only"},
      {"unknown command", "paint --out {out}", 2, "unknown command \"paint\""},
      // Golden sets.
      {"no golden set", "golden check --dir {in}/nowhere --report {out}", 2, "no golden set"},
      {"corrupt golden set", "golden check --dir {in}/corrupt-golden --report {out}", 2, "golden.json is not valid JSON"},
      // Assets for check.
      {"empty asset", "check {in}/empty.lottie --report {out}", 2, "file is empty"},
      {"binary asset", "check {in}/garbage.bin --report {out}", 2, "invalid JSON"},
      {"truncated bundle", "check {in}/truncated.lottie --report {out}", 2, "not a valid zip archive"},
      {"entry escaping", "check {in}/escape.lottie --report {out}", 2, "points outside the archive"},
      {"zip bomb", "check {in}/bomb.lottie --max-inflated 1 --report {out}", 2, "inflates to more than 1048576 bytes"},
      {"missing entry", "check {in}/missing.lottie --report {out}", 2, "a/gone.json is not in the bundle"},
      {"absurd canvas", "check {in}/canvas.json --report {out}", 2, "canvas 1e+07x24 is outside 1-16384 px"},
      {"absurd frames", "check {in}/frames.json --report {out}", 2, "frames long"},
      {"bad frame rate", "check {in}/nan-frames.json --report {out}", 2, "frame rate -1"},
      {"unclosed JSON asset", "check {in}/deep.lottie.json --report {out}", 2, "invalid JSON"},
      {"missing asset", "check {in}/nope.lottie --report {out}", 2, "no such file"},
      // Preview pages.
      {"preview without lottie-web", "preview --lottie-web {in}/nowhere --out {out}", 1, "run tools/lottie-web.sh"},
      {"preview impostor package", "preview --lottie-web {in}/impostor/lottie-web --out {out}", 1, "does not name the package \"lottie-web\""},
      {"preview size huge", "preview --size 4096 --lottie-web {in}/lottie-web --out {out}", 2, "--size"},
      {"preview bad spec", "preview --spec {in}/nan.json --lottie-web {in}/lottie-web --out {out}", 2, "invalid JSON"},
      {"preview watch built-in", "preview --watch --lottie-web {in}/lottie-web --out {out}", 2, "--watch needs --spec FILE"},
      // Every other command once, so the sanitizer pass runs each one's wiring on bad input.
      {"info bad set", "info --set layout.depth=3 --json", 2, "/layout/depth: --set names no existing field"},
      {"build size zero", "build --size 0 --out {out}", 2, "--size: Value 0 not in range 8 to 4096"},
      {"build missing spec", "build --spec {in}/nope.json --out {out}", 2, "nope.json"},
      {"export unknown format", "export --format tiff -o {out}/x.json", 2, "tiff"},
      {"golden update bad set", "golden update --dir {out} --set frame_rate=NaN", 2, "/frame_rate: expected a number"},
      {"fit empty asset", "fit {in}/empty.lottie -o {out}/fitted.json", 2, "file is empty"},
      {"fit output not JSON", "fit {in}/empty.lottie -o {out}/fitted.svg", 2, "names an SVG document (.svg)"},
      {"fit budget zero", "fit {in}/empty.lottie --budget 0 -o {out}/fitted.json", 2, "--budget: Value 0 not in range"},
      {"plot unknown motion", "plot --motion fast -o {out}/plot.png", 2, "--motion fast: the spec names light, strong"},
      {"spec bad set", "spec --set frame_rate=NaN --print", 2, "/frame_rate: expected a number"},
      {"sheet negative frame", "sheet --frame -1 -o {out}/sheet.png", 2, "frame -1 is not a frame number"},
      {"completion unknown shell", "completion zsh", 2, "zsh not in {bash}"},
      // I/O: the output folder is a file.
      {"output is a file", "render --frame 0 --out {in}/not-a-manifest", 1, "exists and is not a folder"},
  };
  REQUIRE(cases.size() >= 40);
  for (const Case& c : cases) {
    const fs::path out = work / "out" / replace_all(c.name, " ", "-");
    const std::string args = replace_all(replace_all(c.args, "{in}", in.string()), "{out}", out.string());
    const auto r = run_cli(args, work);
    INFO(c.name << ": iconsynth " << args << "\nstderr: " << r.err);
    CHECK(r.exit_code == c.exit_code);
    CHECK_THAT(r.err, Catch::Contains(c.message));
    CHECK_FALSE(fs::exists(out));
  }
  CHECK(iconsynth::test::read_file(in / "not-a-manifest") == "{}");
}

TEST_CASE("A full disk mid-way exits 1 and leaves only whole files", "[bad_input][io]") {
  const fs::path work = iconsynth::test::scratch_dir("disk-full");
  const fs::path disk = work / "disk";
  fs::create_directories(disk);
  // A 64 KiB file system fills after a few 256 px frames. Mounting needs root, as in CI.
  if (::mount("tmpfs", disk.c_str(), "tmpfs", 0, "size=64k") != 0) {
    WARN("cannot mount a small tmpfs here (not root?): the disk-full case is not exercised");
    return;
  }
  const auto r = run_cli("render --size 256 --motion strong --out " + disk.string(), work);
  int whole = 0;
  bool temp_left = false;
  for (const auto& e : fs::directory_iterator(disk)) {
    temp_left |= e.path().filename().string()[0] == '.';
    whole += iconsynth::test::read_file(e.path()).rfind("\x89PNG", 0) == 0;  // a PNG from its first byte
  }
  const std::size_t files = static_cast<std::size_t>(std::distance(fs::directory_iterator(disk), fs::directory_iterator()));
  ::umount(disk.c_str());
  INFO(r.err);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.err, Catch::Contains("No space left on device"));
  CHECK_FALSE(temp_left);
  CHECK(whole == static_cast<int>(files));
  CHECK(files < 90);  // it really did stop part-way
}
