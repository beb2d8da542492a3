#include "tools/iconsynth/atomic_file.h"
#include "tools/iconsynth/cli_options.h"
#include "tools/iconsynth/commands.h"

#include "render/build/output_format.h"
#include "render/cairo/raster.h"
#include "render/cairo/sized_scene.h"
#include "render/cairo/vector_output.h"
#include "render/preview/animated_preview.h"
#include "render/svg/static_svg.h"

#include <cstdio>
#include <iostream>

#include <unistd.h>

namespace iconsynth::cli {

namespace {

struct RenderOptions {
  SpecOptions spec;
  VariantOptions variant;
  int size = 64;
  FrameOption frame;
  std::string format = "png";
  std::string background;
  bool filmstrip = false;
  int columns = 0;
  bool reduced_motion = false;
  bool exact = false;
  std::string out;
};

std::string frame_file_name(int frame, const std::string& format) {
  char name[32];
  std::snprintf(name, sizeof name, "frame_%04d", frame);
  return name + std::string(render::build::format_named(format).extension);
}

std::string encode(const render::FrameScene& frame, int size, const std::string& format) {
  if (format == "svg") return render::svg::write_static_svg(frame, size);
  if (format == "pdf") return render::render_pdf(frame, size);
  return render::render_frame(frame, size).png_bytes();
}

void run_render(const RenderOptions& o) {
  render::build::check_folder_name(o.out, "--out");
  const spec::IconSpec spec = o.spec.load();
  // Frames of --size px draw the scene fitted to that pixel grid (sized_scene.h), unless --exact.
  const render::AnimatedScene built = render::scene_for_size(spec, o.variant.resolve(spec), o.size, o.exact ? render::Geometry::Exact : render::Geometry::Hinted);
  const render::AnimatedScene scene = o.reduced_motion ? render::rest_pose(built) : built;
  const std::filesystem::path dir(o.out);
  const std::string label = spec::VariantSpace::animation_id(scene.variant) + ", weight " + spec::VariantSpace::weight_label(scene.variant.weight);

  if (o.format == "webp" || o.format == "gif") {
    render::PreviewOptions preview{o.size, std::nullopt};
    if (!o.background.empty()) preview.background = spec::parse_hex_color(o.background);
    const std::filesystem::path path = dir / ("animation" + std::string(render::build::format_named(o.format).extension));
    const std::string bytes = o.format == "webp" ? render::animated_webp(scene, preview) : render::animated_gif(scene, preview);
    write_file_atomically(path, bytes);
    std::cout << "wrote " << path.string() << " (" << scene.frame_count << " frames of " << label << ", " << o.size
              << " px, " << bytes.size() << " bytes)\n";
    return;
  }
  if (o.filmstrip) {
    const int columns = o.columns > 0 ? o.columns : render::default_filmstrip_columns(scene.frame_count);
    const std::filesystem::path path = dir / ("filmstrip" + std::string(render::build::format_named("png").extension));
    const render::FilmstripStyle style = render::filmstrip_for_people(o.size, scene.theme.backdrop);
    const std::string too_large = render::filmstrip_too_large(scene.frame_count, o.size, columns, style.gutter);
    if (!too_large.empty()) throw std::invalid_argument("--filmstrip: " + too_large);
    write_file_atomically(path, render::render_filmstrip(scene, o.size, columns, style).png_bytes());
    std::cout << "wrote " << path.string() << " (" << scene.frame_count << " frames of " << label << ", "
              << columns << " a row)\n";
    return;
  }
  if (o.frame.given()) {
    const int frame = o.frame.resolve(scene.frame_rate, scene.frame_count, spec::VariantSpace::animation_id(scene.variant));
    const std::filesystem::path path = dir / frame_file_name(frame, o.format);
    write_file_atomically(path, encode(render::evaluate(scene, frame), o.size, o.format));
    std::cout << "wrote " << path.string() << " (frame " << frame << " of " << label << ")\n";
    return;
  }
  const bool progress = ::isatty(STDERR_FILENO);
  for (int f = 0; f < scene.frame_count; ++f) {
    write_file_atomically(dir / frame_file_name(f, o.format), encode(render::evaluate(scene, f), o.size, o.format));
    if (progress) std::cerr << "\rrendering frame " << f + 1 << "/" << scene.frame_count << std::flush;
  }
  if (progress) std::cerr << "\n";
  std::cout << "wrote " << scene.frame_count << " frames (" << label << ", " << o.size << " px, " << o.format
            << ") to " << dir.string() << "\n";
}

}  // namespace

void add_render_command(CLI::App& app) {
  auto options = std::make_shared<RenderOptions>();
  CLI::App* cmd = app.add_subcommand("render", "Render one variant's frames to PNG, SVG or PDF, or a filmstrip");
  options->spec.add_to(*cmd);
  options->variant.add_to(*cmd);
  cmd->add_option("--size", options->size, "Output size in pixels, 8 to 4096")
      ->check(CLI::Range(render::kMinSize, render::kMaxSize))
      ->capture_default_str();
  options->frame.add_to(*cmd, "Render only this frame");
  cmd->add_option("--format", options->format,
                  "png, svg or pdf (one file per frame), or webp or gif (one animated file, DIR/animation.webp|gif)")
      ->check(CLI::IsMember({"png", "svg", "pdf", "webp", "gif"}))
      ->capture_default_str();
  cmd->add_option("--background", options->background, "Background colour of webp/gif previews (default: transparent)")
      ->check(color_validator());
  CLI::Option* filmstrip = cmd->add_flag("--filmstrip", options->filmstrip,
                                         "All frames on one PNG sheet, with gutters, on the theme's backdrop: DIR/filmstrip.png "
                                         "(at most 32767 px a side and 2^27 pixels)");
  cmd->add_option("--columns", options->columns, "Frames a row on the filmstrip (default: a square sheet)")
      ->check(CLI::Range(1, 1000))
      ->needs(filmstrip);
  cmd->add_flag("--reduced-motion", options->reduced_motion,
                "The reduced-motion rendition: the rest pose alone, one frame (what to show when the platform asks for reduced motion)");
  cmd->add_flag("--exact", options->exact, "Draw the exact geometry, not the one fitted to the --size px grid (hinting applies up to the spec's hinting.up_to)");
  cmd->add_option("--out", options->out, "Output folder (frame_0000.png, …)")->required();
  filmstrip->excludes(cmd->get_option("--frame"));
  cmd->callback([options] {
    if (options->filmstrip && options->format != "png") {
      throw std::invalid_argument("--filmstrip writes PNG only; drop --format " + options->format);
    }
    const bool animated = options->format == "webp" || options->format == "gif";
    if (animated && options->frame.given()) throw std::invalid_argument("--format " + options->format + " writes every frame; drop --frame");
    if (!animated && !options->background.empty()) throw std::invalid_argument("--background applies to --format webp or gif");
    run_render(*options);
  });
}

}  // namespace iconsynth::cli
