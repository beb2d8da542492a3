#include "render/ci/github.h"

#include "render/compare/report_files.h"

#include <cstdio>
#include <sstream>

namespace iconsynth::render::ci {

namespace {

using Outcome = TestCase::Outcome;

bool failed(const TestCase& c) { return c.outcome == Outcome::Failed || c.outcome == Outcome::Error; }

// Workflow-command data: '%', CR and LF would end or garble the command.
std::string command_data(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '%') out += "%25";
    else if (c == '\r') out += "%0D";
    else if (c == '\n') out += "%0A";
    else out += c;
  }
  return out;
}

// A property value also may not hold the separators ':' and ','.
std::string command_property(std::string_view text) {
  std::string out;
  for (char c : command_data(text)) {
    if (c == ':') out += "%3A";
    else if (c == ',') out += "%2C";
    else out += c;
  }
  return out;
}

// Text shown as itself in Markdown, inside a table cell too: no HTML (escaped as for the reports),
// nothing formats, no cell or line break.
std::string markdown_text(std::string_view text) {
  std::string out;
  for (char c : escape_html(text)) {
    switch (c) {
      case '\n': case '\r': out += ' '; break;
      case '\\': case '`': case '*': case '_': case '[': case ']': case '~': case '|': out += '\\'; out += c; break;
      default: out += c;
    }
  }
  return out;
}

std::string seconds_label(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f s", seconds);
  return text;
}

}  // namespace

std::string github_annotations(const TestSuite& suite, std::size_t limit) {
  std::ostringstream out;
  const std::size_t failures = suite.count(Outcome::Failed) + suite.count(Outcome::Error);
  std::size_t shown = 0;
  for (const TestCase& c : suite.cases) {
    if (!failed(c)) continue;
    if (failures > limit && shown + 1 == limit) {
      out << "::error title=" << command_property(suite.name) << "::" << failures - shown
          << " more failed (see the job summary or the JUnit report)\n";
      break;
    }
    out << "::error ";
    if (!c.file.empty()) out << "file=" << command_property(c.file) << ",";
    out << "title=" << command_property(suite.name + ": " + c.name) << "::" << command_data(c.message) << "\n";
    ++shown;
  }
  return out.str();
}

std::string markdown_summary(const TestSuite& suite, std::size_t max_rows) {
  std::ostringstream md;
  const std::size_t failures = suite.count(Outcome::Failed), errors = suite.count(Outcome::Error);
  md << "### " << markdown_text(suite.name) << ": " << (suite.passed() ? "passed" : "**failed**") << "\n\n";
  md << suite.cases.size() << " tests: " << suite.cases.size() - failures - errors - suite.count(Outcome::Skipped)
     << " passed, " << failures << " failed, " << errors << " errors, " << suite.count(Outcome::Skipped) << " skipped ("
     << seconds_label(suite.seconds) << ")\n\n";
  if (failures + errors > 0) {
    md << "| test | result | why |\n| --- | --- | --- |\n";
    std::size_t rows = 0;
    for (const TestCase& c : suite.cases) {
      if (!failed(c)) continue;
      if (rows++ == max_rows) {
        md << "| … | | " << failures + errors - max_rows << " more |\n";
        break;
      }
      md << "| " << markdown_text(c.name) << " | " << (c.outcome == Outcome::Failed ? "failed" : "error") << " | "
         << markdown_text(c.message) << " |\n";
    }
    md << "\n";
  }
  for (const std::string& note : suite.notes) md << "- " << markdown_text(note) << "\n";
  if (!suite.notes.empty()) md << "\n";
  for (const Section& section : suite.sections) {
    md << "**" << markdown_text(section.title) << "**\n\n";
    for (const std::string& line : section.lines) md << "- " << markdown_text(line) << "\n";
    md << "\n";
  }
  return md.str();
}

}  // namespace iconsynth::render::ci
