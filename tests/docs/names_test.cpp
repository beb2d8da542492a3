// What the docs name must exist: each `iconsynth …` line of a code block names a command and only
// that command's options; an option set in bold in a page's prose is an option of iconsynth (in a
// command page's SYNOPSIS, of that command); a page referred to as name(N) is a page of the manual;
// a dotted spec path is a field of the spec. The sources of truth are --help and the specs
// themselves (`spec --paths`, `spec --print`), read from the CLI; the docs are the manual's sources
// and the README's code blocks.
#include "cli_facts.h"
#include "man_source.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>

namespace fs = std::filesystem;
using namespace iconsynth::test;

namespace {

struct Mention {
  std::string where;  // "tools/man/iconsynth-render.1.h2m:77"
  std::string text;
};

// The README's code blocks, one mention each.
std::vector<Mention> readme_blocks() {
  std::vector<Mention> blocks;
  for (const CodeBlock& block : read_readme_source().blocks) blocks.push_back({"README.md:" + std::to_string(block.line), block.text});
  return blocks;
}

// Every code block of the manual that holds commands, and the README's.
std::vector<Mention> command_blocks() {
  std::vector<Mention> blocks = readme_blocks();
  for (const ManSource& source : all_man_sources()) {
    for (const CodeBlock& block : source.blocks) {
      if (block.marker == "output" || block.marker.rfind("file: ", 0) == 0) continue;
      blocks.push_back({source.path.filename().string() + ":" + std::to_string(block.line), block.text});
    }
  }
  return blocks;
}

// Every line of every page source as a reader sees it, with where it is.
std::vector<Mention> shown_lines() {
  std::vector<Mention> lines;
  for (const ManSource& source : all_man_sources()) {
    std::ifstream in(source.path);
    int number = 0;
    bool begun = false;  // what comes before the first heading is a comment, as help2man reads it
    for (std::string line; std::getline(in, line);) {
      ++number;
      begun = begun || (!line.empty() && line[0] == '[');
      if (begun) lines.push_back({source.path.filename().string() + ":" + std::to_string(number), shown_text(line)});
    }
  }
  return lines;
}

// The iconsynth command a shell command runs ("golden check"), after the words that name it; npos
// when it runs no iconsynth.
std::size_t iconsynth_at(const std::vector<std::string>& words) {
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (w == "iconsynth" || (w.size() > 10 && w.compare(w.size() - 10, 10, "/iconsynth") == 0)) return i;
  }
  return std::string::npos;
}

// The options of a command and of the commands under it (golden's page shows golden check's).
std::set<std::string> options_within(const CliFacts& cli, const std::string& command) {
  std::set<std::string> options;
  for (const auto& [path, own] : cli.options) {
    if (path == command || path.rfind(command + " ", 0) == 0) options.insert(own.begin(), own.end());
  }
  return options;
}

}  // namespace

TEST_CASE("Each iconsynth line of the docs' code runs a command there is, with only that command's options", "[docs][names]") {
  const CliFacts& cli = cli_facts();
  const SpecFacts& spec = spec_facts();
  int checked = 0;
  for (const Mention& block : command_blocks()) {
    for (const std::string& command : shell_commands(block.text)) {
      const std::vector<std::string> words = shell_words(command);
      const std::size_t at = iconsynth_at(words);
      if (at == std::string::npos || at + 1 >= words.size()) continue;
      INFO(block.where << ": " << command);
      std::string path;
      std::size_t i = at + 1;
      while (i < words.size() && cli.is_command(path.empty() ? words[i] : path + " " + words[i])) {
        path = path.empty() ? words[i] : path + " " + words[i];
        ++i;
      }
      if (path.empty()) {
        CHECK((words[at + 1] == "--help" || words[at + 1] == "--version"));  // no command, or one there is not
        continue;
      }
      ++checked;
      for (; i < words.size(); ++i) {
        const std::string& w = words[i];
        if (w == ">" || w == "2>") break;  // a redirection: the rest is the shell's
        if (w.size() < 2 || w[0] != '-' || w == "--") continue;
        const std::string option = w.substr(0, w.find('='));
        INFO("option " << option);
        CHECK(cli.options.at(path).count(option) == 1);
        // A spec path it takes: --set PATH=VALUE, --free PATH, --fix PATH.
        if ((option == "--set" || option == "--free" || option == "--fix") && i + 1 < words.size()) {
          const std::string field = words[i + 1].substr(0, words[i + 1].find('='));
          INFO("spec path " << field);
          CHECK(spec.names_a_field(field));
        }
      }
    }
  }
  CHECK(checked > 20);
}

