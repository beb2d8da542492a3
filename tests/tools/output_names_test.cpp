// Every output is what its name says: every command that writes a file, with every extension of
// the format table (and a few that name nothing), either writes that format under that name or
// exits 2 having written nothing.
#include "cli_support.h"
#include "preview_support.h"

#include "render/build/output_format.h"

#include <catch2/catch.hpp>

#include <functional>

namespace fs = std::filesystem;
using iconsynth::test::read_file;
using iconsynth::test::run_cli;
using iconsynth::test::scratch_dir;
namespace build = iconsynth::render::build;

namespace {

// The format a file's first bytes say it is, by the formats' own signatures ("" for none).
std::string sniff(const std::string& bytes) {
  const auto starts = [&](std::string_view prefix) { return bytes.rfind(prefix, 0) == 0; };
  if (starts("\x89PNG\r\n\x1a\n")) return "png";
  if (starts("%PDF-")) return "pdf";
  if (starts("GIF89a")) return "gif";
  if (starts("RIFF") && bytes.substr(8, 4) == "WEBP") return "webp";
  if (starts("PK\x03\x04") && bytes.find("manifest.json") != std::string::npos) return "dotlottie";
  if (starts("<svg ") || (starts("<?xml") && bytes.find("<svg ") != std::string::npos)) return "svg";
  if (starts("{\"v\":") && bytes.find("\"layers\":") != std::string::npos) return "lottie";
  if (bytes.find("export default") != std::string::npos) return "descriptor";
  if (starts("<?xml") && bytes.find("<testsuite") != std::string::npos) return "xml";
  if (starts("{") && bytes.find("\"motions\"") != std::string::npos) return "json";  // a spec
  return "";
}

std::vector<std::string> extensions() {
  std::vector<std::string> out;
  for (const build::OutputFormat& f : build::output_formats()) {
    // Each extension once: rows inside the web package share theirs with the rows that name them.
    if (!f.folder() && std::find(out.begin(), out.end(), f.extension) == out.end()) out.emplace_back(f.extension);
  }
  out.insert(out.end(), {".PNG", ".txt", ""});
  return out;
}

// The format `extension` names (any case), "" for none; a command writing one of `preferred` (a
// spec is "json") reads its extension as that.
std::string named_by(std::string extension, const std::vector<std::string>& preferred = {}) {
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const std::string& p : preferred) {
    if (extension.ends_with(build::format_named(p).extension)) return p;
  }
  for (const build::OutputFormat& f : build::output_formats()) {
    if (!f.folder() && extension.ends_with(f.extension)) return std::string(f.name);
  }
  return "";
}

// Targets for fit and check, outside the folders the table counts files in: a folder of PNG frames
// (played by Cairo, no player needed) of the built-in spec's default look.
const fs::path& frames_target() {
  static const fs::path dir = [] {
    const fs::path work = scratch_dir("names-target");
    REQUIRE(run_cli("render --size 24 --out " + (work / "frames").string(), work).exit_code == 0);
    return work / "frames";
  }();
  return dir;
}

std::size_t files_in(const fs::path& dir) {
  std::size_t n = 0;
  for (const auto& e : fs::recursive_directory_iterator(dir)) n += e.is_regular_file();
  return n - 2;  // stdout.txt and stderr.txt
}

}  // namespace

TEST_CASE("Commands that write a file write the format its name says, or exit 2 writing nothing", "[tools][cli][formats]") {
  // A command line writing to FILE, and the formats it writes (its --format, if any, given).
  struct Command {
    std::string args;    // {} stands for the output file
    std::vector<std::string> writes;
  };
  std::vector<Command> commands{{"export -o {}", {"lottie", "svg", "dotlottie", "descriptor"}},
                                {"sheet --size 16 -o {}", {"png"}},
                                {"plot --width 480 --height 320 -o {}", {"png", "svg"}}};
  for (const char* format : {"lottie", "svg", "dotlottie", "descriptor"}) commands.push_back({std::string("export --format ") + format + " -o {}", {format}});
  // Writers beside their main output: fit's spec, check's and golden check's JUnit results.
  const std::string target = frames_target().string();
  commands.push_back({"fit " + target + " --coarse-size 24 --size 24 --max-evaluations 1 -o {}", {"json"}});
  commands.push_back({"check " + target + " --junit {}", {"xml"}});
  int written = 0, refused = 0;
  for (const Command& c : commands) {
    for (const std::string& extension : extensions()) {
      const fs::path dir = scratch_dir("names");
      const fs::path file = dir / ("icon" + extension);
      std::string args = c.args;
      args.replace(args.find("{}"), 2, file.string());
      const auto r = run_cli(args, dir);
      const std::string named = named_by(extension, c.writes);
      const bool writable = std::find(c.writes.begin(), c.writes.end(), named) != c.writes.end();
      INFO(args << "\nstderr: " << r.err);
      if (writable) {
        if (c.args.rfind("fit ", 0) == 0) {
          CHECK(r.exit_code != 2);  // a fit stopped short may not match (exit 1), but it writes its spec
        } else {
          CHECK(r.exit_code == 0);
        }
        CHECK(sniff(read_file(file)) == named);
        CHECK(files_in(dir) == 1);
        ++written;
      } else {
        CHECK(r.exit_code == 2);
        CHECK_THAT(r.err, Catch::Contains(file.string()));
        CHECK(files_in(dir) == 0);
        ++refused;
      }
    }
  }
  CHECK(written == 4 + 1 + 2 + 4 + 1 + 1 + 1 + 1);  // .PNG counts as .png
  CHECK(refused == static_cast<int>(commands.size() * extensions().size()) - written);
}

