#include "tools/iconsynth/build_assets.h"
#include "tools/iconsynth/commands.h"

#include "render/cairo/raster.h"

namespace iconsynth::cli {

void add_build_command(CLI::App& app) {
  auto options = std::make_shared<BuildOptions>();
  CLI::App* cmd = app.add_subcommand(
      "build", "Regenerate the asset set: a filmstrip per style x motion x preset weight, a rest-pose SVG per style x weight");
  options->spec.add_to(*cmd);
  cmd->add_option("--theme", options->theme, "A theme the spec names (built-in: " + spec::joined_names(builtin_space().themes(), ", ") + "; default: the spec's)")->type_name("NAME");
  cmd->add_option("--color", options->color, "Primary colour #RRGGBB[AA] (default: the theme's)")
      ->check(color_validator());
  cmd->add_option("--size", options->size, "Frame size in pixels, 8 to 4096")
      ->check(CLI::Range(render::kMinSize, render::kMaxSize))
      ->capture_default_str();
  cmd->add_flag("--exact", options->exact, "Frames, animated SVGs and rest poses in the exact geometry, not fitted to the --size px grid");
  cmd->add_option("--out", options->out, "Output folder")->capture_default_str();
  cmd->callback([options] { run_build(*options, stdout); });
}

}  // namespace iconsynth::cli
