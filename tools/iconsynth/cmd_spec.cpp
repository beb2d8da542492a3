#include "tools/iconsynth/cli_options.h"
#include "tools/iconsynth/commands.h"

#include "spec/tunable_paths.h"

#include <iostream>

namespace iconsynth::cli {

void print_tunable_paths(const spec::IconSpec& spec, bool as_json, std::ostream& out) {
  const std::vector<spec::TunablePath> paths = spec::tunable_paths(spec);
  if (as_json) {
    spec::Json list = spec::Json::array();
    for (const spec::TunablePath& p : paths) {
      spec::Json entry = {{"path", p.path}, {"pointer", p.pointer}, {"group", p.group}, {"name", p.name},
                          {"value", p.value}, {"unit", p.unit}, {"kind", spec::kind_name(p.kind)}};
      if (p.step > 0) entry.update({{"min", p.min}, {"max", p.max}, {"step", p.step}});
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
  cmd->add_flag("--json", *as_json, "With --paths: a JSON array of {path, pointer, group, name, value, unit, kind, and for numbers min, max, step}")->needs(paths_flag);
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