TEST_CASE("render names its files by the format table, and folders named like files are refused", "[tools][cli][formats]") {
  for (const char* format : {"png", "svg", "pdf", "webp", "gif"}) {
    const fs::path dir = scratch_dir("render-names");
    const bool animated = std::string(format) == "webp" || std::string(format) == "gif";
    const auto r = run_cli(std::string("render --size 16 --format ") + format + (animated ? "" : " --frame 3") + " --out " + (dir / "out").string(), dir);
    INFO(format << ": " << r.err);
    REQUIRE(r.exit_code == 0);
    const std::string extension(build::format_named(format).extension);
    const fs::path file = dir / "out" / ((animated ? "animation" : "frame_0003") + extension);
    CHECK(sniff(read_file(file)) == format);
    CHECK(files_in(dir) == 1);
  }
  // A folder named like a file would hold files its name does not describe.
  const fs::path dir = scratch_dir("folder-names");
  const std::string lottie_web = iconsynth::test::fake_lottie_web(dir / "npm").string();
  for (const std::string& extension : extensions()) {
    // build hinted only up to 16 px: one size of raster masters, not ten (most of a build's time).
    for (const std::string& command : std::vector<std::string>{"render --frame 0", "build --size 16 --set hinting.up_to=16",
                                                               "preview --size 16 --lottie-web " + lottie_web}) {
      const std::string folder = (dir / (command.substr(0, command.find(' ')) + extension)).string();
      const std::string args = command + " --out " + folder;
      const auto r = run_cli(args, dir);
      INFO(args << "\nstderr: " << r.err);
      if (named_by(extension).empty()) {
        CHECK(r.exit_code == 0);
      } else {
        CHECK(r.exit_code == 2);
        CHECK_THAT(r.err, Catch::Contains("--out " + folder + " is named like"));
        CHECK_FALSE(fs::exists(folder));
      }
    }
  }
}

TEST_CASE("Report and golden folders named like files are refused before anything is written", "[tools][cli][formats]") {
  const fs::path dir = scratch_dir("report-names");
  const std::string target = frames_target().string(), spec_out = (dir / "fitted.json").string();
  const std::vector<std::pair<std::string, std::string>> commands{
      {"fit " + target + " --max-evaluations 1 -o " + spec_out + " --report {}", "--report"},
      {"check " + target + " --report {}", "--report"},
      {"golden update --size 16 --dir {}", "--dir"},
      {"golden check --dir " + dir.string() + " --report {}", "--report"},
      {"golden review --dir " + dir.string() + " --report {}", "--report"}};
  int refused = 0, named = 0;
  for (const std::string& extension : extensions()) named += !named_by(extension).empty();
  for (const auto& [command, option] : commands) {
    for (const std::string& extension : extensions()) {
      if (named_by(extension).empty()) continue;  // a plain folder name: the command's own tests write there
      const std::string folder = (dir / ("out" + extension)).string();
      std::string args = command;
      args.replace(args.find("{}"), 2, folder);
      const auto r = run_cli(args, dir);
      INFO(args << "\nstderr: " << r.err);
      CHECK(r.exit_code == 2);
      CHECK_THAT(r.err, Catch::Contains(option + " " + folder + " is named like"));
      CHECK_FALSE(fs::exists(folder));
      CHECK_FALSE(fs::exists(spec_out));
      ++refused;
    }
  }
  CHECK(refused == 5 * named);
  CHECK(named >= 10);
}

TEST_CASE("Refusals list the formats a command writes, a folder by name", "[tools][cli][formats]") {
  const fs::path dir = scratch_dir("format-list");
  const auto r = run_cli("export -o " + (dir / "icon.png").string(), dir);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains(".mjs (descriptor), a folder (web)"));
  CHECK_THAT(r.err, !Catch::Contains(",  ("));
}
