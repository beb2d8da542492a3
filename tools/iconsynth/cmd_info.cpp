#include "tools/iconsynth/cli_options.h"
#include "tools/iconsynth/commands.h"

#include "geometry/ring.h"
#include "render/cairo/raster.h"
#include "render/lottie/markers.h"
#include "spec/json_reader.h"
#include "spec/tunable_paths.h"

#include <algorithm>
#include <iomanip>
#include <iostream>

namespace iconsynth::cli {

namespace {

using json = nlohmann::ordered_json;  // the spec's order

json motion_summary(const spec::IconSpec& spec, const std::string& m) {
  const motion::Choreography c = motion::choreograph(spec.choreography(m), spec.module_count());
  json events = json::array();
  for (const motion::ChoreographyEvent& e : c.events) {
    events.push_back({{"kind", motion::event_name(e.kind)},
                      {"frame", e.frame},
                      {"module", e.module < 0 ? json("all") : json(geometry::position_name(e.module, spec.module_count()))},
                      {"round", e.round + 1},
                      {"path", spec::motion_field_path(m, e.field)}});
  }
  json markers = json::array();
  for (const render::lottie::Marker& mk : render::lottie::animation_markers(c)) {
    markers.push_back({{"name", mk.name}, {"start", mk.start}, {"duration", mk.duration}});
  }
  return {{"frames", c.frame_count},
          {"duration_ms", c.frame_count * 1000.0 / spec.frame_rate},
          {"rounds", c.round_count},
          {"anticipation", std::any_of(c.events.begin(), c.events.end(), [](const motion::ChoreographyEvent& e) {
             return e.kind == motion::ChoreographyEvent::Kind::AnticipationLow;
           })},
          {"events", events},
          {"markers", markers}};
}

json info_json(const spec::IconSpec& spec) {
  json motions = json::object(), themes = json::object();
  const spec::VariantSpace space(spec);
  for (const std::string& m : space.motions()) motions[m] = motion_summary(spec, m);
  for (const auto& [name, rule] : spec.themes) {
    themes[name] = {{"primary", spec::to_hex(rule.primary)}, {"secondary", spec::to_hex(rule.secondary(rule.primary))}};
  }
  return {{"id", spec.id},
          {"meta", spec::to_json(spec.meta)},
          {"frame_rate", spec.frame_rate},
          {"kind", spec.kind},
          {"modules", spec.module_count()},
          {"motions", motions},
          {"styles", space.styles()},
          {"defaults", {{"style", spec.default_style}, {"motion", spec.default_motion}, {"theme", spec.default_theme}}},
          {"interaction", {{"hover", spec.hover_motion}, {"click", spec.click_motion}}},
          {"weights", {{"min", spec::kMinWeight}, {"max", spec::kMaxWeight}, {"default", spec.default_weight},
                       {"presets", spec.weight_presets}}},
          {"themes", themes},
          {"sizes", {{"min", render::kMinSize}, {"max", render::kMaxSize}}},
          {"spec", spec.source}};
}

// Events of one kind at one frame, printed on one line with the spec path of the timing that
// places them: "frame 30    land:             tr br bl tl   motions.light.timeline.exchange.travel.frames".
void print_events(const motion::Choreography& c, const std::string& motion) {
  for (std::size_t i = 0; i < c.events.size();) {
    const motion::ChoreographyEvent& first = c.events[i];
    std::string modules;
    for (; i < c.events.size() && c.events[i].kind == first.kind && c.events[i].frame == first.frame && c.events[i].field == first.field; ++i) {
      const int m = c.events[i].module;
      modules += " ";
      modules += m < 0 ? "all" : geometry::position_name(m, static_cast<int>(c.module_scale.size()));
    }
    if (first.kind == motion::ChoreographyEvent::Kind::Settled) continue;
    std::cout << "    frame " << std::left << std::setw(6) << spec::format_number(first.frame) << std::setw(18)
              << (std::string(motion::event_name(first.kind)) + ":") << std::setw(14) << modules.substr(1) << " "
              << spec::motion_field_path(motion, first.field) << "\n";
  }
}

void print_text(const spec::IconSpec& spec, const json& info) {
  std::cout << spec.meta.title << " (" << spec.id << ") at " << spec::format_number(spec.frame_rate) << " fps\n";
  if (!spec.meta.description.empty()) std::cout << spec.meta.description << "\n";
  if (!spec.meta.category.empty()) std::cout << "category: " << spec.meta.category << "\n";
  if (!spec.meta.keywords.empty()) std::cout << "keywords: " << spec::joined_names(spec.meta.keywords, ", ") << "\n";
  if (!spec.meta.license.empty()) std::cout << "license: " << spec.meta.license << "\n";
  std::cout << "\nmotions:\n";
  for (const auto& [name, params] : spec.motions) {
    const motion::Choreography c = motion::choreograph(params, spec.module_count());
    std::cout << "  " << name << ": " << c.frame_count << " frames, " << spec::format_ms(c.frame_count * 1000.0 / spec.frame_rate)
              << ", " << c.round_count << (c.round_count == 1 ? " round" : " rounds") << "\n";
    print_events(c, name);
    std::cout << "    markers:";
    for (const render::lottie::Marker& mk : render::lottie::animation_markers(c)) {
      std::cout << " \"" << mk.name << "\" " << spec::format_number(mk.start);
      if (mk.duration > 0) std::cout << "-" << spec::format_number(mk.start + mk.duration);
      std::cout << ";";
    }
    std::cout << "\n";
  }
  std::cout << "\ninteraction: hover plays " << spec.hover_motion << ", a click plays " << spec.click_motion
            << " (the bundle's state machines)\n";
  std::cout << "\nstyles: " << spec::joined_names(spec::names_of(spec.styles), ", ") << "\n";
  std::cout << "weights: " << spec::format_number(spec::kMinWeight) << " to " << spec::format_number(spec::kMaxWeight)
            << ", default " << spec::format_number(spec.default_weight) << ", presets";
  for (double w : spec.weight_presets) std::cout << " " << spec::format_number(w);
  std::cout << "\nthemes:";
  for (const auto& [name, t] : info["themes"].items()) {
    std::cout << " " << name << " (primary " << t["primary"].get<std::string>() << ", duotone secondary "
              << t["secondary"].get<std::string>() << ")";
  }
  std::cout << "\nsizes: " << render::kMinSize << " to " << render::kMaxSize << " px\n";
  std::cout << "\nparameters:\n" << spec.source.dump(2) << "\n";
}

}  // namespace

void add_info_command(CLI::App& app) {
  auto spec_options = std::make_shared<SpecOptions>();
  auto as_json = std::make_shared<bool>(false);
  auto paths = std::make_shared<bool>(false);
  CLI::App* cmd = app.add_subcommand("info", "Frame rate, timings and events of each motion (with the spec path that times each), options, and the spec's parameters");
  spec_options->add_to(*cmd);
  cmd->add_flag("--json", *as_json, "Print one JSON object instead of text");
  cmd->add_flag("--paths", *paths, "Every tunable value with its --set path, value and unit instead (as spec --paths)");
  cmd->callback([spec_options, as_json, paths] {
    const spec::IconSpec spec = spec_options->load();
    if (*paths) {
      print_tunable_paths(spec, *as_json, std::cout);
      return;
    }
    const json info = info_json(spec);
    if (*as_json) {
      std::cout << info.dump(2) << "\n";
    } else {
      print_text(spec, info);
    }
  });
}

}  // namespace iconsynth::cli
