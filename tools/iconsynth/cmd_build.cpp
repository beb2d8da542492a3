#include "tools/iconsynth/cli_options.h"
#include "tools/iconsynth/commands.h"

#include "render/build/output_format.h"
#include "render/build/run_build.h"
#include "render/cairo/raster.h"
#include "spec/loader.h"

#include <cstdio>

namespace iconsynth::cli {

namespace {

struct BuildCommandOptions {
  SpecOptions spec;
  std::string theme, color;
  int size = 64;
  std::string out = "out";
  bool force = false;
  bool exact = false;
};

// What build writes, from its table of output kinds.
std::string kinds_help() {
  std::string text = "Regenerate the asset set into its own folder (replaced whole, a manifest.json listing every file):";
  for (const render::build::OutputKind& kind : render::build::output_kinds()) {
    text += "\n  " + std::string(kind.files) + ": " + std::string(kind.about);
    if (!kind.limits.empty()) text += " (" + std::string(kind.limits) + ")";
  }
  return text;
}

void run(const BuildCommandOptions& o) {
  render::build::check_folder_name(o.out, "--out");
  const spec::IconSpec spec = o.spec.load();
  render::build::BuildRequest request;
  request.theme = o.theme;
  if (!o.color.empty()) request.color = spec::parse_hex_color(o.color);
  request.size = o.size;
  request.exact = o.exact;
  request.generator = std::string("iconsynth ") + ICONSYNTH_VERSION;
  render::build::BuildSettings settings;
  settings.force = o.force;
  settings.spec_file = o.spec.path;
  const auto progress = [&](const render::build::FileDone& d) {
    std::printf("[%2zu/%zu] %-12s %8zu bytes %7.1f ms  %s\n", d.index + 1, d.total, d.file.kind.c_str(), d.bytes, d.ms,
                (std::filesystem::path(o.out) / d.file.path).string().c_str());
    std::fflush(stdout);
  };
  const render::build::BuildResult result = render::build::run_build(spec, request, o.out, settings, progress);
  for (const std::string& note : result.notes) std::printf("note: %s\n", note.c_str());
  std::printf("built %zu files and manifest.json (%zu bytes) for %s in %s in %.2f s\n", result.manifest.files.size(), result.bytes,
              spec.id.c_str(), o.out.c_str(), result.seconds);
}

}  // namespace

void add_build_command(CLI::App& app) {
  auto options = std::make_shared<BuildCommandOptions>();
  CLI::App* cmd = app.add_subcommand("build", kinds_help());
  options->spec.add_to(*cmd);
  cmd->add_option("--theme", options->theme, "A theme the spec names (built-in: " + spec::joined_names(builtin_space().themes(), ", ") +
                                                  "; default: the spec's): every output's colours and backdrop, the bundle's initial theme")
      ->type_name("NAME");
  cmd->add_option("--color", options->color, "Primary colour #RRGGBB[AA] of every output (default: the theme's); the bundle then has no initial theme")
      ->check(color_validator());
  cmd->add_option("--size", options->size,
                  "Frame size in px of filmstrips and SVGs, " + std::to_string(render::kMinSize) + " to " + std::to_string(render::kMaxSize) +
                      " as far as each output's limits allow (the built-in spec's filmstrips fit up to " +
                      std::to_string(render::build::largest_size(spec::load_spec_text(spec::builtin_spec_text()))) + ")")
      ->check(CLI::Range(render::kMinSize, render::kMaxSize))
      ->capture_default_str();
  cmd->add_flag("--exact", options->exact,
                "Filmstrips, PNGs, static and animated SVGs in the exact geometry, not fitted to their px grid");
  cmd->add_option("-o,--out", options->out, "Output folder: the build's own, replaced whole")->capture_default_str();
  cmd->add_flag("--force", options->force,
                "Replace the output folder even when it holds files no build wrote, or another spec's build");
  cmd->callback([options] { run(*options); });
}

}  // namespace iconsynth::cli
