#include "render/golden/golden_report.h"

#include "render/cairo/surface.h"
#include "render/compare/report_files.h"
#include "render/golden/change_groups.h"
#include "render/golden/report_assets.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>

namespace iconsynth::render::golden {

namespace {

using nlohmann::json;

constexpr int kEnlarge = 4;               // the worst frame's images, for a page without its script
constexpr std::size_t kShownChanges = 8;  // structural changes listed per group
constexpr std::size_t kShownWhere = 6;    // variants named per kind in "failures by kind"

std::string frame_stem(int frame) {
  char text[16];
  std::snprintf(text, sizeof text, "%04d", frame);
  return text;
}

std::string hex_colour(const spec::Rgba& c) {
  char text[8];
  std::snprintf(text, sizeof text, "#%02x%02x%02x", c.r, c.g, c.b);
  return text;
}

bool frame_changed(const FrameCheck& f) { return f.status == FrameCheck::Status::Differs || f.status == FrameCheck::Status::Missing; }

// The report's images: each is added to the files and named relative to index.html.
struct ReportImages {
  std::filesystem::path out;
  std::vector<OutputFile>& files;
  std::string add(const std::string& rel, std::string bytes) {
    files.push_back({out / rel, std::move(bytes)});
    return rel;
  }
};

// What the set accepted for a frame: the image compared, or (an exact match) this rendering.
const Pixels& expected_of(const FrameCheck& f) { return f.expected.empty() ? f.actual : f.expected; }

// The shown variant's key frames as three strips: expected, actual, and their difference.
json write_strips(const VariantCheck& v, int size, ReportImages& images) {
  std::vector<const Pixels*> expected, actual, difference;
  std::vector<Pixels> diffs(v.frames.size());
  for (std::size_t i = 0; i < v.frames.size(); ++i) {
    const FrameCheck& f = v.frames[i];
    actual.push_back(&f.actual);
    expected.push_back(f.status == FrameCheck::Status::Missing ? nullptr : &expected_of(f));
    if (f.status != FrameCheck::Status::Missing) diffs[i] = difference_image(view_of(expected_of(f), size, size), view_of(f.actual, size, size));
    difference.push_back(diffs[i].empty() ? nullptr : &diffs[i]);
  }
  const std::string dir = "img/" + v.golden.id() + "/";
  return {{"expected", images.add(dir + "expected.png", sheet_png(expected, size))},
          {"actual", images.add(dir + "actual.png", sheet_png(actual, size))},
          {"difference", images.add(dir + "difference.png", sheet_png(difference, size))}};
}

std::string img(const std::string& attributes, const std::string& src, const std::string& alt) {
  return "<img " + attributes + " src=\"" + src + "\" alt=\"" + alt + "\">";
}

// The group's worst frame, expected | actual | difference, 4× enlarged, and its metrics: what the
// page shows without its script (the script's views replace it).
void write_worst_frame(const ChangeGroup& g, int size, ReportImages& images, std::ostream& html) {
  const VariantCheck& v = *g.shown;
  const FrameCheck* f = worst_frame(v);
  html << "<div class=\"worst\">";
  if (!f) {
    html << "<p>No frame differs.</p></div>\n";
    return;
  }
  const std::string backdrop = "class=\"img\" style=\"" + backdrop_style(v.backdrop) + "\"";
  const std::string dir = "img/" + v.golden.id() + "/" + frame_stem(f->frame);
  const ImageSurface actual = image_from_pixels(f->actual.data(), size, size);
  const auto figure = [&](const std::string& image, const std::string& caption) {
    html << "<figure>" << image << "<figcaption>" << caption << "</figcaption></figure>";
  };
  if (f->expected.empty()) {
    figure("<p>(no golden image)</p>", "expected");
    figure(img(backdrop, images.add(dir + "-actual.png", enlarge(actual, kEnlarge).png_bytes()), "actual"), "actual");
  } else {
    const ImageSurface expected = image_from_pixels(f->expected.data(), size, size);
    const auto diff = difference_image(expected.view(), actual.view());
    figure(img(backdrop, images.add(dir + "-expected.png", enlarge(expected, kEnlarge).png_bytes()), "expected"), "expected");
    figure(img(backdrop, images.add(dir + "-actual.png", enlarge(actual, kEnlarge).png_bytes()), "actual"), "actual");
    figure(img("class=\"img\"", images.add(dir + "-diff.png", enlarge(image_from_pixels(diff.data(), size, size), kEnlarge).png_bytes()), "difference"),
           "difference (red: more ink now, blue: less)");
  }
  html << "<p class=\"metrics\">frame " << f->frame << " of <code>" << escape_html(v.golden.id()) << "</code>, " << status_name(f->status);
  if (f->status == FrameCheck::Status::Differs) {
    html << ": mean " << fixed(f->stats.mean_abs, 3) << ", max " << f->stats.max_abs << ", " << percent(f->stats.share_over) << " over "
         << f->stats.tolerance;
  }
  html << "</p></div>\n";
}

// Every key frame of the shown variant as it renders now, cut from the actual strip; the changed ones marked.
void write_strip(const VariantCheck& v, int size, const std::string& actual_strip, std::ostream& html) {
  html << "<ol class=\"strip\" aria-label=\"key frames of " << escape_html(v.golden.id()) << " as they render now\">";
  for (std::size_t i = 0; i < v.frames.size(); ++i) {
    const FrameCheck& f = v.frames[i];
    html << "<li class=\"cell" << (frame_changed(f) ? " changed" : "") << "\"><span class=\"thumb\" role=\"img\" aria-label=\"frame " << f.frame
         << (frame_changed(f) ? ", changed" : "") << "\" style=\"" << backdrop_style(v.backdrop) << "; background-image:url('" << actual_strip
         << "'); background-position:-" << i * static_cast<std::size_t>(size) << "px 0; width:" << size << "px; height:" << size
         << "px\"></span>" << f.frame << "</li>";
  }
  html << "</ol>\n";
}

// Structural changes, the first few: the pictures say the rest, summary.json lists them all.
void write_lottie_changes(const std::vector<lottie::JsonChange>& changes, const std::string& error, const std::string& what,
                          std::ostream& html) {
  if (changes.empty() && error.empty()) return;
  html << "<details class=\"changes\"><summary>" << changes.size() << " change" << (changes.size() == 1 ? "" : "s") << " in " << what
       << "</summary><ul>\n";
  for (std::size_t i = 0; i < changes.size() && i < kShownChanges; ++i) {
    html << "<li><code>" << escape_html(lottie::describe(changes[i])) << "</code></li>\n";
  }
  if (changes.size() > kShownChanges) html << "<li>… and " << changes.size() - kShownChanges << " more in summary.json</li>\n";
  if (!error.empty()) html << "<li>not compared: " << escape_html(error) << "</li>\n";
  html << "</ul></details>\n";
}

void write_failures(const std::vector<Failure>& failures, std::ostream& html) {
  html << "<ul class=\"failures\">";
  for (const Failure& f : failures) {
    html << "<li data-kind=\"" << kind_id(f.kind) << "\"><span class=\"kind\">" << escape_html(kind_name(f.kind)) << "</span> "
         << escape_html(f.text) << "</li>";
  }
  html << "</ul>\n";
}

// The group's variant ids, a space between each.
std::string id_list(const ChangeGroup& g) {
  std::string ids;
  for (const VariantCheck* v : g.variants) {
    if (!ids.empty()) ids += ' ';
    ids += v->golden.id();
  }
  return ids;
}

// The command that serves this report with Accept and Undo accept, as the check was run.
std::string review_command(const ReportOptions& options) {
  return "iconsynth golden review --dir " + options.set_dir + (options.spec_args.empty() ? "" : " " + options.spec_args);
}

// The command that accepts the group's variants, as the check was run.
std::string accept_command(const ChangeGroup& g, const ReportOptions& options) {
  std::string command = "iconsynth golden update --dir " + options.set_dir + " --only ";
  command += id_list(g);
  if (!options.spec_args.empty()) command.append(" ").append(options.spec_args);
  return command;
}

// One group: what failed, which spec values can have moved it, its variants, the worst frame, the
// place of the script's views, the strip and the structural changes. Returns the views' data.
json write_group(const ChangeGroup& g, std::size_t number, const CheckReport& report, const ReportOptions& options,
                 ReportImages& images, std::ostream& html) {
  const VariantCheck& v = *g.shown;
  const int size = report.golden.size;
  const std::string id = "group-" + std::to_string(number);
  const std::string variants = id_list(g);
  html << "<section class=\"group\" id=\"" << id << "\" aria-labelledby=\"" << id << "-title\" data-variants=\"" << escape_html(variants)
       << "\">\n<h3 id=\"" << id << "-title\">Group " << number << ": " << g.variants.size() << " variant" << (g.variants.size() == 1 ? "" : "s")
       << " that changed alike</h3>\n";
  write_failures(describe_change(g, report), html);
  if (const auto moved = moved_by(g, report); !moved.empty()) {
    html << "<p>Spec values that can move these variants:</p><ul class=\"spec-values\">";
    for (const spec::SpecDifference* d : moved) html << "<li><code>" << escape_html(d->line()) << "</code></li>";
    html << "</ul>\n";
  }
  html << "<ul class=\"variants\">";
  for (const VariantCheck* member : g.variants) {
    html << "<li data-variant=\"" << escape_html(member->golden.id()) << "\"><code>" << escape_html(member->golden.id()) << "</code></li>";
  }
  html << "</ul>\n<div class=\"actions\" data-variants=\"" << escape_html(variants) << "\"></div>\n";
  html << "<p class=\"accept\">Accept them: <code>" << escape_html(accept_command(g, options)) << "</code></p>\n";
  write_worst_frame(g, size, images, html);
  const json strips = write_strips(v, size, images);
  html << "<div class=\"views\" data-group=\"" << number - 1 << "\"></div>\n";
  write_strip(v, size, strips["actual"], html);
  write_lottie_changes(v.lottie.changes, v.lottie.error, "each variant's Lottie", html);
  html << "</section>\n";

  json frames = json::array();
  for (const FrameCheck& f : v.frames) frames.push_back({{"frame", f.frame}, {"status", status_name(f.status)}, {"share", f.stats.share_over}});
  const FrameCheck* worst = worst_frame(v);
  return {{"section", id},
          {"variant", v.golden.id()},
          {"size", size},
          {"backdrop", hex_colour(v.backdrop)},
          {"frameRate", v.frame_rate > 0 ? v.frame_rate : v.golden.frame_rate},
          {"frameCount", {{"expected", v.golden.frame_count}, {"actual", v.frame_count}}},
          {"keyFrames", frames},
          {"worst", worst ? worst - v.frames.data() : 0},
          {"images", strips}};
}

// Where each kind of failure is: "frame count — 18 variants: a, b, …", "state machine — the bundle".
void write_failures_by_kind(const CheckReport& report, std::ostream& html) {
  std::map<FailureKind, std::vector<std::string>> where;
  for (const VariantCheck& v : report.variants) {
    std::vector<FailureKind> kinds;
    for (const Failure& f : variant_failures(v, report.golden, report.tolerance)) kinds.push_back(f.kind);
    std::sort(kinds.begin(), kinds.end());
    kinds.erase(std::unique(kinds.begin(), kinds.end()), kinds.end());
    for (FailureKind k : kinds) where[k].push_back(v.golden.id());
  }
  for (const std::string& id : report.missing) where[FailureKind::MissingVariant].push_back(id);
  for (const std::string& id : report.unexpected) where[FailureKind::ExtraVariant].push_back(id);
  for (const Failure& f : bundle_failures(report.bundle)) where[f.kind].push_back(report.bundle.name);
  for (const SetFileProblem& p : report.files) where[FailureKind::SetFiles].push_back(describe(p));
  if (where.empty()) return;
  html << "<h2 id=\"kinds\">Failures by kind</h2>\n<table class=\"kinds\"><thead><tr><th>kind</th><th>where</th></tr></thead><tbody>\n";
  for (const auto& [kind, places] : where) {
    html << "<tr data-kind=\"" << kind_id(kind) << "\"><td>" << escape_html(kind_name(kind)) << "</td><td>" << places.size() << ": ";
    for (std::size_t i = 0; i < places.size() && i < kShownWhere; ++i) html << (i ? ", " : "") << "<code>" << escape_html(places[i]) << "</code>";
    if (places.size() > kShownWhere) html << " …";
    html << "</td></tr>\n";
  }
  html << "</tbody></table>\n";
}

void write_head(const CheckReport& report, const ReportOptions& options, int differing_frames, std::size_t groups, std::ostream& html) {
  html << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>iconsynth golden check: "
       << escape_html(report.golden.icon) << "</title>\n<style>" << kReportStyle << "</style>\n<link rel=\"stylesheet\" href=\"report.css\">\n";
  for (const std::string& extra : options.extras) {
    if (extra.ends_with(".css")) html << "<link rel=\"stylesheet\" href=\"" << escape_html(extra) << "\">\n";
  }
  html << "</head>\n<body>\n";
  html << "<h1>Golden check of <code>" << escape_html(report.golden.icon) << "</code>: <span class=\""
       << (report.passed() ? "pass\">passed" : "fail\">failed") << "</span></h1>\n";
  html << "<p>" << report.variants.size() << " variants, " << differing_frames << " differing frames";
  if (groups > 0) html << "; the failing variants changed in " << groups << " way" << (groups == 1 ? "" : "s");
  html << ". Tolerance " << report.tolerance.channel << " per channel, at most " << percent(report.tolerance.max_share)
       << " of pixels beyond it. Goldens at " << report.golden.size << " px, rendered by ";
  for (std::size_t i = 0; i < report.golden.renderers.size(); ++i) html << (i ? "; " : "") << escape_html(report.golden.renderers[i].label());
  html << "; this check by " << escape_html(report.renderer.label()) << ".</p>\n";
  html << "<p class=\"review\">Review these changes and accept them in the browser: <code>"
       << escape_html(review_command(options)) << "</code></p>\n";
  for (const std::string& note : report.notes) html << "<p>Note: " << escape_html(note) << ".</p>\n";
  if (!report.spec.differences.empty()) {
    html << "<h2 id=\"spec\">Spec values that differ from the set's</h2>\n<ul class=\"spec-values\">";
    for (const spec::SpecDifference& d : report.spec.differences) html << "<li><code>" << escape_html(d.line()) << "</code></li>";
    html << "</ul>\n";
  }
}

// The views' data, inside the page (a page opened from disk cannot fetch its neighbours): JSON in
// a script element, with "</" broken so no string in it can end the element.
std::string data_script(const json& data) {
  std::string text = data.dump();
  for (std::size_t at = 0; (at = text.find("</", at)) != std::string::npos; at += 3) text.replace(at, 2, "<\\/");
  return "<script type=\"application/json\" id=\"golden-report-data\">" + text + "</script>\n";
}

}  // namespace

std::vector<OutputFile> write_report(const CheckReport& report, const std::filesystem::path& out, const ReportOptions& options) {
  std::vector<OutputFile> files;
  ReportImages images{out, files};
  int differing_frames = 0;
  for (const VariantCheck& v : report.variants) differing_frames += static_cast<int>(std::count_if(v.frames.begin(), v.frames.end(), frame_changed));
  const std::vector<ChangeGroup> groups = group_changes(report);

  std::ostringstream html;
  write_head(report, options, differing_frames, groups.size(), html);
  write_failures_by_kind(report, html);
  json data = {{"groups", json::array()}};
  if (!groups.empty()) {
    html << "<h2 id=\"groups\">What changed, once per group of variants that changed alike</h2>\n";
    for (std::size_t i = 0; i < groups.size(); ++i) data["groups"].push_back(write_group(groups[i], i + 1, report, options, images, html));
  }
  if (!report.bundle.exact) {
    html << "<section class=\"bundle\" aria-labelledby=\"bundle\">\n<h2 id=\"bundle\">The bundle</h2>\n";
    write_failures(bundle_failures(report.bundle), html);
    html << "<div class=\"actions\" data-variants=\"" << escape_html(report.bundle.name) << "\"></div>\n";
    write_lottie_changes(report.bundle.changes, report.bundle.error, "<code>" + escape_html(report.bundle.name) + "</code>", html);
    html << "</section>\n";
  }
  html << data_script(data) << "<script src=\"report.js\"></script>\n";
  for (const std::string& extra : options.extras) {
    if (extra.ends_with(".js")) html << "<script src=\"" << escape_html(extra) << "\"></script>\n";
  }
  html << "</body>\n</html>\n";

  for (const ReportAsset& asset : report_assets()) files.push_back({out / std::string(asset.name), std::string(asset.text)});
  files.push_back({out / "summary.json", summary_json(report).dump(2) + "\n"});
  files.push_back({out / "index.html", html.str()});
  return files;
}

}  // namespace iconsynth::render::golden
