#include "man_source.h"

#include <algorithm>
#include <fstream>
#include <regex>
#include <stdexcept>

namespace iconsynth::test {

namespace {

// roff's named characters and escapes as a reader sees them.
const std::vector<std::pair<std::string, std::string>> kEscapes = {
    {"\\(aq", "'"}, {"\\(dq", "\""}, {"\\(em", "—"}, {"\\(en", "–"}, {"\\(bu", "•"}, {"\\(mu", "×"}, {"\\(ti", "~"},
    {"\\(ha", "^"}, {"\\(->", "→"}, {"\\(pc", "·"}, {"\\(rs", "\\"}, {"\\(at", "@"}, {"\\fB", ""}, {"\\fI", ""}, {"\\fR", ""}, {"\\fP", ""},
    {"\\-", "-"}, {"\\&", ""}, {"\\%", ""}, {"\\ ", " "}, {"\\e", "\\"}, {"\\\\", "\\"},
};

std::string undo_escapes(const std::string& roff) {
  std::string out;
  for (std::size_t i = 0; i < roff.size();) {
    bool matched = false;
    if (roff[i] == '\\') {
      for (const auto& [escape, text] : kEscapes) {
        if (roff.compare(i, escape.size(), escape) == 0) {
          out += text;
          i += escape.size();
          matched = true;
          break;
        }
      }
    }
    if (!matched) out += roff[i++];
  }
  return out;
}

// Words split at blanks outside quotes, the quotes removed: `quotes` are the characters that open
// one (a shell's ' and ", roff's " alone).
std::vector<std::string> split_words(const std::string& text, const std::string& quotes) {
  std::vector<std::string> words;
  std::string word;
  char quote = 0;
  bool any = false;
  for (char c : text) {
    if (quote) {
      if (c == quote) quote = 0;
      else word += c;
    } else if (quotes.find(c) != std::string::npos) {
      quote = c;
      any = true;
    } else if (c == ' ' || c == '\t') {
      if (any) words.push_back(word);
      word.clear();
      any = false;
    } else {
      word += c;
      any = true;
    }
  }
  if (any) words.push_back(word);
  return words;
}

bool is_marker(const std::string& line) { return line.rfind(".\\\" ", 0) == 0; }

}  // namespace

std::string shown_text(const std::string& roff_line) {
  if (roff_line.rfind(".\\\"", 0) == 0) return "";
  if (roff_line.empty() || (roff_line[0] != '.' && roff_line[0] != '\'')) return undo_escapes(roff_line);
  static const std::regex kRequest(R"(^[.'](\S+)\s*(.*)$)");
  std::smatch m;
  if (!std::regex_match(roff_line, m, kRequest)) return "";
  const std::string name = m[1];
  const std::vector<std::string> args = split_words(m[2], "\"");
  std::string text;
  if (name == "B" || name == "I" || name == "SH" || name == "SS") {
    for (const std::string& a : args) text += (text.empty() ? "" : " ") + a;
  } else if (name.size() == 2 && std::string("BIR").find(name[0]) != std::string::npos && std::string("BIR").find(name[1]) != std::string::npos) {
    for (const std::string& a : args) text += a;  // alternating fonts: no space between
  }
  return undo_escapes(text);
}

ManSource read_man_source(const std::filesystem::path& path) {
  ManSource source;
  source.path = path;
  const std::string file = path.filename().string();  // iconsynth-render.1.h2m
  static const std::regex kName(R"(^(.+)\.([157])\.h2m$)");
  std::smatch m;
  if (!std::regex_match(file, m, kName)) throw std::runtime_error(file + " is not named PAGE.SECTION.h2m");
  source.page = m[1];
  source.section = std::stoi(m[2]);

  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  static const std::regex kHeading(R"(^\[[<=>]?([A-Z ]+)\]$)");
  std::string section;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    if (std::regex_match(line, m, kHeading)) {
      section = m[1];
      if (!source.sections.count(section)) source.section_order.push_back(section);
      source.sections[section];
      continue;
    }
    if (section.empty()) continue;  // help2man ignores what comes before the first heading
    source.sections[section].push_back(line);
    if (line != ".EX") continue;
    CodeBlock block;
    block.line = static_cast<int>(i + 1);
    // The marker: the nearest comment above, past .RS and .PP.
    for (std::size_t j = i; j-- > 0;) {
      if (lines[j].rfind(".RS", 0) == 0 || lines[j] == ".PP") continue;
      if (is_marker(lines[j])) block.marker = lines[j].substr(4);
      break;
    }
    if (block.marker.empty()) source.problems.push_back(file + ":" + std::to_string(block.line) + ": a code block with no marker");
    std::size_t end = i + 1;
    for (; end < lines.size() && lines[end] != ".EE"; ++end) block.text += undo_escapes(lines[end]) + "\n";
    if (end == lines.size()) source.problems.push_back(file + ":" + std::to_string(block.line) + ": .EX with no .EE");
    for (std::size_t k = i + 1; k <= end && k < lines.size(); ++k) source.sections[section].push_back(lines[k]);
    i = end;
    source.blocks.push_back(block);
  }
  return source;
}

