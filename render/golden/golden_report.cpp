#include "render/golden/golden_report.h"

#include "render/cairo/surface.h"
#include "render/compare/report_files.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace iconsynth::render::golden {

namespace {

using nlohmann::json;

constexpr int kEnlarge = 4;


std::string frame_stem(int frame) {
  char text[16];
  std::snprintf(text, sizeof text, "%04d", frame);
  return text;
}


}  // namespace

json summary_json(const CheckReport& report) {
  json variants = json::array();
  for (const VariantCheck& v : report.variants) {
    json frames = json::array();
    for (const FrameCheck& f : v.frames) {
      json frame = {{"frame", f.frame}, {"status", status_name(f.status)}};
      if (f.status == FrameCheck::Status::Within || f.status == FrameCheck::Status::Differs) {
        frame["mean_abs"] = f.stats.mean_abs;
        frame["max_abs"] = f.stats.max_abs;
        frame["share_over"] = f.stats.share_over;
      }
      frames.push_back(frame);
    }
    json changes = json::array();
    for (const auto& c : v.lottie.changes) changes.push_back(lottie::describe(c));
    variants.push_back({{"id", v.golden.id()},
                        {"passed", v.passed()},
                        {"weight", v.weight},
                        {"golden_weight", v.golden.weight},
                        {"frames", frames},
                        {"lottie", {{"exact", v.lottie.exact}, {"changes", changes}, {"error", v.lottie.error}}}});
  }
  json bundle_changes = json::array();
  for (const auto& c : report.bundle.changes) bundle_changes.push_back(lottie::describe(c));
  return {{"passed", report.passed()},
          {"tolerance", {{"channel", report.tolerance.channel}, {"max_share", report.tolerance.max_share}}},
          {"notes", report.notes},
          {"missing_variants", report.missing},
          {"unexpected_variants", report.unexpected},
          {"variants", variants},
          {"bundle", {{"file", report.bundle.name}, {"exact", report.bundle.exact}, {"changes", bundle_changes},
                      {"error", report.bundle.error}}}};
}

