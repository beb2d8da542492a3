#include "render/fit/fit_report.h"

#include "render/cairo/surface.h"
#include "render/check/check_report.h"
#include "spec/json_reader.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace iconsynth::render::fit {

namespace {

using nlohmann::json;

std::string number(double v, int decimals) {
  char text[48];
  std::snprintf(text, sizeof text, "%.*f", decimals, v);
  return text;
}

int decimals_of(Family f) {
  switch (f) {
    case Family::Timing: return 3;
    case Family::Weight: return 3;
    case Family::FrameRate: return 3;
    default: return 4;
  }
}

std::string plain(Family family, double v, const std::string& unit) {
  std::string text = number(v, decimals_of(family));
  if (text.find('.') != std::string::npos) {  // 24.000 → 24, 1.1200 → 1.12
    text.erase(text.find_last_not_of('0') + 1);
    if (text.back() == '.') text.pop_back();
  }
  return unit.empty() ? text : unit == "\u00d7" ? text + "\u00d7" : text + " " + unit;
}

// An easing's four rows as one: its preset's name, or its handles.
struct Row {
  FittedParam param;
  std::string value, base;
};

std::vector<Row> rows_of(const FitResult& r) {
  std::vector<Row> rows;
  for (std::size_t i = 0; i < r.params.size(); ++i) {
    const FittedParam& p = r.params[i];
    if (p.family == Family::Easing && p.path.size() > 2 && p.path.substr(p.path.size() - 2) == ".0" && i + 3 < r.params.size()) {
      Row row{p, "", p.base_text};
      row.param.path = p.path.substr(0, p.path.size() - 2);
      std::string handles = "[", base = "[";
      for (int h = 0; h < 4; ++h) {
        if (h) handles += ", ", base += ", ";  // appended piece by piece: GCC 12 misreads (h ? ", " : "") + text
        handles += plain(Family::Easing, r.params[i + h].value, "");
        base += plain(Family::Easing, r.params[i + h].base, "");
      }
      row.value = p.text.empty() ? handles + "]" : p.text;
      if (row.base.empty()) row.base = base + "]";
      rows.push_back(std::move(row));
      i += 3;
      continue;
    }
    rows.push_back({p, value_text(p), p.base_text.empty() ? plain(p.family, p.base, p.unit) : p.base_text});
  }
  return rows;
}

// "layout.die.size 1.75 – 8 units: draws the same (drawn as 2, on the keylines)".
std::string same_drawing_text(const SameDrawing& s) {
  return s.path + " " + plain(Family::Layout, s.low, "") + " \u2013 " + plain(Family::Layout, s.high, "units") + ": draws the same" +
         (s.drawn.empty() ? "" : " (drawn as " + s.drawn + ")");
}

std::string range_text(const FittedParam& p) {
  if (!p.pass_low || !p.pass_high) return "";
  return plain(p.family, *p.pass_low, "") + " \u2013 " + plain(p.family, *p.pass_high, p.unit);
}

std::string verdict_text(const AnimationFit& a) {
  std::string out;
  for (const ViewFit& v : a.views) {
    const double worst = v.scores.empty() ? 0 : *std::max_element(v.scores.begin(), v.scores.end());
    out += (out.empty() ? "" : ", ") + check::engine_name(v.engine) + (v.passed ? " matches" : " DIFFERS") + " (worst score " +
           number(worst, 2) + ")";
  }
  for (const std::string& f : a.failures) out += "; could not play: " + f;
  return out;
}

std::string spot_text(const ResidualSpot& s) {
  char center[64];
  std::snprintf(center, sizeof center, " around (%.1f, %.1f)", s.center.x(), s.center.y());
  return s.element + (s.element.rfind("outside", 0) == 0 ? std::string(center) : "") + ": " + number(100 * s.share, 0) +
         "% of the differing pixels, frames " + frame_ranges(s.frames);
}

}  // namespace

std::string value_text(const FittedParam& p) { return p.text.empty() ? plain(p.family, p.value, p.unit) : p.text; }

