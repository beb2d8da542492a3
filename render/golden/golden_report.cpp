#include "render/golden/golden_report.h"

#include "render/cairo/surface.h"
#include "render/compare/report_files.h"
#include "render/golden/change_groups.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace iconsynth::render::golden {

namespace {

using nlohmann::json;

constexpr int kEnlarge = 4;
constexpr std::size_t kShownChanges = 8;  // structural changes listed per group


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
                        {"frame_count", v.frame_count},
                        {"golden_frame_count", v.golden.frame_count},
                        {"frames", frames},
                        {"lottie", {{"exact", v.lottie.exact}, {"changes", changes}, {"error", v.lottie.error}}}});
  }
  json set_files = json::array();
  for (const SetFileProblem& p : report.files) {
    const char* kinds[] = {"missing", "altered", "extra"};
    set_files.push_back({{"file", p.file}, {"problem", kinds[static_cast<int>(p.kind)]}});
  }
  json bundle_changes = json::array();
  for (const auto& c : report.bundle.changes) bundle_changes.push_back(lottie::describe(c));
  return {{"passed", report.passed()},
          {"tolerance", {{"channel", report.tolerance.channel}, {"max_share", report.tolerance.max_share}}},
          {"notes", report.notes},
          {"missing_variants", report.missing},
          {"unexpected_variants", report.unexpected},
          {"set_files", set_files},
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

std::string img(const std::string& attributes, const std::string& src, const std::string& alt) {
  return "<img " + attributes + " src=\"" + src + "\" alt=\"" + alt + "\">";
}

// The group's worst frame, expected | actual | difference, 4× enlarged, and its metrics.
void write_worst_frame(const ChangeGroup& g, int size, ReportImages& images, std::ostream& html) {
  const VariantCheck& v = *g.shown;
  const FrameCheck* f = worst_frame(v);
  if (!f) {
    html << "<td colspan=\"4\">no frame differs</td>";
    return;
  }
  const std::string dir = "img/" + v.golden.id() + "/" + frame_stem(f->frame);
  const ImageSurface actual = image_from_pixels(f->actual.data(), size, size);
  const std::string actual_src = images.add(dir + "-actual.png", enlarge(actual, kEnlarge).png_bytes());
  if (f->expected.empty()) {
    html << "<td>(no golden image)</td><td>" << img(on_backdrop(v), actual_src, "actual") << "</td><td></td>";
  } else {
    const ImageSurface expected = image_from_pixels(f->expected.data(), size, size);
    const auto diff = difference_image(expected.view(), actual.view());
    html << "<td>" << img(on_backdrop(v), images.add(dir + "-expected.png", enlarge(expected, kEnlarge).png_bytes()), "expected")
         << "</td><td>" << img(on_backdrop(v), actual_src, "actual") << "</td><td>"
         << img("class=\"img\"", images.add(dir + "-diff.png", enlarge(image_from_pixels(diff.data(), size, size), kEnlarge).png_bytes()),
                "difference")
         << "</td>";
  }
  html << "<td>frame " << f->frame << " of <code>" << escape_html(v.golden.id()) << "</code><br>" << status_name(f->status);
  if (f->status == FrameCheck::Status::Differs) {
    html << "<br>mean " << fixed(f->stats.mean_abs, 3) << "<br>max " << f->stats.max_abs << "<br>" << percent(f->stats.share_over)
         << " over " << f->stats.tolerance;
  }
  html << "</td>";
}

// Every key frame of the group's shown variant in a strip, the changed ones marked.
void write_strip(const ChangeGroup& g, int size, ReportImages& images, std::ostream& html) {
  const VariantCheck& v = *g.shown;
  html << "<div class=\"strip\">";
  for (const FrameCheck& f : v.frames) {
    const std::string src = images.add("img/" + v.golden.id() + "/strip-" + frame_stem(f.frame) + ".png",
                                       image_from_pixels(f.actual.data(), size, size).png_bytes());
    html << "<div class=\"cell" << (changed(f) ? " changed" : "") << "\"><img " << on_backdrop(v) << " src=\"" << src
         << "\" width=\"" << size << "\" height=\"" << size << "\" alt=\"frame " << f.frame << "\"><br>" << f.frame << "</div>";
  }
  html << "</div>\n";
}

// Structural changes, the first few: the pictures say the rest, summary.json lists them all.
void write_lottie_changes(const std::vector<lottie::JsonChange>& changes, const std::string& error, const std::string& what,
                          std::ostream& html) {
  if (changes.empty() && error.empty()) return;
  html << "<p>" << changes.size() << " change" << (changes.size() == 1 ? "" : "s") << " in " << what << ":</p><ul class=\"changes\">\n";
  for (std::size_t i = 0; i < changes.size() && i < kShownChanges; ++i) {
    html << "<li><code>" << escape_html(lottie::describe(changes[i])) << "</code></li>\n";
  }
  if (changes.size() > kShownChanges) html << "<li>… and " << changes.size() - kShownChanges << " more in summary.json</li>\n";
  if (!error.empty()) html << "<li>not compared: " << escape_html(error) << "</li>\n";
  html << "</ul>\n";
}

// One group: what its variants share, which they are, the worst frame and the strip.
void write_group(const ChangeGroup& g, int size, ReportImages& images, std::ostream& html) {
  html << "<tbody class=\"group\"><tr><td class=\"what\">";
  for (const std::string& d : describe_change(g)) html << escape_html(d) << "<br>";
  html << "<span class=\"variants\">" << g.variants.size() << " variant" << (g.variants.size() == 1 ? "" : "s") << ":";
  for (const VariantCheck* v : g.variants) html << " <code>" << escape_html(v->golden.id()) << "</code>";
  html << "</span></td>";
  write_worst_frame(g, size, images, html);
  html << "</tr>\n<tr><td colspan=\"5\">";
  if (!g.frames.empty()) write_strip(g, size, images, html);
  write_lottie_changes(g.shown->lottie.changes, g.shown->lottie.error, "each variant's Lottie", html);
  html << "</td></tr></tbody>\n";
}

std::string report_head(const CheckReport& report, int differing_frames, std::size_t groups) {
  std::ostringstream html;
  html << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>iconsynth golden check: "
       << escape_html(report.golden.icon) << "</title>\n<style>" << kReportStyle
       << ".what { max-width: 280px; } .variants { font-size: 12px; } .variants code { display: inline-block; margin: 1px 0; }"
       << "</style>\n</head>\n<body>\n";
  html << "<h1>Golden check of <code>" << escape_html(report.golden.icon) << "</code>: <span class=\""
       << (report.passed() ? "pass\">passed" : "fail\">failed") << "</span></h1>\n";
  html << "<p>" << report.variants.size() << " variants, " << differing_frames << " differing frames";
  if (groups > 0) html << "; the failing variants changed in " << groups << " way" << (groups == 1 ? "" : "s");
  html << ". Tolerance " << report.tolerance.channel << " per channel, at most " << percent(report.tolerance.max_share)
       << " of pixels beyond it. Goldens at " << report.golden.size << " px, made by iconsynth "
       << escape_html(report.golden.iconsynth_version) << " with Cairo " << escape_html(report.golden.cairo_version) << ".</p>\n";
  for (const std::string& note : report.notes) html << "<p>Note: " << escape_html(note) << ".</p>\n";
  for (const std::string& id : report.missing) html << "<p class=\"fail\">Missing from the spec: <code>" << escape_html(id) << "</code></p>\n";
  for (const std::string& id : report.unexpected) html << "<p class=\"fail\">No goldens for <code>" << escape_html(id) << "</code></p>\n";
  for (const SetFileProblem& p : report.files) html << "<p class=\"fail\">Set file " << escape_html(describe(p)) << "</p>\n";
  return html.str();
}

}  // namespace

