#include "tools/iconsynth/cli_options.h"
#include "tools/iconsynth/commands.h"

#include "render/scene/drawn_values.h"
#include "spec/tunable_paths.h"

#include <algorithm>
#include <iostream>

namespace iconsynth::cli {

void print_tunable_paths(const spec::IconSpec& spec, bool as_json, std::ostream& out) {
  const std::vector<spec::TunablePath> paths = spec::tunable_paths(spec);
  if (as_json) {
    // Each path also says whether the keylines round it, and, where the icon draws its value as
    // another, which and why (render/scene/drawn_values.h).
    const std::vector<std::string> keylined = render::keyline_paths(spec);
    const std::vector<render::DrawnValue> drawn = render::drawn_values(spec);
    spec::Json list = spec::Json::array();
    for (const spec::TunablePath& p : paths) {
      spec::Json entry{{"path", p.path}, {"pointer", p.pointer}, {"group", p.group}, {"name", p.name}, {"about", p.about}, {"value", p.value}, {"unit", p.unit},
                       {"kind", spec::kind_name(p.kind)}, {"keylines", std::find(keylined.begin(), keylined.end(), p.path) != keylined.end()}};
      if (p.step > 0) entry.update({{"min", p.min}, {"max", p.max}, {"step", p.step}});
      for (const render::DrawnValue& d : drawn) {
        if (d.path == p.path) entry["drawn"] = {{"value", d.drawn}, {"why", d.why}};
      }
      list.push_back(std::move(entry));
    }
    out << list.dump(2) << "\n";
    return;
  }
  std::string group;
  for (const spec::TunablePath& p : paths) {
    if (!group.empty() && p.group != group) out << "\n";
    group = p.group;
    out << p.line() << "\n";
  }
}

void add_spec_command(CLI::App& app) {
  auto options = std::make_shared<SpecOptions>();
  auto print = std::make_shared<bool>(false);
  auto paths = std::make_shared<bool>(false);
  auto as_json = std::make_shared<bool>(false);
  CLI::App* cmd = app.add_subcommand("spec", "Validate a spec; --print shows the effective spec after --set overrides, --paths every tunable value's --set path");
  options->add_to(*cmd);
  CLI::Option* print_flag = cmd->add_flag("--print", *print, "Print the effective spec as JSON");
  CLI::Option* paths_flag = cmd->add_flag("--paths", *paths,
                                          "List every tunable value with its --set path, value and unit, grouped by motion and clip: "
                                          "\"strong · round 2 · travel frames: motions.strong.timeline.sequence.2.exchange.travel.frames = 20 frames\"")
                                ->excludes(print_flag);
  cmd->add_flag("--json", *as_json,
                "With --paths: a JSON array of {path, pointer, group, name, about (what a motion's value does, in the motion's terms; \"\" elsewhere), value, unit, kind, min, max and step (for numbers), "
                "keylines (whether the keylines round it), drawn ({value, why}, where the icon draws the value as another)}")
      ->needs(paths_flag);
  cmd->callback([options, print, paths, as_json] {
    const spec::IconSpec spec = options->load();
    if (*paths) {
      print_tunable_paths(spec, *as_json, std::cout);
    } else if (*print) {
      std::cout << spec.source.dump(2) << "\n";
    } else {
      std::cout << "spec " << spec.id << " is valid\n";
    }
  });
}

}  // namespace iconsynth::cli