std::string fit_text(const FitResult& r, const std::string& target_name) {
  std::ostringstream out;
  out << "fit of " << target_name << ": " << (r.matched() ? "a spec matches" : "NO spec of this icon matches") << " (check at "
      << r.size << " px)" << (r.converged ? "" : "; the search did not converge (budget spent)") << "\n";
  for (const std::string& n : r.notes) out << "note: " << n << "\n";
  for (const AnimationFit& a : r.animations) {
    out << "  " << a.id << ": " << verdict_text(a) << "\n";
    for (const ResidualSpot& s : a.spots) out << "    residual in " << spot_text(s) << "\n";
  }
  char line[512];
  std::snprintf(line, sizeof line, "%-56s %-22s %-22s %s\n", "parameter", "fitted", "base", "check passes for");
  out << line;
  std::vector<std::string> kept;
  for (const Row& row : rows_of(r)) {
    if (row.param.state == ParamState::NotShown || row.param.state == ParamState::Undetermined || row.param.state == ParamState::Fixed) {
      if (row.value != row.base || row.param.state == ParamState::Undetermined) kept.push_back(row.param.path + " (" + state_name(row.param.state) + ")");
      continue;
    }
    const std::string note = row.param.note.empty() ? "" : " (" + row.param.note + ")";
    std::snprintf(line, sizeof line, "%-56s %-22s %-22s %s%s\n", row.param.path.c_str(), row.value.c_str(), row.base.c_str(),
                  range_text(row.param).c_str(), note.c_str());
    out << line;
  }
  std::size_t not_shown = 0;
  for (const Row& row : rows_of(r)) not_shown += row.param.state == ParamState::NotShown;
  if (not_shown) out << "kept at the base: " << not_shown << " parameters of motions the target does not show\n";
  for (const std::string& k : kept) out << "kept at the base: " << k << "\n";
  for (const SameDrawing& same : r.same_drawing) out << "the frames cannot tell apart: " << same_drawing_text(same) << "\n";
  for (const std::string& s : r.stages) out << "stage: " << s << "\n";
  out << r.renders << " frames drawn, " << number(r.seconds, 1) << " s\n";
  return out.str();
}

json fit_json(const FitResult& r, const std::string& target_name) {
  json params = json::array();
  for (const Row& row : rows_of(r)) {
    json p = {{"path", row.param.path},   {"family", family_name(row.param.family)}, {"state", state_name(row.param.state)},
              {"value", row.value},       {"base", row.base},                         {"note", row.param.note}};
    if (row.param.text.empty() && row.param.family != Family::Easing && row.param.family != Family::Style) p["number"] = row.param.value;
    if (row.param.pass_low) p["passes"] = {*row.param.pass_low, *row.param.pass_high};
    params.push_back(std::move(p));
  }
  json animations = json::array();
  for (const AnimationFit& a : r.animations) {
    json views = json::array();
    for (const ViewFit& v : a.views) views.push_back({{"player", check::engine_name(v.engine)}, {"passed", v.passed}, {"scores", v.scores}});
    json spots = json::array();
    for (const ResidualSpot& s : a.spots) {
      spots.push_back({{"element", s.element}, {"share", s.share}, {"frames", s.frames}, {"center", {s.center.x(), s.center.y()}}});
    }
    animations.push_back({{"id", a.id}, {"variant", spec::VariantSpace::animation_id(a.variant)}, {"weight", a.variant.weight},
                          {"theme", a.variant.theme}, {"found", a.found}, {"passed", a.passed()}, {"failures", a.failures},
                          {"worst_frame", a.worst_frame}, {"views", views}, {"spots", spots}});
  }
  json same = json::array();
  for (const SameDrawing& d : r.same_drawing) same.push_back({{"path", d.path}, {"low", d.low}, {"high", d.high}, {"drawn", d.drawn}});
  return {{"target", target_name}, {"matched", r.matched()}, {"converged", r.converged}, {"size", r.size},
          {"seconds", r.seconds},  {"renders", r.renders},   {"stages", r.stages},       {"notes", r.notes},
          {"params", params},      {"same_drawing", same},   {"animations", animations}};
}

