#include "render/ci/junit.h"

#include <cstdint>
#include <cstdio>
#include <sstream>
#include <string_view>

namespace iconsynth::render::ci {

namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// The code point of the UTF-8 sequence at text[i] and its length; length 0 when it is not valid UTF-8.
std::pair<std::uint32_t, std::size_t> decode_utf8(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  if (lead < 0x80) return {lead, 1};
  const std::size_t length = lead >= 0xF0 && lead <= 0xF4 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 && lead < 0xE0 ? 2 : 0;
  if (length == 0 || i + length > text.size()) return {0, 0};
  std::uint32_t cp = lead & (0x7F >> length);
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return {0, 0};
    cp = cp << 6 | (byte(i + k) & 0x3F);
  }
  const std::uint32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < smallest[length] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return {0, 0};
  return {cp, length};
}

// XML 1.0's characters: tab, newline, carriage return and everything from space up, less the
// surrogates and U+FFFE/U+FFFF.
bool xml_char(std::uint32_t cp) {
  return cp == 0x9 || cp == 0xA || cp == 0xD || (cp >= 0x20 && cp <= 0xD7FF) || (cp >= 0xE000 && cp <= 0xFFFD) ||
         cp >= 0x10000;
}

// Text for element content or (with `attribute`) a double-quoted attribute value.
std::string escape_xml(std::string_view text, bool attribute) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    const auto [cp, length] = decode_utf8(text, i);
    if (length == 0 || !xml_char(cp)) {
      out += kReplacement;
      i += length == 0 ? 1 : length;
      continue;
    }
    switch (cp) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += attribute ? "&quot;" : "\""; break;
      case '\n': out += attribute ? "&#10;" : "\n"; break;
      case '\r': out += "&#13;"; break;
      case '\t': out += attribute ? "&#9;" : "\t"; break;
      default: out.append(text.substr(i, length));
    }
    i += length;
  }
  return out;
}

std::string junit_seconds(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", seconds < 0 ? 0.0 : seconds);
  return text;
}

std::string attr(std::string_view name, std::string_view value) {
  std::string out(" ");
  out.append(name).append("=\"").append(escape_xml(value, true)).append("\"");
  return out;
}

std::string counts(const TestSuite& suite) {
  using O = TestCase::Outcome;
  return attr("name", suite.name) + attr("tests", std::to_string(suite.cases.size())) +
         attr("failures", std::to_string(suite.count(O::Failed))) + attr("errors", std::to_string(suite.count(O::Error))) +
         attr("skipped", std::to_string(suite.count(O::Skipped))) + attr("time", junit_seconds(suite.seconds));
}

}  // namespace

std::string junit_xml(const TestSuite& suite) {
  std::ostringstream xml;
  xml << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites" << counts(suite) << ">\n  <testsuite" << counts(suite)
      << ">\n";
  if (!suite.notes.empty() || !suite.sections.empty()) {
    xml << "    <system-out>";
    for (const std::string& note : suite.notes) xml << escape_xml(note, false) << "\n";
    for (const Section& section : suite.sections) {
      xml << escape_xml(section.title, false) << ":\n";
      for (const std::string& line : section.lines) xml << "  " << escape_xml(line, false) << "\n";
    }
    xml << "</system-out>\n";
  }
  for (const TestCase& c : suite.cases) {
    xml << "    <testcase" << attr("name", c.name) << attr("classname", c.classname) << attr("time", junit_seconds(c.seconds));
    if (!c.file.empty()) xml << attr("file", c.file);
    xml << ">\n";
    switch (c.outcome) {
      case TestCase::Outcome::Passed: break;
      case TestCase::Outcome::Skipped: xml << "      <skipped" << attr("message", c.message) << "/>\n"; break;
      case TestCase::Outcome::Failed:
      case TestCase::Outcome::Error: {
        const char* element = c.outcome == TestCase::Outcome::Failed ? "failure" : "error";
        xml << "      <" << element << attr("message", c.message) << attr("type", c.kind.empty() ? element : c.kind) << ">"
            << escape_xml(c.details.empty() ? c.message : c.details, false) << "</" << element << ">\n";
        break;
      }
    }
    if (!c.output.empty()) xml << "      <system-out>" << escape_xml(c.output, false) << "</system-out>\n";
    xml << "    </testcase>\n";
  }
  xml << "  </testsuite>\n</testsuites>\n";
  return xml.str();
}

}  // namespace iconsynth::render::ci