std::vector<ManSource> all_man_sources() {
  std::vector<std::filesystem::path> paths;
  for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(ICONSYNTH_SOURCE_DIR) / "tools" / "man")) {
    if (e.path().extension() == ".h2m") paths.push_back(e.path());
  }
  std::sort(paths.begin(), paths.end());
  std::vector<ManSource> sources;
  for (const auto& p : paths) sources.push_back(read_man_source(p));
  return sources;
}

ManSource read_readme_source() {
  ManSource source;
  source.path = std::filesystem::path(ICONSYNTH_SOURCE_DIR) / "README.md";
  source.page = "README";
  std::ifstream in(source.path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  static const std::regex kMarker(R"(^<!-- (.+) -->$)");
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].rfind("```", 0) != 0) continue;
    CodeBlock block;
    block.line = static_cast<int>(i + 1);
    std::smatch m;
    if (i > 0 && std::regex_match(lines[i - 1], m, kMarker)) block.marker = m[1];
    else source.problems.push_back("README.md:" + std::to_string(block.line) + ": a code block with no marker");
    std::size_t end = i + 1;
    for (; end < lines.size() && lines[end] != "```"; ++end) block.text += lines[end] + "\n";
    if (end == lines.size()) source.problems.push_back("README.md:" + std::to_string(block.line) + ": a code block never closed");
    i = end;
    source.blocks.push_back(block);
  }
  return source;
}

std::vector<std::string> shell_commands(const std::string& block) {
  std::vector<std::string> commands;
  std::string current;
  char quote = 0;
  const auto flush = [&] {
    const auto first = current.find_first_not_of(" \t");
    if (first != std::string::npos) commands.push_back(current.substr(first, current.find_last_not_of(" \t") + 1 - first));
    current.clear();
  };
  for (std::size_t i = 0; i < block.size(); ++i) {
    const char c = block[i];
    if (quote) {
      if (c == quote) quote = 0;
      current += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
      current += c;
    } else if (c == '\\' && i + 1 < block.size() && block[i + 1] == '\n') {
      ++i;  // a continued line
    } else if (c == '#' && (current.empty() || current.back() == ' ')) {
      while (i + 1 < block.size() && block[i + 1] != '\n') ++i;  // a comment
    } else if (c == '\n' || c == ';' || c == '|' || (c == '&' && i + 1 < block.size() && block[i + 1] == '&')) {
      if (c == '&' || (c == '|' && i + 1 < block.size() && block[i + 1] == '|')) ++i;
      flush();
    } else {
      current += c;
    }
  }
  flush();
  return commands;
}

std::vector<std::string> shell_words(const std::string& command) { return split_words(command, "'\""); }

}  // namespace iconsynth::test
