#pragma once
// What the HTML reports (golden check, asset check) share: files computed in memory for the
// caller to write atomically, HTML escaping, and one stylesheet.

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace iconsynth::render {

// A file to write: libraries compute bytes, the CLI writes them (atomically).
struct OutputFile {
  std::filesystem::path path;
  std::string bytes;
};

// Text made safe for HTML element content and attribute values.
std::string escape_html(std::string_view text);

// A name from untrusted input made safe as one path component: characters outside
// [A-Za-z0-9._-] become '_', and "", "." and ".." become "_", so a report never writes
// outside its folder.
std::string safe_file_name(std::string_view name);

// A number with a fixed count of decimals: "0.250".
std::string fixed(double value, int decimals);

// "12.34%" for a share in [0, 1].
std::string percent(double share);

// "background:#0b0f19": an image's backdrop as an inline style (themes are the spec's, any colour).
std::string backdrop_style(std::uint8_t r, std::uint8_t g, std::uint8_t b);
template <class Color>
std::string backdrop_style(const Color& c) { return backdrop_style(c.r, c.g, c.b); }

// The reports' common stylesheet (tables, pixelated images, theme backdrops, verdict colours).
extern const char* const kReportStyle;

}  // namespace iconsynth::render
