#include "render/preview/page_data.h"

#include "render/cairo/motion_plot.h"
#include "render/cairo/sized_scene.h"
#include "render/lottie/slots.h"
#include "render/preview/easing_segments.h"
#include "spec/json_reader.h"
#include "spec/spec_document.h"
#include "spec/tunable_paths.h"
#include "spec/value_ranges.h"
#include "spec/variant_space.h"

#include <cstdio>
#include <functional>
#include <map>

namespace iconsynth::render {

namespace {

using Json = nlohmann::ordered_json;

// The page's colour inputs speak lowercase #rrggbb (HTML colour inputs have no alpha).
std::string html_color(spec::Rgba c) {
  char text[8];
  std::snprintf(text, sizeof text, "#%02x%02x%02x", c.r, c.g, c.b);
  return text;
}

const char* kind_word(const motion::Easing& e) {
  return e.kind == motion::Easing::Kind::Hold ? "hold" : e.kind == motion::Easing::Kind::Linear ? "linear" : "bezier";
}

PlotOptions plot_options(const spec::IconSpec& spec, const std::string& motion, const motion::Choreography& c) {
  PlotOptions plot;
  plot.title = spec.id + ": " + motion + " motion, " + std::to_string(c.frame_count) + " frames";
  plot.motion = motion;
  return plot;
}

// Plot geometry the page needs to draw its frame cursor, event marks and easing handles over the chart.
Json plot_entry(const motion::Choreography& c, const PlotOptions& options, const std::string& src) {
  const PlotLayout layout(c, options);
  return {{"src", src},
          {"width", options.width},
          {"height", options.height},
          {"x0", layout.x(0)},
          {"x1", layout.x(c.frame_count - 1)},
          {"scaleTop", layout.scale_top},
          {"scaleBottom", layout.scale_bottom},
          {"scaleMin", layout.scale_min()},
          {"scaleMax", layout.scale_max()},
          {"packetTop", layout.packet_top},
          {"packetBottom", layout.packet_bottom}};
}

// The events of a motion for the page's plot: where each sits, the timing that places it (its
// path, which the editor drags), and what to show on hover: the event and that timing
// ("strong · round 2 · travel frames: motions.… = 20 frames").
Json plot_events(const motion::Choreography& c, const std::string& motion, const std::map<std::string, std::string>& lines) {
  Json events = Json::array();
  std::map<std::pair<double, std::string>, bool> seen;
  for (const motion::ChoreographyEvent& e : c.events) {
    if (e.kind == motion::ChoreographyEvent::Kind::Settled || seen[{e.frame, e.field}]) continue;
    seen[{e.frame, e.field}] = true;
    const std::string path = spec::motion_field_path(motion, e.field);
    const auto line = lines.find(path);
    const std::string name = std::string(motion::event_name(e.kind)) + (e.round >= 0 ? " r" + std::to_string(e.round + 1) : "");
    const std::string about = name + " @" + spec::format_number(e.frame);
    // A departure names its clip: it is placed by what comes before it, not by a timing of its own.
    const bool timing = line != lines.end() && e.kind != motion::ChoreographyEvent::Kind::Depart;
    events.push_back({{"frame", e.frame},
                      {"kind", name},
                      {"title", about + " · " + (line == lines.end() ? path : line->second)},
                      {"path", timing ? Json(path) : Json()}});
  }
  return events;
}

// Where each easing's handles sit: its segment's ends and its handles, and the preset it is.
Json plot_easings(const std::string& motion, const motion::ChoreographyParams& params, const motion::Choreography& c,
                  const spec::Json& document) {
  Json easings = Json::array();
  for (const EasingSegment& s : easing_segments(motion, params, c)) {
    const spec::Json& written = spec::value_at(document, s.path);
    easings.push_back({{"path", s.path},
                       {"panel", s.packet ? "packet" : "scale"},
                       {"from", {s.from_frame, s.from_value}},
                       {"to", {s.to_frame, s.to_value}},
                       {"kind", kind_word(s.ease)},
                       {"handles", {s.ease.x1, s.ease.y1, s.ease.x2, s.ease.y2}},
                       // A packet never runs back: its travel's handles stay in [0, 1].
                       {"yMin", s.packet ? spec::kTravelEaseY.min : spec::kEaseY.min},
                       {"yMax", s.packet ? spec::kTravelEaseY.max : spec::kEaseY.max},
                       {"preset", written.is_string() ? Json(written) : Json()}});
  }
  return easings;
}

}  // namespace

double page_weight(const spec::IconSpec& spec, const PreviewPageOptions& options) {
  return options.weight > 0 ? options.weight : spec.default_weight;
}

std::string page_theme(const spec::IconSpec& spec, const PreviewPageOptions& options) {
  const std::string theme = options.theme.empty() ? spec.default_theme : options.theme;
  spec.theme_rule(theme);  // std::invalid_argument naming the choices when unknown
  return theme;
}

Json page_head(const spec::IconSpec& spec, const PreviewPageOptions& options) {
  Json data = {{"id", spec.id},
               {"meta", spec::to_json(spec.meta)},
               {"generator", options.generator},
               {"lottieWeb", options.lottie_web_version},
               {"size", options.size},
               {"fps", spec.frame_rate},
               {"defaultMotion", spec.default_motion},
               {"cairo", {{"theme", page_theme(spec, options)}, {"weight", page_weight(spec, options)}}},
               // The weight slot is (weight - min) x secondsPerUnit (render/lottie/slots.h).
               {"weights",
                {{"min", spec::kMinWeight},
                 {"max", spec::kMaxWeight},
                 {"presets", spec.weight_presets},
                 {"secondsPerUnit", lottie::kWeightSecondsPerUnit}}}};
  for (const auto& [name, rule] : spec.themes) {
    data["themes"][name] = {{"primary", html_color(rule.primary)},
                            {"backdrop", html_color(rule.backdrop)},
                            {"secondaryMix", rule.secondary_mix}};
  }
  data["styles"] = spec::VariantSpace(spec).styles();
  // The easing presets a spec may name, with their handles, for the editor's preset list.
  for (const std::string& name : motion::easing_preset_names()) {
    const motion::Easing e = *motion::easing_preset(name);
    data["easingPresets"].push_back({{"name", name},
                                     {"kind", kind_word(e)},
                                     {"handles", {e.x1, e.y1, e.x2, e.y2}}});
  }
  return data;
}

Json motion_entry(const spec::IconSpec& spec, const std::string& motion, const std::string& plot_src,
                  const std::vector<spec::TunablePath>* paths) {
  std::map<std::string, std::string> lines;
  for (const spec::TunablePath& p : paths ? *paths : spec::tunable_paths(spec)) lines[p.path] = p.line();
  const motion::ChoreographyParams& params = spec.choreography(motion);
  const motion::Choreography c = motion::choreograph(params, spec.module_count());
  return {{"frames", c.frame_count},
          {"plot", plot_entry(c, plot_options(spec, motion, c), plot_src)},
          {"events", plot_events(c, motion, lines)},
          {"easings", plot_easings(motion, params, c, spec.source)}};
}

std::string input_key(const std::string& inputs) {
  char text[17];
  std::snprintf(text, sizeof text, "%016zx", std::hash<std::string>{}(inputs));
  return text;
}

CardKeys::CardKeys(const spec::IconSpec& spec, const PreviewPageOptions& options) : spec_(spec) {
  Json shared = spec.source;
  for (const char* named : {"styles", "motions", "themes"}) shared.erase(named);
  shared_ = shared.dump() + "/" + std::to_string(options.size) + "/" + spec::format_number(page_weight(spec, options));
}

std::string CardKeys::of(const std::string& style, const std::string& motion, const std::string& theme) const {
  const Json& d = spec_.source;
  return input_key("card/" + shared_ + "/" + style + d["styles"][style].dump() + "/" + motion + d["motions"][motion].dump() + "/" +
                   theme + d["themes"][theme].dump());
}

std::string page_motion_plot(const spec::IconSpec& spec, const std::string& motion, PlotFormat format) {
  const motion::Choreography c = motion::choreograph(spec.choreography(motion), spec.module_count());
  const PlotOptions options = plot_options(spec, motion, c);
  return format == PlotFormat::Png ? motion_plot_png(c, spec.frame_rate, options) : motion_plot_svg(c, spec.frame_rate, options);
}

AnimatedScene card_scene(const spec::IconSpec& spec, const PreviewPageOptions& options, const std::string& style,
                         const std::string& motion, const std::string& theme) {
  // The page is written for options.size: flipbooks and Lottie both draw the scene fitted to that
  // pixel grid (the exact one above the spec's hinting.up_to).
  return scene_for_size(spec, {style, page_weight(spec, options), motion, theme, std::nullopt}, options.size);
}

}  // namespace iconsynth::render
