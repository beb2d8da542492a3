// The manual's examples are run as a reader would paste them, page by page, each page in a folder
// of its own and each block after the ones above it: a run block must exit as its marker says, an
// output block must show only lines the run block before it printed, and a file block is written
// where the run blocks after it read it (man_source.h lists the markers).
#include "man_source.h"

#include "../tools/cli_support.h"

#include <catch2/catch.hpp>

#include <regex>
#include <set>

namespace fs = std::filesystem;
using namespace iconsynth::test;

namespace {

struct Ran {
  int exit_code;
  std::string output;  // stdout and stderr as they came
};

// The `run:` lines of a CI file's steps ("- run: iconsynth golden check …"), one command each.
std::string steps_of(const std::string& text) {
  static const std::regex kRun(R"(^\s*(?:- )?run: (.+)$)");
  std::string commands;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_match(line, m, kRun)) commands += m[1].str() + "\n";
  }
  return commands;
}

Ran run_block(const std::string& mode, const std::string& text, const fs::path& work, const fs::path& runner) {
  std::ofstream(runner / "example.sh") << text;
  const std::string script = std::string(ICONSYNTH_SOURCE_DIR) + "/tests/docs/run_example.sh";
  const int status = std::system(("cd '" + work.string() + "' && PATH='" + (runner / "bin").string() + "':\"$PATH\" timeout 600 bash '" +
                                  script + "' " + mode + " '" + (runner / "example.sh").string() + "' '" +
                                  (runner / "output.txt").string() + "'")
                                     .c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_file(runner / "output.txt")};
}

// The first line shown that the output lacks, in order ("" when all are there): "…" alone stands
// for lines left out, "…" within a line for text left out.
std::string missing_line(const std::string& shown, const std::string& output) {
  std::vector<std::string> printed;
  std::istringstream out(output);
  for (std::string line; std::getline(out, line);) printed.push_back(line);
  std::size_t at = 0;
  std::istringstream in(shown);
  for (std::string line; std::getline(in, line);) {
    if (line == "…" || line.empty()) continue;
    std::string pattern;
    for (std::size_t i = 0; i < line.size();) {
      if (line.compare(i, 3, "…") == 0) {
        pattern += ".*";
        i += 3;
      } else {
        const char c = line[i++];
        if (std::string("\\^$.|?*+()[]{}").find(c) != std::string::npos) pattern += '\\';
        pattern += c;
      }
    }
    const std::regex expected(pattern);
    while (at < printed.size() && !std::regex_match(printed[at], expected)) ++at;
    if (at == printed.size()) return line;
    ++at;
  }
  return "";
}

void run_examples(const ManSource& source) {
  const std::string file = source.path.filename().string();
  INFO(source.problems.size() << " problems, the first: " << (source.problems.empty() ? "" : source.problems.front()));
  REQUIRE(source.problems.empty());
  const fs::path work = scratch_dir("docs-" + source.page + "." + std::to_string(source.section));
  const fs::path runner = scratch_dir("docs-" + source.page + "." + std::to_string(source.section) + "-runner");
  fs::create_directories(runner / "bin");
  fs::create_symlink(ICONSYNTH_CLI, runner / "bin" / "iconsynth");
  static const std::regex kExit(R"(run: exit (\d+))");
  Ran last{0, ""};
  int runs = 0;
  for (const CodeBlock& block : source.blocks) {
    INFO(file << ":" << block.line << " (" << block.marker << ")\n" << block.text);
    std::smatch m;
    if (block.marker.rfind("snippet: ", 0) == 0) {
      continue;  // run by the test its marker names
    } else if (block.marker == "set-up") {
      // CI runs the set-up scripts (.ci/run); here, each is a script there is.
      static const std::regex kScript(R"(^bash (tools/[a-z_-]+\.sh)$)");
      std::istringstream lines(block.text);
      for (std::string line; std::getline(lines, line);) {
        REQUIRE(std::regex_match(line, m, kScript));
        CHECK(fs::is_regular_file(fs::path(ICONSYNTH_SOURCE_DIR) / m[1].str()));
      }
    } else if (block.marker.rfind("file: ", 0) == 0) {
      const fs::path path = work / block.marker.substr(6);
      fs::create_directories(path.parent_path());
      std::ofstream(path) << block.text;
    } else if (block.marker == "output") {
      INFO("printed:\n" << last.output);
      CHECK(missing_line(block.text, last.output) == "");
    } else {
      const bool steps = block.marker == "run: steps";
      const bool background = block.marker == "run: stopped with Ctrl-C";
      const int expected = std::regex_match(block.marker, m, kExit) ? std::stoi(m[1]) : 0;
      REQUIRE((block.marker == "run" || steps || background || expected != 0));
      last = run_block(background ? "until-quiet" : "foreground", steps ? steps_of(block.text) : block.text, work, runner);
      INFO("printed:\n" << last.output);
      CHECK(last.exit_code == expected);
      ++runs;
    }
  }
  CHECK(runs > 0);
}

std::set<std::string>& pages_run() {
  static std::set<std::string> pages;
  return pages;
}

struct Runs {
  explicit Runs(const char* file) { pages_run().insert(file); }
};

}  // namespace

// One test a page, so CTest runs pages side by side and names the one that fails.
#define EXAMPLES_OF(file, id)                                                    \
  const Runs runs_##id(file);                                                    \
  TEST_CASE("The examples of " file " run as shown", "[docs][examples]") {     \
    run_examples(read_man_source(fs::path(ICONSYNTH_SOURCE_DIR) / "tools" / "man" / file)); \
  }

EXAMPLES_OF("iconsynth.1.h2m", top)
EXAMPLES_OF("iconsynth-render.1.h2m", render)
EXAMPLES_OF("iconsynth-info.1.h2m", info)
EXAMPLES_OF("iconsynth-build.1.h2m", build)
EXAMPLES_OF("iconsynth-export.1.h2m", export_)
EXAMPLES_OF("iconsynth-golden.1.h2m", golden)
EXAMPLES_OF("iconsynth-golden-update.1.h2m", golden_update)
EXAMPLES_OF("iconsynth-golden-check.1.h2m", golden_check)
EXAMPLES_OF("iconsynth-check.1.h2m", check)
EXAMPLES_OF("iconsynth-fit.1.h2m", fit)
EXAMPLES_OF("iconsynth-plot.1.h2m", plot)
EXAMPLES_OF("iconsynth-sheet.1.h2m", sheet)
EXAMPLES_OF("iconsynth-preview.1.h2m", preview)
EXAMPLES_OF("iconsynth-spec.1.h2m", spec)
EXAMPLES_OF("iconsynth-completion.1.h2m", completion)
EXAMPLES_OF("iconsynth-spec.5.h2m", spec_format)
EXAMPLES_OF("iconsynth-tweaking.7.h2m", tweaking)
EXAMPLES_OF("iconsynth-golden-ci.7.h2m", golden_ci)
EXAMPLES_OF("iconsynth-web-package.7.h2m", web_package)
EXAMPLES_OF("iconsynth-fitting.7.h2m", fitting)

TEST_CASE("The README's examples run as shown", "[docs][examples]") { run_examples(read_readme_source()); }

TEST_CASE("Every page of the manual has its examples run by a test here", "[docs][examples]") {
  std::set<std::string> pages;
  for (const auto& e : fs::directory_iterator(fs::path(ICONSYNTH_SOURCE_DIR) / "tools" / "man")) {
    if (e.path().extension() == ".h2m") pages.insert(e.path().filename().string());
  }
  CHECK(pages_run() == pages);
}
