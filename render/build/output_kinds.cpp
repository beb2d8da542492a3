// The kinds of output a build writes, one row each (build_plan.h). A row's plan function names its
// files and how to make them; limits are checked here, before anything is drawn.
#include "render/build/build_index.h"
#include "render/build/build_plan.h"

#include "render/cairo/raster.h"
#include "render/cairo/sized_scene.h"
#include "render/lottie/descriptor.h"
#include "render/lottie/dotlottie_writer.h"
#include "render/lottie/lottie_writer.h"
#include "render/svg/animated_svg.h"
#include "render/svg/static_svg.h"
#include "render/web/web_package.h"
#include "spec/json_reader.h"

#include <map>
#include <stdexcept>

namespace iconsynth::render::build {

namespace {

// The px sizes icons are shipped at as PNG.
constexpr int kPngSizes[] = {16, 24, 32, 48};
// Lottie's canvas: one px per grid unit, players scale it.
constexpr int kLottieCanvas = 24;

std::string stem(const spec::Variant& v) { return spec::VariantSpace::file_stem(v); }
std::string rest_stem(const spec::Variant& v) { return v.style + "-w" + spec::VariantSpace::weight_label(v.weight); }

// The largest size ≤ `size` at which a filmstrip of every motion fits an image.
int largest_filmstrip_size(const BuildContext& c, int size) {
  for (int s = size; s >= kMinSize; --s) {
    bool all = true;
    for (const auto& [motion, frames] : c.motion_frames) {
      all = all && filmstrip_fits(frames, s, default_filmstrip_columns(frames), filmstrip_for_people(s, {}).gutter);
    }
    if (all) return s;
  }
  return 0;
}

void plan_filmstrips(const BuildContext& c, std::vector<PlannedFile>& out) {
  const int size = c.request.size;
  const spec::Rgba backdrop = c.spec.theme_rule(c.look.theme).backdrop;
  for (const spec::Variant& v : c.variants()) {
    const std::string path = "filmstrips/" + stem(v) + ".png";
    const int frames = c.frame_count(v.motion);
    const int columns = default_filmstrip_columns(frames);
    const FilmstripStyle style = filmstrip_for_people(size, backdrop);
    if (const std::string too_large = filmstrip_too_large(frames, size, columns, style.gutter); !too_large.empty()) {
      throw std::invalid_argument(path + ": " + too_large + "; the largest --size every filmstrip fits at is " +
                                  std::to_string(largest_filmstrip_size(c, size)));
    }
    out.push_back({path, "filmstrip", "png", manifest_variant(v, true), size, frames,
                   [&spec = c.spec, v, size, columns, style, exact = c.request.exact] {
                     return render_filmstrip(scene_at_size(spec, v, size, exact), size, columns, style).png_bytes();
                   },
                   pixel_grid_at_size(c.spec, size, c.request.exact)});
  }
}

void plan_lottie(const BuildContext& c, std::vector<PlannedFile>& out) {
  for (const spec::Variant& v : c.variants()) {
    out.push_back({"lottie/" + stem(v) + ".json", "lottie", "lottie", manifest_variant(v, true), kLottieCanvas, c.frame_count(v.motion),
                   [&spec = c.spec, v] { return lottie::to_text(lottie::write_animation(build_scene(spec, v), {kLottieCanvas})); }});
  }
}

void plan_animated_svg(const BuildContext& c, std::vector<PlannedFile>& out) {
  const int size = c.request.size;
  for (const spec::Variant& v : c.variants()) {
    out.push_back({"animated-svg/" + stem(v) + ".svg", "animated-svg", "svg", manifest_variant(v, true), size, c.frame_count(v.motion),
                   [&spec = c.spec, v, size, exact = c.request.exact] {
                     // Its CSS keys a rect's stroke over the weight, not a band (sized_scene.h).
                     return svg::write_animated_svg(scene_for_size(spec, v, size, exact ? Geometry::Exact : Geometry::HintedStrokes), {size});
                   },
                   pixel_grid_at_size(c.spec, size, c.request.exact)});
  }
}

void plan_static_svg(const BuildContext& c, std::vector<PlannedFile>& out) {
  const int size = c.request.size;
  for (const spec::Variant& v : c.rest_poses()) {
    out.push_back({"svg/" + rest_stem(v) + ".svg", "svg", "svg", manifest_variant(v, false), size, 1,
                   [&spec = c.spec, v, size, exact = c.request.exact] {
                     const AnimatedScene scene = scene_at_size(spec, v, size, exact);
                     return svg::write_static_svg(evaluate(scene, 0), size);
                   },
                   pixel_grid_at_size(c.spec, size, c.request.exact)});
  }
}

void plan_png(const BuildContext& c, std::vector<PlannedFile>& out) {
  for (int size : kPngSizes) {
    for (const spec::Variant& v : c.rest_poses()) {
      out.push_back({"png/" + std::to_string(size) + "/" + rest_stem(v) + ".png", "png", "png", manifest_variant(v, false), size, 1,
                     [&spec = c.spec, v, size, exact = c.request.exact] {
                       const AnimatedScene scene = scene_at_size(spec, v, size, exact);
                       return render_frame(evaluate(scene, 0), size).png_bytes();
                     },
                     pixel_grid_at_size(c.spec, size, c.request.exact)});
    }
  }
}

// The bundle as build writes it, alone and inside the web package.
lottie::BundleOptions bundle_options(const BuildContext& c) {
  lottie::BundleOptions options;
  options.size = kLottieCanvas;
  options.weight = c.spec.default_weight;
  options.theme = c.look.theme;
  options.color = c.request.color;
  options.generator = c.request.generator;
  return options;
}

// The manifest's look of what holds the bundle.
ManifestVariant bundle_look(const BuildContext& c) {
  ManifestVariant look;
  look.theme = c.look.theme;
  look.weight = c.spec.default_weight;
  if (c.look.color) look.color = spec::to_hex(*c.look.color);
  return look;
}

void plan_bundle(const BuildContext& c, std::vector<PlannedFile>& out) {
  out.push_back({lottie::bundle_file_name(c.spec), "bundle", "dotlottie", bundle_look(c), kLottieCanvas, 0,
                 [&spec = c.spec, options = bundle_options(c)] { return lottie::write_dotlottie(spec, options); }});
}

// The web package (render/web), one file at a time: its bundle the one above, and the masters
// (render/lottie/masters.h), each drawn for its size at its weight.
void plan_web(const BuildContext& c, std::vector<PlannedFile>& out) {
  const web::WebPackageOptions options{bundle_options(c), ICONSYNTH_VERSION};
  const auto format_of = [&](const std::string& name) -> std::string {
    if (name.ends_with(".lottie")) return "dotlottie";
    if (name == lottie::descriptor_file_name(c.spec)) return "descriptor";
    if (name.ends_with(".d.mts")) return "types";
    if (name.ends_with(".mjs")) return "module";
    if (name.ends_with(".webp")) return "coverage";
    return "json";
  };
  // The raster masters by path: each one's style, motion and weight (the colours are the page's),
  // its pixels, and its frames (one for the rest pose's).
  struct Raster {
    ManifestVariant look;
    int px, frames;
  };
  std::map<std::string, Raster> rasters;
  for (const lottie::Master& m : lottie::masters(c.spec)) {
    for (const std::string& style : c.space.styles()) {
      for (const std::string& motion : c.space.motions()) {
        const ManifestVariant look{style, motion, std::nullopt, m.weight, std::nullopt};
        rasters[lottie::raster_master_path(c.spec, m, style, motion)] = {look, m.px, c.frame_count(motion)};
        rasters[lottie::raster_rest_path(c.spec, m, style, motion)] = {look, m.px, 1};
      }
    }
  }
  for (const std::string& name : web::web_package_files(c.spec)) {
    const std::string format = format_of(name);
    PlannedFile file{"web/" + name, "web", format, std::nullopt, 0, 0, [&spec = c.spec, options, name] { return web::web_package_file(spec, options, name); }};
    if (format == "dotlottie") file.variant = bundle_look(c), file.size = kLottieCanvas;
    for (const lottie::Master& m : lottie::masters(c.spec)) {
      if (name != lottie::master_path(c.spec, m)) continue;
      file.variant->weight = m.weight;
      file.size = file.pixel_grid = m.px;
    }
    if (const auto raster = rasters.find(name); raster != rasters.end()) {
      file.variant = raster->second.look;
      file.size = file.pixel_grid = raster->second.px;
      file.frames = raster->second.frames;
    }
    out.push_back(std::move(file));
  }
}

void plan_descriptor(const BuildContext& c, std::vector<PlannedFile>& out) {
  out.push_back({lottie::descriptor_file_name(c.spec), "descriptor", "descriptor", std::nullopt, 0, 0,
                 [&spec = c.spec, options = lottie::descriptor_options(bundle_options(c))] { return lottie::write_descriptor(spec, options); }});
}

// Last: a page of everything above, with previews.
void plan_index(const BuildContext& c, std::vector<PlannedFile>& out) {
  std::vector<PlannedFile> listed = out;
  for (PlannedFile& f : listed) f.make = nullptr;  // the page needs their names, not their bytes
  out.push_back({kIndexName, "index", "html", std::nullopt, 0, 0,
                 [&spec = c.spec, listed = std::move(listed), backdrop = c.spec.theme_rule(c.look.theme).backdrop] {
                   return index_html(spec, listed, backdrop);
                 }});
}

}  // namespace

const std::vector<OutputKind>& output_kinds() {
  static const std::vector<OutputKind> kinds{
      {"filmstrip", "filmstrips/<style>-<motion>-w<weight>.png",
       "every frame of each style x motion x preset weight on one sheet, with gutters, on the theme's backdrop",
       "sheets at most 32767 px a side and 2^27 pixels", plan_filmstrips, largest_filmstrip_size},
      {"lottie", "lottie/<style>-<motion>-w<weight>.json", "the same variants as Lottie JSON (24 px canvas)", "", plan_lottie},
      {"animated-svg", "animated-svg/<style>-<motion>-w<weight>.svg", "the same variants as SVG + CSS, no player needed", "",
       plan_animated_svg},
      {"svg", "svg/<style>-w<weight>.svg", "the rest pose of each style x preset weight as a static SVG (24-unit viewBox)", "",
       plan_static_svg},
      {"png", "png/<px>/<style>-w<weight>.png", "the same rest poses as PNG at 16, 24, 32 and 48 px", "", plan_png},
      {"bundle", "<icon>.lottie", "the dotLottie bundle: every style x motion, every theme, the default weight", "", plan_bundle},
      {"descriptor", "<icon>.mjs", "the bundle's descriptor module", "", plan_descriptor},
      {"web", "web/…", "the web package: the bundle, its masters (drawn for the pixels of each size a page shows it at, at each "
       "preset weight: Cairo's frames as coverage, and the bundle fitted to those pixels), its descriptor, a runtime, a React component, a custom element and TypeScript declarations, to copy "
       "into a site or install with npm", "", plan_web},
      {"index", "index.html", "a page of everything above, with previews", "", plan_index},
  };
  return kinds;
}

}  // namespace iconsynth::render::build