std::vector<OutputFile> write_fit_report(const FitResult& r, const std::string& target_name, const std::filesystem::path& out) {
  std::vector<OutputFile> files;
  std::ostringstream body;
  body << "<h1>Fit of <code>" << escape_html(target_name) << "</code>: <span class=\"" << (r.matched() ? "pass\">a spec matches" : "fail\">no spec of this icon matches")
       << "</span></h1>\n<p>Judged by check at " << r.size << " px" << (r.converged ? "" : "; the search did not converge (its budget was spent)")
       << "; " << r.renders << " frames drawn in " << number(r.seconds, 1) << " s.</p>\n";
  for (const std::string& n : r.notes) body << "<p>Note: " << escape_html(n) << "</p>\n";
  for (const AnimationFit& a : r.animations) {
    body << "<h2><code>" << escape_html(a.id) << "</code>: <span class=\"" << (a.passed() ? "pass\">matches" : "fail\">differs")
         << "</span></h2>\n<p>" << escape_html(a.look) << "; " << escape_html(verdict_text(a)) << ".</p>\n";
    std::vector<check::ScoreSeries> series;
    for (const ViewFit& v : a.views) series.push_back({check::engine_name(v.engine), v.scores});
    body << check::score_chart(series);
    if (!a.spots.empty()) {
      body << "<p>Where the residual sits:</p>\n<ul>\n";
      for (const ResidualSpot& s : a.spots) body << "<li>" << escape_html(spot_text(s)) << "</li>\n";
      body << "</ul>\n";
    }
    if (a.worst_frame >= 0 && !a.worst_target.empty()) {
      const int size = r.size;
      const std::string stem = "img/" + safe_file_name(a.id);
      const ImageSurface theirs = image_from_pixels(a.worst_target.data(), size, size);
      const ImageSurface ours = image_from_pixels(a.worst_ours.data(), size, size);
      const auto diff = difference_image(theirs.view(), ours.view());
      const int by = size <= 128 ? 2 : 1;
      files.push_back({out / (stem + "-target.png"), enlarge(theirs, by).png_bytes()});
      files.push_back({out / (stem + "-ours.png"), enlarge(ours, by).png_bytes()});
      files.push_back({out / (stem + "-diff.png"), enlarge(image_from_pixels(diff.data(), size, size), by).png_bytes()});
      const std::string on = "class=\"img\" style=\"" + backdrop_style(a.backdrop) + "\"";
      body << "<table>\n<tr><th>worst frame</th><th>target</th><th>fitted</th><th>difference</th></tr>\n<tr><td>" << a.worst_frame
           << "</td><td><img " << on << " src=\"" << escape_html(stem) << "-target.png\" alt=\"target\"></td><td><img " << on << " src=\""
           << escape_html(stem) << "-ours.png\" alt=\"fitted\"></td><td><img class=\"img\" src=\"" << escape_html(stem)
           << "-diff.png\" alt=\"difference\"></td></tr>\n</table>\n";
    }
  }
  body << "<h2>Parameters</h2>\n<table>\n<tr><th>path</th><th>state</th><th>fitted</th><th>base</th><th>check passes for</th></tr>\n";
  for (const Row& row : rows_of(r)) {
    if (row.param.state == ParamState::NotShown) continue;
    body << "<tr><td><code>" << escape_html(row.param.path) << "</code></td><td>" << escape_html(state_name(row.param.state))
         << (row.param.note.empty() ? "" : " (" + escape_html(row.param.note) + ")") << "</td><td>" << escape_html(row.value)
         << "</td><td>" << escape_html(row.base) << "</td><td>" << escape_html(range_text(row.param)) << "</td></tr>\n";
  }
  body << "</table>\n";
  if (!r.same_drawing.empty()) {
    body << "<h2>What the frames cannot tell apart</h2>\n<ul>\n";
    for (const SameDrawing& same : r.same_drawing) body << "<li><code>" << escape_html(same_drawing_text(same)) << "</code></li>\n";
    body << "</ul>\n";
  }
  body << "<h2>Stages</h2>\n<ul>\n";
  for (const std::string& s : r.stages) body << "<li>" << escape_html(s) << "</li>\n";
  body << "</ul>\n";
  std::ostringstream html;
  html << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>iconsynth fit: " << escape_html(target_name)
       << "</title>\n<style>" << kReportStyle << "</style>\n</head>\n<body>\n" << body.str() << "</body>\n</html>\n";
  files.push_back({out / "fit.json", fit_json(r, target_name).dump(2) + "\n"});
  files.push_back({out / "index.html", html.str()});
  return files;
}

}  // namespace iconsynth::render::fit
