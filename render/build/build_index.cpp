#include "render/build/build_index.h"

#include "render/compare/report_files.h"
#include "spec/color.h"

#include <algorithm>

namespace iconsynth::render::build {

namespace {

// A caption in the icon's own words: "outline · light · w2".
std::string caption(const PlannedFile& f) {
  if (!f.variant) return f.path.substr(f.path.find_last_of('/') + 1);
  std::string out = f.variant->style.value_or("");
  if (f.variant->motion) out += " · " + *f.variant->motion;
  if (f.variant->weight) out += " · w" + spec::VariantSpace::weight_label(*f.variant->weight);
  if (f.kind == "png") out += " · " + std::to_string(f.size) + " px";
  return out;
}

// Text that reads on the backdrop: dark on a light one, light on a dark one.
std::string text_colour(spec::Rgba backdrop) {
  return 0.2126 * backdrop.r + 0.7152 * backdrop.g + 0.0722 * backdrop.b > 128 ? "#111827" : "#F3F4F6";
}

}  // namespace

std::string index_html(const spec::IconSpec& spec, const std::vector<PlannedFile>& files, spec::Rgba backdrop) {
  const std::string title = escape_html(spec.meta.title.empty() ? spec.id : spec.meta.title);
  std::string html = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + title +
                     ": iconsynth build</title>\n<style>body{font:14px/1.4 system-ui,sans-serif;margin:24px;background:" +
                     spec::to_hex(backdrop) + ";color:" + text_colour(backdrop) +
                     "}a{color:inherit}h2{font-size:16px;margin:28px 0 4px}p{margin:4px 0 12px;opacity:.8}"
                     ".grid{display:flex;flex-wrap:wrap;gap:14px}figure{margin:0;text-align:center}"
                     "figcaption{font-size:12px;opacity:.8;margin-top:4px}img.strip{max-width:240px;height:auto}"
                     "ul{columns:3;padding-left:18px}</style></head>\n<body><h1>" + title + "</h1>\n<p>" +
                     escape_html(spec.id) + ": " + std::to_string(files.size() + 1) +
                     " files, each listed with its size and sha256 in <a href=\"manifest.json\">manifest.json</a></p>\n";
  // Icons first (SVGs, then PNGs), then the sheets, then the files a browser does not show.
  const auto rank = [&](const OutputKind& kind) {
    for (const PlannedFile& f : files) {
      if (f.kind != kind.name) continue;
      if (f.format == "svg") return 0;
      if (f.format == "png") return f.frames == 1 ? 1 : 2;
      return 3;
    }
    return 4;
  };
  std::vector<const OutputKind*> kinds;
  for (const OutputKind& kind : output_kinds()) kinds.push_back(&kind);
  std::stable_sort(kinds.begin(), kinds.end(), [&](const OutputKind* a, const OutputKind* b) { return rank(*a) < rank(*b); });
  for (const OutputKind* kind_row : kinds) {
    const OutputKind& kind = *kind_row;
    std::string items;
    bool previews = false;
    for (const PlannedFile& f : files) {
      if (f.kind != kind.name) continue;
      const std::string href = escape_html(f.path);
      if (f.format == "svg" || f.format == "png") {
        previews = true;
        const int shown = f.kind == "png" ? f.size : 64;
        items += "<figure><a href=\"" + href + "\"><img src=\"" + href + "\"" +
                 (f.kind == "filmstrip" ? std::string(" class=\"strip\"") : " width=\"" + std::to_string(shown) + "\" height=\"" + std::to_string(shown) + "\"") +
                 " alt=\"" + escape_html(caption(f)) + "\"></a><figcaption>" + escape_html(caption(f)) + "</figcaption></figure>\n";
      } else {
        items += "<li><a href=\"" + href + "\">" + href + "</a></li>\n";
      }
    }
    if (items.empty()) continue;
    html += "<section><h2>" + escape_html(std::string(kind.files)) + "</h2><p>" + escape_html(std::string(kind.about)) + "</p>\n";
    html += previews ? "<div class=\"grid\">\n" + items + "</div>" : "<ul>\n" + items + "</ul>";
    html += "</section>\n";
  }
  return html + "</body></html>\n";
}

}  // namespace iconsynth::render::build
