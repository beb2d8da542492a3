#include "render/check/check_report.h"

#include "render/cairo/surface.h"

#include <cstdio>
#include <sstream>

namespace iconsynth::render::check {

using nlohmann::json;

json summary_json(const CheckResult& r) {
  json animations = json::array();
  for (const AnimationCheck& a : r.animations) {
    json structure = json::array();
    for (const StructuralDifference& d : a.structure) structure.push_back({{"what", d.what}, {"asset", d.asset}, {"ours", d.ours}});
    json frames = json::array();
    for (const FrameResult& f : a.frames) {
      frames.push_back({{"asset_frame", f.asset_frame}, {"our_frame", f.our_frame}, {"mean_abs", f.stats.mean_abs},
                        {"max_abs", f.stats.max_abs}, {"share_over", f.stats.share_over}});
    }
    const FrameResult* worst = worst_frame(a);
    animations.push_back({{"id", a.id},
                          {"variant", a.variant_id},
                          {"matched", a.matched_how},
                          {"theme", a.theme},
                          {"time_note", a.time_note},
                          {"passed", a.passed},
                          {"worst_frame", worst ? json(worst->asset_frame) : json(nullptr)},
                          {"structure", structure},
                          {"frames", frames}});
  }
  return {{"asset", r.asset_name},
          {"kind", lottie::kind_name(r.kind)},
          {"size", r.size},
          {"thresholds", {{"tolerance", r.thresholds.tolerance}, {"max_mean", r.thresholds.max_mean},
                          {"max_share", r.thresholds.max_share}}},
          {"passed", r.passed()},
          {"animations", animations}};
}

std::vector<OutputFile> write_check_report(const CheckResult& r, const std::filesystem::path& out) {
  std::vector<OutputFile> files;
  const int enlarge_by = r.size <= 128 ? 2 : 1;
  std::ostringstream body;
  for (const AnimationCheck& a : r.animations) {
    const std::string theme_class = a.theme == "light" ? "light" : "dark";
    body << "<h2><code>" << escape_html(a.id) << "</code>: <span class=\"" << (a.passed ? "pass\">matches" : "fail\">differs")
         << "</span></h2>\n<p>Compared with " << escape_html(a.variant_id) << ", matched " << escape_html(a.matched_how)
         << (a.theme.empty() ? "" : "; asset theme " + escape_html(a.theme) + " applied") << ".</p>\n";
    if (!a.time_note.empty()) body << "<p>Note: " << escape_html(a.time_note) << ".</p>\n";
    if (!a.structure.empty()) {
      body << "<table>\n<tr><th>structure</th><th>asset</th><th>ours</th></tr>\n";
      for (const StructuralDifference& d : a.structure) {
        body << "<tr><td>" << escape_html(d.what) << "</td><td>" << escape_html(d.asset) << "</td><td>" << escape_html(d.ours)
             << "</td></tr>\n";
      }
      body << "</table>\n";
    }
    body << "<table>\n<tr><th>frame</th><th>asset (rlottie)</th><th>ours (Cairo)</th><th>difference</th><th>metrics</th></tr>\n";
    for (const FrameSample& s : a.worst) {
      // Animation ids come from the asset: never let one steer a path.
      const std::string stem = "img/" + safe_file_name(a.id) + "/" + std::to_string(s.result.asset_frame);
      const ImageSurface asset = image_from_pixels(s.asset_pixels.data(), r.size, r.size);
      const ImageSurface ours = image_from_pixels(s.our_pixels.data(), r.size, r.size);
      const auto diff = difference_image(asset.view(), ours.view());
      files.push_back({out / (stem + "-asset.png"), enlarge(asset, enlarge_by).png_bytes()});
      files.push_back({out / (stem + "-ours.png"), enlarge(ours, enlarge_by).png_bytes()});
      files.push_back({out / (stem + "-diff.png"), enlarge(image_from_pixels(diff.data(), r.size, r.size), enlarge_by).png_bytes()});
      body << "<tr><td>" << s.result.asset_frame << "<br>(ours " << fixed(s.result.our_frame, 2) << ")</td>"
           << "<td><img class=\"img " << theme_class << "\" src=\"" << escape_html(stem) << "-asset.png\" alt=\"asset\"></td>"
           << "<td><img class=\"img " << theme_class << "\" src=\"" << escape_html(stem) << "-ours.png\" alt=\"ours\"></td>"
           << "<td><img class=\"img\" src=\"" << escape_html(stem) << "-diff.png\" alt=\"difference\"></td><td>mean "
           << fixed(s.result.stats.mean_abs, 3) << "<br>max " << s.result.stats.max_abs << "<br>"
           << percent(s.result.stats.share_over) << " over " << s.result.stats.tolerance << "</td></tr>\n";
    }
    body << "</table>\n";
  }
  std::ostringstream html;
  html << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>iconsynth check: "
       << escape_html(r.asset_name) << "</title>\n<style>" << kReportStyle << "</style>\n</head>\n<body>\n"
       << "<h1>Check of <code>" << escape_html(r.asset_name) << "</code> (" << escape_html(lottie::kind_name(r.kind))
       << "): <span class=\"" << (r.passed() ? "pass\">matches" : "fail\">differs") << "</span></h1>\n<p>"
       << r.animations.size() << (r.animations.size() == 1 ? " animation" : " animations") << " at " << r.size << " px; a frame matches when its mean difference is at most "
       << fixed(r.thresholds.max_mean, 2) << " and at most " << percent(r.thresholds.max_share) << " of pixels differ by more than "
       << r.thresholds.tolerance << ". Worst frames first; red: more ink in ours, blue: less.</p>\n"
       << body.str() << "</body>\n</html>\n";
  files.push_back({out / "summary.json", summary_json(r).dump(2) + "\n"});
  files.push_back({out / "index.html", html.str()});
  return files;
}

}  // namespace iconsynth::render::check