TEST_CASE("Every option the manual's prose sets in bold is an option of iconsynth, and of its page's command in SYNOPSIS", "[docs][names]") {
  const CliFacts& cli = cli_facts();
  static const std::regex kBold(R"(\\fB\\-\\-([a-z0-9](?:[a-z0-9]|\\-)*))");
  static const std::regex kBoldRequest(R"(^\.B[IR]? \\-\\-([a-z0-9](?:[a-z0-9]|\\-)*))");
  int checked = 0;
  for (const ManSource& source : all_man_sources()) {
    std::string command = source.page == "iconsynth" ? "" : source.page.substr(std::string("iconsynth-").size());
    std::replace(command.begin(), command.end(), '-', ' ');
    const bool a_command = source.section == 1 && !command.empty() && cli.is_command(command);  // the top page: any command's
    for (const auto& [section, lines] : source.sections) {
      for (const std::string& line : lines) {
        for (const std::regex* pattern : {&kBold, &kBoldRequest}) {
          for (auto it = std::sregex_iterator(line.begin(), line.end(), *pattern); it != std::sregex_iterator(); ++it) {
            std::string option = "--" + (*it)[1].str();
            option = std::regex_replace(option, std::regex(R"(\\-)"), "-");
            INFO(source.path.filename().string() << " [" << section << "]: " << option);
            ++checked;
            if (section == "SYNOPSIS" && a_command) {
              CHECK(options_within(cli, command).count(option) == 1);
            } else {
              CHECK(cli.all_options.count(option) == 1);
            }
          }
        }
      }
    }
  }
  CHECK(checked > 50);
}

TEST_CASE("Every page the manual refers to, name(N) or man [N] name, is a page of the manual", "[docs][names]") {
  const CliFacts& cli = cli_facts();
  std::set<std::string> written;  // "iconsynth-spec(5)": the sources of sections 5 and 7
  for (const ManSource& source : all_man_sources()) written.insert(source.page + "(" + std::to_string(source.section) + ")");
  static const std::regex kReference(R"(\b(iconsynth(?:-[a-z-]+)?)\(([1-9])\))"), kMan(R"(\bman (?:([1-9]) )?(iconsynth(?:-[a-z-]+)?))");
  int checked = 0;
  for (const Mention& line : shown_lines()) {
    std::vector<std::pair<std::string, std::string>> pages;  // name, section
    for (auto it = std::sregex_iterator(line.text.begin(), line.text.end(), kReference); it != std::sregex_iterator(); ++it) {
      pages.push_back({(*it)[1], (*it)[2]});
    }
    for (auto it = std::sregex_iterator(line.text.begin(), line.text.end(), kMan); it != std::sregex_iterator(); ++it) {
      pages.push_back({(*it)[2], (*it)[1].matched ? (*it)[1].str() : "1"});
    }
    for (const auto& [name, section] : pages) {
      INFO(line.where << ": " << name << "(" << section << ")");
      ++checked;
      if (section == "1") {
        std::string command = name == "iconsynth" ? "" : name.substr(std::string("iconsynth-").size());
        std::replace(command.begin(), command.end(), '-', ' ');
        CHECK(cli.is_command(command));
      } else {
        CHECK(written.count(name + "(" + section + ")") == 1);
      }
    }
  }
  CHECK(checked > 30);
}

TEST_CASE("Every spec path the docs name is a field of the spec", "[docs][names]") {
  const SpecFacts& spec = spec_facts();
  // The README's code only: its prose names other things' fields too (a descriptor's defaults.color).
  std::vector<Mention> texts = shown_lines();
  for (const Mention& block : readme_blocks()) texts.push_back(block);
  // A dotted word whose first key is one of the spec's top-level keys: "motions.light.lead".
  static const std::regex kPath(R"((?:^|[^A-Za-z0-9_./-])([a-z_]+(?:\.[a-z0-9_]+)+)(?![A-Za-z0-9_/(<-]))");
  int checked = 0;
  for (const Mention& text : texts) {
    for (auto it = std::sregex_iterator(text.text.begin(), text.text.end(), kPath); it != std::sregex_iterator(); ++it) {
      std::string path = (*it)[1];
      if (!spec.top_level.count(path.substr(0, path.find('.')))) continue;
      while (!path.empty() && path.back() == '.') path.pop_back();
      INFO(text.where << ": " << path);
      ++checked;
      CHECK(spec.names_a_field(path));
    }
  }
  CHECK(checked > 30);
}