namespace {

// The report's images: each is added to the files and named relative to index.html.
struct ReportImages {
  std::filesystem::path out;
  std::vector<OutputFile>& files;
  std::string add(const std::string& rel, std::string bytes) {
    files.push_back({out / rel, std::move(bytes)});
    return rel;
  }
};

bool changed(const FrameCheck& f) {
  return f.status == FrameCheck::Status::Differs || f.status == FrameCheck::Status::Missing;
}

std::string on_backdrop(const VariantCheck& v) { return "class=\"img\" style=\"" + backdrop_style(v.backdrop) + "\""; }

// One table row per changed frame of `v`: expected | actual | difference | metrics.
void write_frame_rows(const VariantCheck& v, int size, ReportImages& images, std::ostream& rows) {
  const std::string id = v.golden.id();
  for (const FrameCheck& f : v.frames) {
    if (!changed(f)) continue;
    const std::string dir = "img/" + id + "/" + frame_stem(f.frame);
    const ImageSurface actual = image_from_pixels(f.actual.data(), size, size);
    const std::string actual_src = images.add(dir + "-actual.png", enlarge(actual, kEnlarge).png_bytes());
    std::string expected_cell = "<td>(no golden image)</td>", diff_cell = "<td></td>";
    if (!f.expected.empty()) {
      const ImageSurface expected = image_from_pixels(f.expected.data(), size, size);
      const std::string expected_src = images.add(dir + "-expected.png", enlarge(expected, kEnlarge).png_bytes());
      const auto diff = difference_image(expected.view(), actual.view());
      const std::string diff_src =
          images.add(dir + "-diff.png", enlarge(image_from_pixels(diff.data(), size, size), kEnlarge).png_bytes());
      expected_cell = "<td><img " + on_backdrop(v) + " src=\"" + expected_src + "\" alt=\"expected\"></td>";
      diff_cell = "<td><img class=\"img\" src=\"" + diff_src + "\" alt=\"difference\"></td>";
    }
    rows << "<tr><td><code>" << escape_html(id) << "</code><br>frame " << f.frame;
    if (v.weight != v.golden.weight) rows << "<br>weight " << v.golden.weight << " → " << v.weight;
    rows << "</td>" << expected_cell << "<td><img " << on_backdrop(v) << " src=\"" << actual_src
         << "\" alt=\"actual\"></td>" << diff_cell << "<td>" << status_name(f.status);
    if (f.status == FrameCheck::Status::Differs) {
      rows << "<br>mean " << fixed(f.stats.mean_abs, 3) << "<br>max " << f.stats.max_abs << "<br>"
           << percent(f.stats.share_over) << " over " << f.stats.tolerance;
    }
    rows << "</td></tr>\n";
  }
}

// Every key frame of a changed variant in a strip, the changed ones marked.
void write_strip(const VariantCheck& v, int size, ReportImages& images, std::ostream& strips) {
  const std::string id = v.golden.id();
  strips << "<h3><code>" << escape_html(id) << "</code></h3><div class=\"strip\">\n";
  for (const FrameCheck& f : v.frames) {
    const std::string src = images.add("img/" + id + "/strip-" + frame_stem(f.frame) + ".png",
                                       image_from_pixels(f.actual.data(), size, size).png_bytes());
    strips << "<div class=\"cell" << (changed(f) ? " changed" : "") << "\"><img " << on_backdrop(v) << " src=\"" << src
           << "\" width=\"" << size << "\" height=\"" << size << "\" alt=\"frame " << f.frame << "\"><br>" << f.frame
           << "</div>\n";
  }
  strips << "</div>\n";
}

// A Lottie file's structural changes (or why it could not be compared) as a list.
void write_lottie_changes(const LottieCheck& check, const std::string& file, std::ostream& html) {
  if (check.exact) return;
  html << "<h3><code>" << escape_html(file) << "</code></h3><ul>\n";
  for (const auto& c : check.changes) html << "<li><code>" << escape_html(lottie::describe(c)) << "</code></li>\n";
  if (!check.error.empty()) html << "<li>" << escape_html(check.error) << "</li>\n";
  html << "</ul>\n";
}

std::string report_head(const CheckReport& report, int differing_frames) {
  std::ostringstream html;
  html << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>iconsynth golden check: "
       << escape_html(report.golden.icon) << "</title>\n<style>" << kReportStyle << "</style>\n</head>\n<body>\n";
  html << "<h1>Golden check of <code>" << escape_html(report.golden.icon) << "</code>: <span class=\""
       << (report.passed() ? "pass\">passed" : "fail\">failed") << "</span></h1>\n";
  html << "<p>" << report.variants.size() << " variants, " << differing_frames << " differing frames; tolerance "
       << report.tolerance.channel << " per channel, at most " << percent(report.tolerance.max_share)
       << " of pixels beyond it. Goldens at " << report.golden.size << " px, made by iconsynth "
       << escape_html(report.golden.iconsynth_version) << " with Cairo " << escape_html(report.golden.cairo_version) << ".</p>\n";
  for (const std::string& note : report.notes) html << "<p>Note: " << escape_html(note) << ".</p>\n";
  for (const std::string& id : report.missing) html << "<p class=\"fail\">Missing from the spec: <code>" << escape_html(id) << "</code></p>\n";
  for (const std::string& id : report.unexpected) html << "<p class=\"fail\">No goldens for <code>" << escape_html(id) << "</code></p>\n";
  return html.str();
}

}  // namespace

std::vector<OutputFile> write_report(const CheckReport& report, const std::filesystem::path& out) {
  std::vector<OutputFile> files;
  ReportImages images{out, files};
  const int size = report.golden.size;
  std::ostringstream rows, strips, lottie_html;
  int differing_frames = 0;
  for (const VariantCheck& v : report.variants) {
    differing_frames += static_cast<int>(std::count_if(v.frames.begin(), v.frames.end(), changed));
    write_frame_rows(v, size, images, rows);
    if (std::any_of(v.frames.begin(), v.frames.end(), changed)) write_strip(v, size, images, strips);
    write_lottie_changes(v.lottie, v.golden.id() + ".json", lottie_html);
  }
  write_lottie_changes(report.bundle, report.bundle.name, lottie_html);

  std::ostringstream html;
  html << report_head(report, differing_frames);
  if (differing_frames > 0) {
    html << "<h2>Differing frames</h2>\n<table>\n<tr><th>variant</th><th>expected</th><th>actual</th><th>difference "
            "(red: more ink now, blue: less)</th><th>metrics</th></tr>\n"
         << rows.str() << "</table>\n<h2>Frames of changed variants</h2>\n" << strips.str();
  }
  if (!lottie_html.str().empty()) html << "<h2>Lottie changes</h2>\n" << lottie_html.str();
  html << "</body>\n</html>\n";

  files.push_back({out / "summary.json", summary_json(report).dump(2) + "\n"});
  files.push_back({out / "index.html", html.str()});
  return files;
}

}  // namespace iconsynth::render::golden
