#include "tools/iconsynth/atomic_file.h"
#include "tools/iconsynth/cli_options.h"
#include "tools/iconsynth/commands.h"

#include "geometry/ring.h"
#include "render/build/output_format.h"
#include "render/cairo/motion_plot.h"
#include "spec/json_reader.h"

#include <iostream>

namespace iconsynth::cli {

namespace {

struct PlotCommandOptions {
  SpecOptions spec;
  std::string motion;  // the spec's default when empty
  std::string output;
  render::PlotOptions plot;
};

void run_plot(const PlotCommandOptions& o) {
  const std::string_view format = render::build::format_for_file(o.output, "", {"png", "svg"}, "-o").name;
  const spec::IconSpec spec = o.spec.load();
  const std::string motion =
      o.motion.empty() ? spec.default_motion : spec::named_choice("--motion", o.motion, spec::VariantSpace(spec).motions());
  const motion::Choreography c = motion::choreograph(spec.choreography(motion), spec.module_count());
  render::PlotOptions plot = o.plot;
  plot.motion = motion;
  plot.title = spec.id + ": " + motion + " motion, " + std::to_string(c.frame_count) + " frames at " +
               spec::format_number(spec.frame_rate) + " fps";
  write_file_atomically(o.output, format == "svg" ? render::motion_plot_svg(c, spec.frame_rate, plot)
                                                      : render::motion_plot_png(c, spec.frame_rate, plot));
  std::cout << "wrote " << o.output << " (" << plot.title << ")\n";
}

}  // namespace

void add_plot_command(CLI::App& app) {
  auto o = std::make_shared<PlotCommandOptions>();
  CLI::App* cmd = app.add_subcommand("plot", "Chart a motion: module scales, packet progress and opacity, keyframes, handles, events");
  o->spec.add_to(*cmd);
  cmd->add_option("--motion", o->motion, "A motion the spec names (built-in: " +
                                             spec::joined_names(builtin_space().motions(), ", ") + "; default: the spec's)")
      ->type_name("NAME");
  cmd->add_option("--width", o->plot.width, "Chart width in px")->check(CLI::Range(480, 8192))->capture_default_str();
  cmd->add_option("--height", o->plot.height, "Chart height in px")->check(CLI::Range(320, 8192))->capture_default_str();
  cmd->add_option("-o,--output", o->output, "Output file, .png or .svg")->required();
  cmd->callback([o] { run_plot(*o); });
}

}  // namespace iconsynth::cli
