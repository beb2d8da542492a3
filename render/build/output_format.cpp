#include "render/build/output_format.h"

#include <algorithm>
#include <stdexcept>

namespace iconsynth::render::build {

namespace {

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

bool names(const std::string& lowered_name, const OutputFormat& f) {
  return !f.folder() && lowered_name.size() > f.extension.size() && lowered_name.ends_with(f.extension);
}

// The first row whose extension ends the file's name (any case; ".d.mts" has two dots); a row of
// `preferred` first, so a command writing plain JSON (a spec) finds "json", not "lottie".
const OutputFormat* format_of_extension(const std::filesystem::path& file, const std::vector<std::string_view>& preferred = {}) {
  const std::string name = lower(file.filename().string());
  for (std::string_view p : preferred) {
    if (const OutputFormat& f = format_named(p); names(name, f)) return &f;
  }
  for (const OutputFormat& f : output_formats()) {
    if (names(name, f)) return &f;
  }
  return nullptr;
}

// What a file's extension says, for messages.
std::string extension_says(const std::filesystem::path& file, const OutputFormat* named) {
  if (named) return " names " + std::string(named->what) + " (" + std::string(named->extension) + ")";
  return file.extension().empty() ? " has no extension" : " has an extension no format is named by";
}

std::string allowed_list(const std::vector<std::string_view>& allowed) {
  std::string out;
  for (std::string_view name : allowed) {
    const OutputFormat& f = format_named(name);
    out += (out.empty() ? "" : ", ") + (f.folder() ? std::string("a folder") : std::string(f.extension)) + " (" + std::string(f.name) + ")";
  }
  return out;
}

}  // namespace

const std::vector<OutputFormat>& output_formats() {
  static const std::vector<OutputFormat> table{
      {"png", ".png", "a PNG image"},
      {"svg", ".svg", "an SVG document"},
      {"pdf", ".pdf", "a PDF document"},
      {"webp", ".webp", "an animated WebP"},
      {"gif", ".gif", "an animated GIF"},
      {"lottie", ".json", "Lottie JSON"},
      {"dotlottie", ".lottie", "a dotLottie bundle"},
      {"descriptor", ".mjs", "the bundle's descriptor module"},
      {"html", ".html", "an HTML page"},
      {"xml", ".xml", "an XML document"},
      {"web", "", "a web package (a folder)"},
      // Inferred only for a command that writes them (fit's spec is "json"): otherwise their
      // extensions name the rows above first.
      {"json", ".json", "a JSON document"},
      {"module", ".mjs", "an ES module"},
      {"types", ".d.mts", "TypeScript declarations"},
      {"coverage", ".webp", "a raster master: Cairo's frames as coverage planes"},
  };
  return table;
}

const OutputFormat& format_named(std::string_view name) {
  for (const OutputFormat& f : output_formats()) {
    if (f.name == name) return f;
  }
  throw std::logic_error("no output format is named " + std::string(name));
}

const OutputFormat& format_for_file(const std::filesystem::path& file, std::string_view asked,
                                    const std::vector<std::string_view>& allowed, std::string_view option) {
  const std::string named_as = std::string(option) + " " + file.string();
  const OutputFormat* named = format_of_extension(file, allowed);
  const bool writable = named && std::find(allowed.begin(), allowed.end(), named->name) != allowed.end();
  if (asked.empty()) {
    if (writable) return *named;
    throw std::invalid_argument(named_as + extension_says(file, named) + (named ? ", which this command does not write" : "") +
                                "; the file's extension names its format: " + allowed_list(allowed));
  }
  const OutputFormat& wanted = format_named(asked);
  if (named == &wanted) return wanted;
  if (wanted.folder()) {
    if (file.extension().empty()) return wanted;
    throw std::invalid_argument(named_as + extension_says(file, named) + ", but --format " + std::string(wanted.name) + " writes " +
                                std::string(wanted.what) + ": name it without " + file.extension().string());
  }
  std::filesystem::path renamed = file.filename();
  renamed.replace_extension(wanted.extension);
  throw std::invalid_argument(named_as + extension_says(file, named) + ", but --format " + std::string(wanted.name) + " writes " +
                              std::string(wanted.what) + " (" + std::string(wanted.extension) + "): name it " +
                              renamed.string() + (writable ? " or drop --format" : ""));
}

void check_folder_name(const std::filesystem::path& folder, std::string_view option) {
  std::filesystem::path name = folder.filename();
  if (name.empty()) name = folder.parent_path().filename();  // "out/"
  if (const OutputFormat* f = format_of_extension(name)) {
    throw std::invalid_argument(std::string(option) + " " + folder.string() + " is named like " + std::string(f->what) + " (" +
                                std::string(f->extension) + "), but it is the folder the files go into: name it without " +
                                std::string(f->extension));
  }
}

}  // namespace iconsynth::render::build
