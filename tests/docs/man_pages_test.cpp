// The built manual read as a reader reads it, with man -l: a page per command with the sections a
// manual page has; iconsynth-spec(5) listing every path `spec --paths` prints, with its default,
// unit and range; the guides; every command's --help naming its page; and every code block shown
// as its source has it, so what a reader pastes is what the examples test ran.
#include "cli_facts.h"
#include "man_source.h"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <sstream>
#include <regex>
#include <set>

namespace fs = std::filesystem;
using namespace iconsynth::test;

namespace {

const fs::path kPages = ICONSYNTH_MAN_DIR;

// A built page as `man -l` shows it, wide enough that no line of it wraps.
std::string read_page(const fs::path& page) {
  REQUIRE(fs::exists(page));
  const Captured r = capture("MANWIDTH=250 man -l '" + page.string() + "'");
  REQUIRE(r.exit_code == 0);
  return r.out;
}

std::string page_file(const std::string& page, int section) {
  return (kPages / ("man" + std::to_string(section)) / (page + "." + std::to_string(section) + ".gz")).string();
}

std::string page_of(const std::string& command) {
  std::string page = "iconsynth" + std::string(command.empty() ? "" : "-") + command;
  std::replace(page.begin(), page.end(), ' ', '-');
  return page;
}

// The section headings of a shown page: its unindented lines, in order.
std::vector<std::string> headings(const std::string& shown) {
  std::vector<std::string> out;
  std::istringstream lines(shown);
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty() && line[0] != ' ' && line.find("(") == std::string::npos) out.push_back(line);
  }
  return out;
}

// The text of one section of a shown page, up to the next heading.
std::string section_text(const std::string& shown, const std::string& heading) {
  const std::size_t start = shown.find("\n" + heading + "\n");
  if (start == std::string::npos) return "";
  const std::size_t body = start + heading.size() + 2;
  static const std::regex kNext("\n[A-Z]");
  std::smatch m;
  const std::string rest = shown.substr(body);
  return std::regex_search(rest, m, kNext) ? rest.substr(0, m.position(0)) : rest;
}

void require_sections(const std::string& shown, const std::vector<std::string>& needed) {
  const std::vector<std::string> found = headings(shown);
  for (const std::string& h : needed) {
    INFO("section " << h << "; the page has: " << Catch::Detail::stringify(found));
    CHECK(std::find(found.begin(), found.end(), h) != found.end());
    CHECK(section_text(shown, h).find_first_not_of(" \n") != std::string::npos);
  }
}

std::string trimmed(const std::string& s) {
  const auto first = s.find_first_not_of(' ');
  return first == std::string::npos ? "" : s.substr(first, s.find_last_not_of(' ') + 1 - first);
}

}  // namespace

