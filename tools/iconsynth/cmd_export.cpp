#include "tools/iconsynth/atomic_file.h"
#include "tools/iconsynth/cli_options.h"
#include "tools/iconsynth/commands.h"

#include "render/build/output_format.h"
#include "render/build/staging.h"
#include "render/cairo/raster.h"
#include "render/cairo/sized_scene.h"
#include "render/lottie/descriptor.h"
#include "render/lottie/dotlottie_writer.h"
#include "render/lottie/lottie_writer.h"
#include "render/svg/animated_svg.h"
#include "render/web/web_package.h"

#include <iostream>
#include <map>

namespace iconsynth::cli {

namespace {

struct ExportOptions {
  SpecOptions spec;
  VariantOptions variant;
  std::string format;  // from -o's extension when empty
  int size = 24;
  bool reduced_motion = false;
  bool pretty = false;
  bool exact = false;
  bool force = false;
  std::string output;
};

std::vector<std::string> weight_labels(const std::vector<double>& weights) {
  std::vector<std::string> labels;
  for (double w : weights) labels.push_back(spec::VariantSpace::weight_label(w));
  return labels;
}

// The formats export writes, each named by its file's extension (output_format.h); the web
// package is a folder, named by having no extension.
const std::vector<std::string_view> kExportFormats{"lottie", "svg", "dotlottie", "descriptor", "web"};

// --format web: the package's files into the folder `dir`, the bundle made with `bundle`. The folder
// is replaced whole, as build's is (staging.h): no file of an earlier package stays beside the new
// one, and a folder holding files the package does not have is refused unless `force`.
void export_web_package(const spec::IconSpec& spec, const render::lottie::BundleOptions& bundle, const std::string& dir, bool force) {
  const std::vector<std::string> names = render::web::web_package_files(spec);
  if (const std::string refusal = render::build::replace_refusal(dir, {names.begin(), names.end()}, force, "export", "-o"); !refusal.empty()) {
    throw std::invalid_argument("-o " + refusal);
  }
  const std::map<std::string, std::string> files = render::web::write_web_package(spec, {bundle, ICONSYNTH_VERSION});
  render::build::StagingFolder staging(dir);
  std::size_t bytes = 0;
  for (const auto& [name, text] : files) {
    staging.write(name, text);
    bytes += text.size();
  }
  if (const std::string left = staging.commit(); !left.empty()) std::cout << "note: " << left << "\n";
  std::cout << "wrote " << dir << "/ (web package of " << spec.id << ": " << files.size() << " files, " << bytes
            << " bytes; runtime, React component, <" << render::web::kElementTag << ">, types, descriptor, bundle and "
            << render::lottie::masters(spec).size() << " masters)\n";
}

void run_export(const ExportOptions& asked, CLI::App& cmd) {
  ExportOptions o = asked;
  o.format = std::string(render::build::format_for_file(o.output, o.format, kExportFormats, "-o").name);
  const bool one_variant = o.format == "lottie" || o.format == "svg";
  if (o.reduced_motion && !one_variant) throw std::invalid_argument("--reduced-motion applies to --format lottie and svg only; a bundle carries the \"reduced motion\" marker instead");
  if (o.pretty && o.format != "svg") throw std::invalid_argument("--pretty applies to --format svg only");
  if (o.force && o.format != "web") throw std::invalid_argument("--force applies to --format web only (a folder replaced whole)");
  const spec::IconSpec spec = o.spec.load();
  if (one_variant) {
    // Written for a --size the user gives: fitted to that pixel grid, unless --exact. Without
    // --size the canvas is the design grid and players scale it: the exact geometry.
    const bool for_size = cmd.count("--size") > 0 && !o.exact;
    // An animated SVG's CSS keys a rect's stroke over the weight, not a band (sized_scene.h).
    const render::Geometry fitted = o.format == "svg" ? render::Geometry::HintedStrokes : render::Geometry::Hinted;
    const render::AnimatedScene built = render::scene_for_size(spec, o.variant.resolve(spec), o.size, for_size ? fitted : render::Geometry::Exact);
    const render::AnimatedScene scene = o.reduced_motion ? render::rest_pose(built) : built;
    const std::string text = o.format == "svg" ? render::svg::write_animated_svg(scene, {o.size, o.pretty})
                                               : render::lottie::to_text(render::lottie::write_animation(scene, {o.size}));
    write_file_atomically(o.output, text);
    std::cout << "wrote " << o.output << " (" << spec::VariantSpace::animation_id(scene.variant)
              << (o.reduced_motion ? " reduced-motion rendition" : "") << ", weight "
              << spec::VariantSpace::weight_label(scene.variant.weight) << ", " << scene.frame_count << (scene.frame_count == 1 ? " frame, " : " frames, ") << text.size()
              << " bytes)\n";
    return;
  }
  if (o.format == "descriptor") {
    // The module describes the whole icon and computes any look itself: no variant to choose.
    for (const char* name : {"--style", "--motion", "--color", "--weight", "--theme", "--size", "--exact"}) {
      if (cmd.count(name) > 0) throw std::invalid_argument(std::string(name) + " does not apply to --format descriptor; the module covers every style, motion, weight, colour and theme");
    }
    const std::string text = render::lottie::write_descriptor(spec, {std::string("iconsynth ") + ICONSYNTH_VERSION});
    write_file_atomically(o.output, text);
    std::cout << "wrote " << o.output << " (descriptor of " << spec.id << ", for " << render::lottie::bundle_file_name(spec)
              << " beside it, " << text.size() << " bytes)\n";
    return;
  }
  // A bundle holds every style and motion: variant options other than weight and theme would be ignored.
  for (const char* name : {"--style", "--motion", "--color"}) {
    if (cmd.count(name) > 0) throw std::invalid_argument(std::string(name) + " applies to --format lottie and svg only; a dotLottie bundle (and the web package around it) holds every style and motion");
  }
  // The web package holds the exact bundle and every master; --size and --exact choose one bundle.
  if (o.format == "web" && (cmd.count("--size") > 0 || cmd.count("--exact") > 0)) {
    throw std::invalid_argument(std::string(cmd.count("--size") > 0 ? "--size" : "--exact") +
                                " does not apply to --format web; the package holds the exact bundle and a master for each size its runtime picks");
  }
  if (cmd.count("--exact") > 0 && cmd.count("--size") == 0) {
    throw std::invalid_argument("--exact applies with --size only; without it a dotLottie bundle holds the exact geometry");
  }
  const render::Variant base = o.variant.resolve(spec);
  render::lottie::BundleOptions options;
  options.size = o.size;
  options.weight = base.weight;
  options.theme = base.theme;
  options.generator = std::string("iconsynth ") + ICONSYNTH_VERSION;
  if (o.format == "web") {
    export_web_package(spec, options, o.output, o.force);
    return;
  }
  // Written for a --size the user gives: the master for that size (fitted to its pixels, the
  // weight baked), unless --exact or the spec does not hint there. Else players scale it to any
  // size: the exact geometry.
  const bool master = cmd.count("--size") > 0 && !o.exact && render::hints_at(spec, o.size);
  if (master) options = render::web::master_options(options, {o.size, base.weight});
  const std::string bytes = render::lottie::write_dotlottie(spec, options);
  write_file_atomically(o.output, bytes);
  const spec::VariantSpace space(spec);
  std::cout << "wrote " << o.output << " (" << space.styles().size() * space.motions().size() << " animations, themes "
            << spec::joined_names(space.themes(), " and ");
  if (master) {
    std::cout << ", drawn for " << o.size << " px at weight " << spec::VariantSpace::weight_label(base.weight);
  } else {
    std::cout << " alone and at weights " << spec::joined_names(weight_labels(spec.weight_presets), ", ") << ", inline weight "
              << spec::VariantSpace::weight_label(base.weight);
  }
  std::cout << ", " << bytes.size() << " bytes)\n";
}

}  // namespace

void add_export_command(CLI::App& app) {
  auto options = std::make_shared<ExportOptions>();
  CLI::App* cmd = app.add_subcommand(
      "export", "Export Lottie JSON or an animated SVG + CSS (one variant), a dotLottie bundle (every style x motion, every theme), its descriptor module, or the web package");
  options->spec.add_to(*cmd);
  options->variant.add_to(*cmd);
  cmd->add_option("--format", options->format,
                  "Default: the one -o's extension names (.json lottie, .svg svg, .lottie dotlottie, .mjs descriptor, none: web); "
                  "a --format the extension does not name is refused. lottie (one variant as JSON), svg (one variant as a self-contained SVG animated by CSS, no player: "
                  "ink is currentColor, --iconsynth-weight and --iconsynth-secondary restyle it), dotlottie (.lottie "
                  "bundle) or descriptor (<icon>.mjs, the ES module that describes the bundle and computes its slot "
                  "values; put it beside the bundle) or web (a folder: the ES-module package with the bundle, its "
                  "masters (drawn for the pixels of each size a page shows the icon at), its descriptor, a runtime, a React "
                  "component, a custom element and TypeScript declarations)")
      ->check(CLI::IsMember(std::vector<std::string>(kExportFormats.begin(), kExportFormats.end())));
  cmd->add_option("--size", options->size,
                  "Canvas size in px (the 24-unit grid scaled to it). Given, the geometry is fitted to that many px up to the spec's "
                  "hinting.up_to (unless --exact): with --format dotlottie, the master a page of that many backing pixels plays "
                  "(the weight baked at --weight)")
      ->check(CLI::Range(render::kMinSize, render::kMaxSize))
      ->capture_default_str();
  cmd->add_flag("--reduced-motion", options->reduced_motion,
                "With --format lottie or svg: the reduced-motion rendition, the rest pose as a one-frame animation");
  cmd->add_flag("--pretty", options->pretty, "With --format svg: one rule and one element per line (minified otherwise)");
  cmd->add_flag("--exact", options->exact,
                "With --format lottie, svg or dotlottie and --size: the exact geometry, not the one fitted to the --size px grid");
  cmd->add_flag("--force", options->force,
                "With --format web: replace the folder even when it holds files the package does not have (replaced whole either way)");
  cmd->add_option("-o,--output", options->output,
                  "Output file; its extension names the format (.json, .svg, .lottie or .mjs), or a folder without one (web)")
      ->required();
  cmd->callback([options, cmd] { run_export(*options, *cmd); });
}

}  // namespace iconsynth::cli
