#include "render/check/check_report.h"

#include "render/cairo/surface.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace iconsynth::render::check {

using nlohmann::json;

namespace {

json frame_json(const FrameResult& f) {
  return {{"asset_frame", f.asset_frame}, {"our_frame", f.our_frame},   {"score", f.score},
          {"edge_shift", f.shape.edge_shift}, {"ink_delta", f.shape.ink_delta}, {"mean_abs", f.stats.mean_abs},
          {"max_abs", f.stats.max_abs}, {"share_over", f.stats.share_over}};
}

json player_json(const PlayerCheck& p) {
  json frames = json::array();
  for (const FrameResult& f : p.frames) frames.push_back(frame_json(f));
  const FrameResult* worst = worst_frame(p);
  return {{"player", engine_name(p.engine)},
          {"theme", p.theme},
          {"compared_with", p.look},
          {"compared_with_theme", p.variant.theme},
          {"weight", p.variant.weight},
          {"found", p.how},
          {"note", p.note},
          {"time_note", p.time_note},
          {"failure", p.failure},
          {"passed", p.passed},
          {"worst_frame", worst ? json(worst->asset_frame) : json(nullptr)},
          {"frames", frames}};
}

// The per-frame score of every player across the animation.
std::string score_chart(const AnimationCheck& a) {
  std::vector<ScoreSeries> series;
  for (const PlayerCheck& p : a.players) {
    ScoreSeries s{engine_name(p.engine), {}};
    for (const FrameResult& f : p.frames) s.scores.push_back(f.score);
    series.push_back(std::move(s));
  }
  return score_chart(series);
}

// One player's verdict on an animation, with its worst frames side by side.
void write_player_section(const CheckResult& r, const AnimationCheck& a, const PlayerCheck& p,
                          const std::filesystem::path& out, std::vector<OutputFile>& files, std::ostream& body) {
  const int enlarge_by = r.size <= 128 ? 2 : 1;
  const std::string player = engine_name(p.engine);
  const std::string on_backdrop = "class=\"img\" style=\"" + backdrop_style(p.backdrop) + "\"";
  if (!p.failure.empty()) {
    body << "<h3>" << escape_html(player) << ": <span class=\"fail\">could not play it</span></h3>\n<p>"
         << escape_html(p.failure) << "</p>\n";
    return;
  }
  body << "<h3>" << escape_html(player) << ": <span class=\"" << (p.passed ? "pass\">matches" : "fail\">differs")
       << "</span></h3>\n<p>" << (p.theme.empty() ? "Inline values drawn" : "Asset theme " + escape_html(p.theme) + " applied by the player")
       << "; compared with " << escape_html(p.look) << " (" << escape_html(p.how) << ").";
  if (!p.note.empty()) body << " " << escape_html(p.note) << ".";
  if (!p.time_note.empty()) body << " Note: " << escape_html(p.time_note) << ".";
  body << "</p>\n<table>\n<tr><th>frame</th><th>asset (" << escape_html(player)
       << ")</th><th>ours (Cairo)</th><th>difference</th><th>metrics</th></tr>\n";
  for (const FrameSample& s : p.worst) {
    // Animation ids come from the asset: never let one steer a path.
    const std::string stem = "img/" + safe_file_name(a.id) + "/" + safe_file_name(player) + "-" + std::to_string(s.result.asset_frame);
    const ImageSurface asset = image_from_pixels(s.asset_pixels.data(), r.size, r.size);
    const ImageSurface ours = image_from_pixels(s.our_pixels.data(), r.size, r.size);
    const auto diff = difference_image(asset.view(), ours.view());
    files.push_back({out / (stem + "-asset.png"), enlarge(asset, enlarge_by).png_bytes()});
    files.push_back({out / (stem + "-ours.png"), enlarge(ours, enlarge_by).png_bytes()});
    files.push_back({out / (stem + "-diff.png"), enlarge(image_from_pixels(diff.data(), r.size, r.size), enlarge_by).png_bytes()});
    body << "<tr><td>" << s.result.asset_frame << "<br>(ours " << fixed(s.result.our_frame, 2) << ")</td>"
         << "<td><img " << on_backdrop << " src=\"" << escape_html(stem) << "-asset.png\" alt=\"asset\"></td>"
         << "<td><img " << on_backdrop << " src=\"" << escape_html(stem) << "-ours.png\" alt=\"ours\"></td>"
         << "<td><img class=\"img\" src=\"" << escape_html(stem) << "-diff.png\" alt=\"difference\"></td><td>score "
         << fixed(s.result.score, 2) << "<br>edge shift " << fixed(s.result.shape.edge_shift, 3) << " px<br>ink "
         << fixed(s.result.shape.ink_delta, 1) << "<br>mean " << fixed(s.result.stats.mean_abs, 3) << ", max "
         << s.result.stats.max_abs << "</td></tr>\n";
  }
  body << "</table>\n";
}

}  // namespace

