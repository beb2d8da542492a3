#include "render/compare/report_files.h"

#include <cstdio>

namespace iconsynth::render {

std::string escape_html(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string safe_file_name(std::string_view name) {
  std::string out;
  for (char c : name.substr(0, 128)) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                       c == '_' || c == '-';
    out += plain ? c : '_';
  }
  return out.empty() || out == "." || out == ".." ? "_" : out;
}

std::string fixed(double value, int decimals) {
  char text[32];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

std::string percent(double share) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f%%", share * 100);
  return text;
}

const char* const kReportStyle = R"(
body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1f2937; }
h1 { font-size: 20px; } h2 { font-size: 16px; margin-top: 32px; }
.pass { color: #15803d; } .fail { color: #b91c1c; }
table { border-collapse: collapse; } td, th { padding: 6px 10px; border-bottom: 1px solid #e5e7eb; text-align: left; vertical-align: middle; }
.img { image-rendering: pixelated; display: block; }
.img { outline: 1px solid #e5e7eb; }
.strip { display: flex; flex-wrap: wrap; gap: 6px; } .strip .cell { text-align: center; font-size: 11px; }
.strip img { border: 2px solid transparent; } .strip .changed img { border-color: #dc2626; }
code { background: #f3f4f6; padding: 1px 4px; border-radius: 3px; }
)";

std::string backdrop_style(std::uint8_t r, std::uint8_t g, std::uint8_t b) {
  char text[24];
  std::snprintf(text, sizeof text, "background:#%02x%02x%02x", r, g, b);
  return text;
}

}  // namespace iconsynth::render
