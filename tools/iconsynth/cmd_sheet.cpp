#include "tools/iconsynth/atomic_file.h"
#include "tools/iconsynth/cli_options.h"
#include "tools/iconsynth/commands.h"

#include "render/build/output_format.h"
#include "render/cairo/contact_sheet.h"
#include "render/cairo/raster.h"
#include "render/cairo/sized_scene.h"
#include "spec/json_reader.h"

#include <iostream>

namespace iconsynth::cli {

namespace {

struct SheetCommandOptions {
  SpecOptions spec;
  VariantOptions variant;
  FrameOption frame;
  bool frames = false;
  int size = 96;
  bool exact = false;
  std::string output;
};

void run_sheet(const SheetCommandOptions& o, const CLI::App& cmd) {
  render::build::format_for_file(o.output, "", {"png"}, "-o");
  const spec::IconSpec spec = o.spec.load();
  const render::Variant base = o.variant.resolve(spec);
  const render::Geometry geometry = o.exact ? render::Geometry::Exact : render::Geometry::Hinted;
  std::vector<render::AnimatedScene> scenes;
  std::vector<render::SheetCell> cells;
  render::SheetOptions sheet;
  sheet.cell = o.size;
  sheet.backdrop = spec.theme_rule(base.theme).backdrop;
  if (o.frames) {
    // One variant, every frame.
    scenes.push_back(render::scene_for_size(spec, base, o.size, geometry));
    for (int f = 0; f < scenes[0].frame_count; ++f) cells.push_back({&scenes[0], double(f), std::to_string(f)});
    sheet.columns = render::default_filmstrip_columns(scenes[0].frame_count);
    sheet.title = spec.id + " " + spec::VariantSpace::animation_id(base) + ", weight " + spec::VariantSpace::weight_label(base.weight) + ": every frame";
  } else {
    // Every style x motion x preset weight at one frame (the spec's frame numbering).
    for (const char* name : {"--style", "--motion", "--weight"}) {
      if (cmd.count(name) > 0) throw std::invalid_argument(std::string(name) + " picks one variant: use it with --frames");
    }
    const std::vector<render::Variant> variants = spec::VariantSpace(spec).variants({.theme = base.theme});
    // One frame for every motion: it must be a frame of each, or a cell would show a rest pose
    // under a frame it does not have.
    int frame = 0;
    for (const std::string& m : spec::VariantSpace(spec).motions()) {
      if (o.frame.given()) frame = o.frame.resolve(spec.frame_rate, motion::choreograph(spec.choreography(m), spec.module_count()).frame_count, m);
    }
    scenes.reserve(variants.size());  // cells point into it
    for (render::Variant v : variants) {
      v.color = base.color;
      scenes.push_back(render::scene_for_size(spec, v, o.size, geometry));
      cells.push_back({&scenes.back(), double(frame), spec::VariantSpace::animation_id(v) + " w" + spec::VariantSpace::weight_label(v.weight)});
    }
    sheet.columns = static_cast<int>(spec.weight_presets.size());
    sheet.title = spec.id + " at frame " + std::to_string(frame) + " (" + base.theme + " theme)";
  }
  write_file_atomically(o.output, render::render_sheet(cells, sheet).png_bytes());
  std::cout << "wrote " << o.output << " (" << cells.size() << " cells)\n";
}

}  // namespace

void add_sheet_command(CLI::App& app) {
  auto o = std::make_shared<SheetCommandOptions>();
  CLI::App* cmd = app.add_subcommand("sheet", "A labelled contact sheet: every style x motion x preset weight at one frame, or one variant's frames");
  o->spec.add_to(*cmd);
  o->variant.add_to(*cmd);
  o->frame.add_to(*cmd, "The frame every variant shows, a frame of every motion (default 0)");
  cmd->add_flag("--frames", o->frames, "Every frame of one variant (--style, --motion, --weight) instead")->excludes("--frame");
  cmd->add_option("--size", o->size, "Icon size in px")->check(CLI::Range(render::kMinSize, 1024))->capture_default_str();
  cmd->add_flag("--exact", o->exact, "Draw the exact geometry, not the one fitted to the --size px grid");
  cmd->add_option("-o,--output", o->output, "Output file, .png")->required();
  cmd->callback([o, cmd] { run_sheet(*o, *cmd); });
}

}  // namespace iconsynth::cli
