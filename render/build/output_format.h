#pragma once
// Every output is what its name says. The one table of the file formats iconsynth writes: the name
// `--format` takes, the extension that names such a file, and what it is. Commands infer a format
// from a file's extension and refuse a name that says another one; build names its files from it.
//
//   format      extension  what
//   png         .png       PNG image
//   svg         .svg       SVG document (a still, an animated SVG + CSS, or a chart)
//   pdf         .pdf       PDF document
//   webp        .webp      animated WebP
//   gif         .gif       animated GIF
//   lottie      .json      Lottie JSON
//   dotlottie   .lottie    dotLottie bundle (a zip)
//   descriptor  .mjs       the bundle's descriptor, an ES module
//   html        .html      HTML page
//   xml         .xml       XML document (JUnit results)
//   web         (folder)   the web package (render/web), asked for by --format only
//   json, module, types    .json, .mjs, .d.mts files inside the web package, and fit's spec (json):
//                          inferred only for a command that writes them

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace iconsynth::render::build {

struct OutputFormat {
  std::string_view name;       // what --format takes: "dotlottie"
  std::string_view extension;  // with its dot: ".lottie"
  std::string_view what;       // for messages: "a dotLottie bundle"

  // A folder of files rather than a file: no extension names it.
  bool folder() const { return extension.empty(); }
};

// The table, in the order above.
const std::vector<OutputFormat>& output_formats();

// The format of that name; std::logic_error when the table has none (a caller's typo).
const OutputFormat& format_named(std::string_view name);

// The format a file must be written in. `asked` (a --format value, empty when not given) must be
// one of `allowed`, and the file's extension (any case) must name that same format; without
// `asked`, the extension alone decides, and must name one of `allowed` (a row of `allowed` is
// preferred where two share an extension: .json is "json" for a command that writes plain JSON). std::invalid_argument
// naming `option`, the file, both formats and the extension to use, otherwise.
const OutputFormat& format_for_file(const std::filesystem::path& file, std::string_view asked,
                                    const std::vector<std::string_view>& allowed, std::string_view option);

// A folder a command writes into must not be named like a file of the table ("frames.png"), or
// the names inside it would not say what they hold; std::invalid_argument naming `option`.
void check_folder_name(const std::filesystem::path& folder, std::string_view option);

}  // namespace iconsynth::render::build