TEST_CASE("Every command has its page, with NAME, SYNOPSIS, DESCRIPTION, OPTIONS, EXIT STATUS, EXAMPLES and SEE ALSO", "[docs][man]") {
  std::set<std::string> expected;
  for (const auto& [command, options] : cli_facts().options) {
    INFO("iconsynth " << command);
    expected.insert(page_of(command) + ".1.gz");
    CHECK(fs::exists(fs::path(ICONSYNTH_SOURCE_DIR) / "tools" / "man" / (page_of(command) + ".1.h2m")));
    const std::string shown = read_page(page_file(page_of(command), 1));
    require_sections(shown, {"NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "EXAMPLES", "SEE ALSO"});
    CHECK(section_text(shown, "OPTIONS").find("--help") != std::string::npos);  // generated from --help
  }
  std::set<std::string> built;
  for (const auto& e : fs::directory_iterator(kPages / "man1")) built.insert(e.path().filename().string());
  CHECK(built == expected);
}

TEST_CASE("Every command's --help ends by naming its manual page, which exists", "[docs][man]") {
  for (const auto& [command, options] : cli_facts().options) {
    std::string help = help_of(command);
    while (!help.empty() && help.back() == '\n') help.pop_back();
    const std::string last = help.substr(help.rfind('\n') + 1);
    INFO("iconsynth " << command << " --help");
    CHECK(last == "The full manual: man " + page_of(command));
    CHECK(fs::exists(page_file(page_of(command), 1)));
  }
}

TEST_CASE("iconsynth-spec(5) lists every path spec --paths prints, with its default, unit and range", "[docs][man]") {
  const std::string shown = read_page(page_file("iconsynth-spec", 5));
  require_sections(shown, {"NAME", "DESCRIPTION", "FIELDS", "EXAMPLES", "SEE ALSO"});
  // FIELDS: each path alone on a line at the tag's indent, its paragraph indented below it.
  std::map<std::string, std::string> listed;
  std::istringstream lines(section_text(shown, "FIELDS"));
  std::string path;
  static const std::regex kTag(R"(^       (\S+)$)"), kBody(R"(^              (.*)$)");
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_match(line, m, kTag)) {
      path = m[1];
      listed[path];
    } else if (!path.empty() && std::regex_match(line, m, kBody)) {
      listed[path] += m[1].str() + " ";
    } else if (line.empty() == false) {
      path.clear();
    }
  }
  static const std::regex kDefault(R"(Default: (\S+?)(?:\. | \(|\.$))"), kRange(R"(Range: (\S+) to (\S+?)(?:, | \(|\.(?: |$)))");
  const nlohmann::json paths = nlohmann::json::parse(builtin_paths_json());
  std::set<std::string> printed;
  for (const auto& p : paths) {
    const std::string at = p["path"];
    printed.insert(at);
    INFO(at << ": " << listed[at]);
    // Values are read back as JSON and compared as values: 0.0 and 0 are one number.
    const nlohmann::json& value = p["value"];
    std::smatch m;
    if (value.is_string()) {
      CHECK_THAT(listed[at], Catch::Contains("Default: " + value.get<std::string>() + "."));
    } else {
      const bool shown = std::regex_search(listed[at], m, kDefault);
      CHECK(shown);
      if (shown) CHECK(nlohmann::json::parse(m[1].str()) == value);
    }
    const std::string unit = p["unit"];
    if (!unit.empty() && !value.is_string()) CHECK_THAT(listed[at], Catch::Contains(unit));
    // A range where the table carries one (min and max), in the unit the table gives it.
    if (p.contains("min") && p.contains("max")) {
      const bool ranged = std::regex_search(listed[at], m, kRange);
      CHECK(ranged);
      if (ranged) CHECK(nlohmann::json::parse(m[1].str()) == p["min"]);
      if (ranged) CHECK(nlohmann::json::parse(m[2].str()) == p["max"]);
    }
  }
  std::set<std::string> on_page;
  for (const auto& [p, text] : listed) on_page.insert(p);
  CHECK(on_page == printed);
  CHECK(printed.size() > 50);
}

TEST_CASE("Every guide reads with man -l: NAME, DESCRIPTION, EXAMPLES and SEE ALSO", "[docs][man]") {
  int guides = 0;
  for (const ManSource& source : all_man_sources()) {
    if (source.section != 7) continue;
    INFO(source.page);
    ++guides;
    require_sections(read_page(page_file(source.page, 7)), {"NAME", "DESCRIPTION", "EXAMPLES", "SEE ALSO"});
  }
  CHECK(guides >= 4);
}

TEST_CASE("Every code block of the manual reads in the built page exactly as its source has it", "[docs][man]") {
  for (const ManSource& source : all_man_sources()) {
    const std::string shown = read_page(page_file(source.page, source.section));
    std::set<std::string> lines;
    std::istringstream in(shown);
    for (std::string line; std::getline(in, line);) lines.insert(trimmed(line));
    for (const CodeBlock& block : source.blocks) {
      std::istringstream text(block.text);
      for (std::string line; std::getline(text, line);) {
        INFO(source.path.filename().string() << ":" << block.line << ": " << line);
        CHECK(lines.count(trimmed(line)) == 1);
      }
    }
  }
}