std::string score_chart(const std::vector<ScoreSeries>& series) {
  constexpr double kWidth = 480, kHeight = 90, kPad = 4;
  std::size_t frames = 0;
  double top = 2;  // the chart shows at least twice the limit
  for (const ScoreSeries& s : series) {
    frames = std::max(frames, s.scores.size());
    for (double score : s.scores) top = std::max(top, score);
  }
  if (frames < 2) return "";
  const auto x = [&](double frame) { return kPad + (kWidth - 2 * kPad) * frame / static_cast<double>(frames - 1); };
  const auto y = [&](double score) { return kHeight - kPad - (kHeight - 2 * kPad) * std::min(score, top) / top; };
  std::ostringstream svg;
  svg << "<svg class=\"chart\" width=\"" << kWidth << "\" height=\"" << kHeight << "\" viewBox=\"0 0 " << kWidth << " "
      << kHeight << "\" role=\"img\" aria-label=\"score per frame\">"
      << "<line x1=\"" << kPad << "\" x2=\"" << kWidth - kPad << "\" y1=\"" << fixed(y(1), 1) << "\" y2=\"" << fixed(y(1), 1)
      << "\" stroke=\"#c00\" stroke-dasharray=\"4 3\"/>";
  const char* colours[] = {"#1f77b4", "#ff7f0e", "#2ca02c"};
  for (std::size_t i = 0; i < series.size(); ++i) {
    svg << "<polyline fill=\"none\" stroke=\"" << colours[i % 3] << "\" stroke-width=\"1.5\" points=\"";
    for (std::size_t f = 0; f < series[i].scores.size(); ++f) svg << fixed(x(static_cast<double>(f)), 1) << "," << fixed(y(series[i].scores[f]), 1) << " ";
    svg << "\"><title>" << escape_html(series[i].name) << "</title></polyline>";
  }
  svg << "</svg>";
  std::ostringstream legend;
  legend << "<p class=\"legend\">Score per frame (edge shift / " << "limit or ink change / limit, whichever is larger; the "
         << "dashed line is the limit, 1; the axis tops at " << fixed(top, 1) << "): ";
  for (std::size_t i = 0; i < series.size(); ++i) {
    legend << (i ? ", " : "") << "<span style=\"color:" << colours[i % 3] << "\">" << escape_html(series[i].name) << "</span>";
  }
  legend << ".</p>\n";
  return legend.str() + svg.str() + "\n";
}

json summary_json(const CheckResult& r) {
  json animations = json::array();
  for (const AnimationCheck& a : r.animations) {
    json structure = json::array();
    for (const StructuralDifference& d : a.structure) structure.push_back({{"what", d.what}, {"asset", d.asset}, {"ours", d.ours}});
    json players = json::array();
    for (const PlayerCheck& p : a.players) players.push_back(player_json(p));
    animations.push_back({{"id", a.id},
                          {"variant", a.variant_id},
                          {"found", a.found},
                          {"matched", a.matched_how},
                          {"passed", a.passed()},
                          {"disagreement", a.disagreement()},
                          {"structure", structure},
                          {"players", players}});
  }
  return {{"asset", r.asset_name},
          {"kind", r.kind},
          {"size", r.size},
          {"thresholds", {{"max_shift", r.thresholds.max_shift}, {"max_shift_units", r.thresholds.max_shift_units},
                          {"max_ink", r.thresholds.max_ink}, {"shift_limit", r.thresholds.shift_limit(r.size, r.grid)}}},
          {"notes", r.notes},
          {"interaction", r.interaction},
          {"passed", r.passed()},
          {"animations", animations}};
}

std::vector<OutputFile> write_check_report(const CheckResult& r, const std::filesystem::path& out) {
  std::vector<OutputFile> files;
  std::ostringstream body;
  for (const AnimationCheck& a : r.animations) {
    body << "<h2><code>" << escape_html(a.id) << "</code>: <span class=\"" << (a.passed() ? "pass\">matches" : "fail\">differs")
         << "</span></h2>\n<p>Compared with " << escape_html(a.found) << ".";
    if (!a.disagreement().empty()) body << " <strong>The players disagree: " << escape_html(a.disagreement()) << ".</strong>";
    body << "</p>\n" << score_chart(a);
    if (!a.structure.empty()) {
      body << "<table>\n<tr><th>structure</th><th>asset</th><th>ours</th></tr>\n";
      for (const StructuralDifference& d : a.structure) {
        body << "<tr><td>" << escape_html(d.what) << "</td><td>" << escape_html(d.asset) << "</td><td>" << escape_html(d.ours)
             << "</td></tr>\n";
      }
      body << "</table>\n";
    }
    for (const PlayerCheck& p : a.players) write_player_section(r, a, p, out, files, body);
  }
  std::ostringstream html;
  html << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>iconsynth check: "
       << escape_html(r.asset_name) << "</title>\n<style>" << kReportStyle << "</style>\n</head>\n<body>\n"
       << "<h1>Check of <code>" << escape_html(r.asset_name) << "</code> (" << escape_html(r.kind)
       << "): <span class=\"" << (r.passed() ? "pass\">matches" : "fail\">differs") << "</span></h1>\n<p>"
       << r.animations.size() << (r.animations.size() == 1 ? " animation" : " animations") << " at " << r.size
       << " px; a frame matches when its edges moved at most " << fixed(r.thresholds.shift_limit(r.size, r.grid), 3)
       << " px (in every window of two grid units) and its ink colour at most " << fixed(r.thresholds.max_ink, 1)
       << " levels. Worst frames first; red: more ink in ours, blue: less.</p>\n";
  for (const std::string& note : r.notes) html << "<p>Note: " << escape_html(note) << "</p>\n";
  html << "<p>Markers and state machines: "
       << (r.interaction.empty() ? "sound (every marker in range, a reduced-motion marker, every state reachable)" : "problems:") << "</p>\n";
  if (!r.interaction.empty()) {
    html << "<ul>\n";
    for (const std::string& f : r.interaction) html << "<li>" << escape_html(f) << "</li>\n";
    html << "</ul>\n";
  }
  html << body.str() << "</body>\n</html>\n";
  files.push_back({out / "summary.json", summary_json(r).dump(2) + "\n"});
  files.push_back({out / "index.html", html.str()});
  return files;
}

}  // namespace iconsynth::render::check