std::vector<OutputFile> write_report(const CheckReport& report, const std::filesystem::path& out) {
  std::vector<OutputFile> files;
  ReportImages images{out, files};
  int differing_frames = 0;
  for (const VariantCheck& v : report.variants) differing_frames += static_cast<int>(std::count_if(v.frames.begin(), v.frames.end(), changed));
  const std::vector<ChangeGroup> groups = group_changes(report);

  std::ostringstream html;
  html << report_head(report, differing_frames, groups.size());
  if (!groups.empty()) {
    html << "<h2>What changed, once per group of variants that changed alike</h2>\n<table>\n<thead><tr><th>change</th>"
            "<th>expected</th><th>actual</th><th>difference (red: more ink now, blue: less)</th><th>worst frame</th></tr></thead>\n";
    for (const ChangeGroup& g : groups) write_group(g, report.golden.size, images, html);
    html << "</table>\n";
  }
  if (!report.bundle.exact) {
    html << "<h2>The bundle</h2>\n";
    write_lottie_changes(report.bundle.changes, report.bundle.error, "<code>" + escape_html(report.bundle.name) + "</code>", html);
  }
  html << "</body>\n</html>\n";

  files.push_back({out / "summary.json", summary_json(report).dump(2) + "\n"});
  files.push_back({out / "index.html", html.str()});
  return files;
}

}  // namespace iconsynth::render::golden
