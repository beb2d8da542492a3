#include "render/golden/golden_report.h"

#include "render/cairo/surface.h"
#include "render/compare/report_files.h"

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

std::vector<OutputFile> write_report(const CheckReport& report, const std::filesystem::path& out) {
  std::vector<OutputFile> files;
  // Adds an image file and returns its path relative to index.html.
  const auto image = [&](const std::string& rel, std::string bytes) {
    files.push_back({out / rel, std::move(bytes)});
    return rel;
  };
  const int size = report.golden.size;

  std::ostringstream rows, strips, lottie_html;
  int differing_frames = 0;
  for (const VariantCheck& v : report.variants) {
    const std::string id = v.golden.id();
    const std::string on_backdrop = "class=\"img\" style=\"" + backdrop_style(v.backdrop) + "\"";
    const bool any_frame_changed = v.count(FrameCheck::Status::Differs) + v.count(FrameCheck::Status::Missing) > 0;
    for (const FrameCheck& f : v.frames) {
      if (f.status != FrameCheck::Status::Differs && f.status != FrameCheck::Status::Missing) continue;
      ++differing_frames;
      const std::string dir = "img/" + id + "/" + frame_stem(f.frame);
      const ImageSurface actual = image_from_pixels(f.actual.data(), size, size);
      const std::string actual_src = image(dir + "-actual.png", enlarge(actual, kEnlarge).png_bytes());
      std::string expected_cell = "<td>(no golden image)</td>", diff_cell = "<td></td>";
      if (!f.expected.empty()) {
        const ImageSurface expected = image_from_pixels(f.expected.data(), size, size);
        const std::string expected_src = image(dir + "-expected.png", enlarge(expected, kEnlarge).png_bytes());
        const auto diff = difference_image(expected.view(), actual.view());
        const std::string diff_src =
            image(dir + "-diff.png", enlarge(image_from_pixels(diff.data(), size, size), kEnlarge).png_bytes());
        expected_cell = "<td><img " + on_backdrop + " src=\"" + expected_src + "\" alt=\"expected\"></td>";
        diff_cell = "<td><img class=\"img\" src=\"" + diff_src + "\" alt=\"difference\"></td>";
      }
      rows << "<tr><td><code>" << escape_html(id) << "</code><br>frame " << f.frame;
      if (v.weight != v.golden.weight) rows << "<br>weight " << v.golden.weight << " → " << v.weight;
      rows << "</td>" << expected_cell << "<td><img " << on_backdrop << " src=\"" << actual_src
           << "\" alt=\"actual\"></td>" << diff_cell << "<td>" << status_name(f.status);
      if (f.status == FrameCheck::Status::Differs) {
        rows << "<br>mean " << fixed(f.stats.mean_abs, 3) << "<br>max " << f.stats.max_abs << "<br>"
             << percent(f.stats.share_over) << " over " << f.stats.tolerance;
      }
      rows << "</td></tr>\n";
    }
    if (any_frame_changed) {
      strips << "<h3><code>" << escape_html(id) << "</code></h3><div class=\"strip\">\n";
      for (const FrameCheck& f : v.frames) {
        const bool changed = f.status == FrameCheck::Status::Differs || f.status == FrameCheck::Status::Missing;
        const std::string src = image("img/" + id + "/strip-" + frame_stem(f.frame) + ".png",
                                      image_from_pixels(f.actual.data(), size, size).png_bytes());
        strips << "<div class=\"cell" << (changed ? " changed" : "") << "\"><img " << on_backdrop << " src=\""
               << src << "\" width=\"" << size << "\" height=\"" << size << "\" alt=\"frame " << f.frame
               << "\"><br>" << f.frame << "</div>\n";
      }
      strips << "</div>\n";
    }
    if (!v.lottie.exact) {
      lottie_html << "<h3><code>" << escape_html(id) << ".json</code></h3><ul>\n";
      for (const auto& c : v.lottie.changes) lottie_html << "<li><code>" << escape_html(lottie::describe(c)) << "</code></li>\n";
      if (!v.lottie.error.empty()) lottie_html << "<li>" << escape_html(v.lottie.error) << "</li>\n";
      lottie_html << "</ul>\n";
    }
  }
  if (!report.bundle.exact) {
    lottie_html << "<h3><code>" << escape_html(report.bundle.name) << "</code></h3><ul>\n";
    for (const auto& c : report.bundle.changes) lottie_html << "<li><code>" << escape_html(lottie::describe(c)) << "</code></li>\n";
    if (!report.bundle.error.empty()) lottie_html << "<li>" << escape_html(report.bundle.error) << "</li>\n";
    lottie_html << "</ul>\n";
  }

  std::ostringstream html;
  html << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>iconsynth golden check: "
       << escape_html(report.golden.icon) << "</title>\n<style>" << kReportStyle << "</style>\n</head>\n<body>\n";
  html << "<h1>Golden check of <code>" << escape_html(report.golden.icon) << "</code>: <span class=\""
       << (report.passed() ? "pass\">passed" : "fail\">failed") << "</span></h1>\n";
  html << "<p>" << report.variants.size() << " variants, " << differing_frames << " differing frames; tolerance "
       << report.tolerance.channel << " per channel, at most " << percent(report.tolerance.max_share)
       << " of pixels beyond it. Goldens at " << size << " px, made by iconsynth " << escape_html(report.golden.iconsynth_version)
       << " with Cairo " << escape_html(report.golden.cairo_version) << ".</p>\n";
  for (const std::string& note : report.notes) html << "<p>Note: " << escape_html(note) << ".</p>\n";
  for (const std::string& id : report.missing) html << "<p class=\"fail\">Missing from the spec: <code>" << escape_html(id) << "</code></p>\n";
  for (const std::string& id : report.unexpected) html << "<p class=\"fail\">No goldens for <code>" << escape_html(id) << "</code></p>\n";
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
