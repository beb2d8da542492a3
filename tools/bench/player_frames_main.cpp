// How far ThorVG's frames are from Cairo's, the bundle against the masters (render/lottie/masters.h):
//   ./build/player_frames [--style S] [--weight W] [SIZE]...   (default: outline, 2; 16 20 24 32 48 64)
// For each size and motion, every frame of the exact bundle's animation (played scaled to that
// size, as a page played it before masters) against Cairo's exact frame, and of the master of that
// size against Cairo's frame of the scene fitted to it: the worst mean absolute difference, how
// many frames are over 1.0, and the worst edge shift (render/compare/shape_diff.h). ThorVG is
// dotlottie-web in Node (tools/dotlottie-web.sh), the engine the web runtime plays with.

#include "render/cairo/raster.h"
#include "render/cairo/sized_scene.h"
#include "render/compare/shape_diff.h"
#include "render/lottie/dotlottie_writer.h"
#include "render/lottie/isolated_player.h"
#include "render/web/web_package.h"
#include "spec/loader.h"
#include "tools/iconsynth/npm_package.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  using namespace iconsynth;
  std::string style = "outline";
  double weight = 2;
  std::vector<int> sizes;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--style") == 0 && i + 1 < argc) {
      style = argv[++i];
    } else if (std::strcmp(argv[i], "--weight") == 0 && i + 1 < argc) {
      weight = std::atof(argv[++i]);
    } else if (const int size = std::atoi(argv[i]); size >= 8 && size <= 512) {
      sizes.push_back(size);
    } else {
      std::fprintf(stderr, "usage: player_frames [--style S] [--weight W] [SIZE]...\n");
      return 2;
    }
  }
  if (sizes.empty()) sizes = {16, 20, 24, 32, 48, 64};
  try {
    const spec::IconSpec spec = spec::load_spec_text(spec::builtin_spec_text());
    const render::lottie::ThorvgRuntime runtime = cli::find_thorvg("");
    render::lottie::BundleOptions exact;
    exact.weight = weight;
    const std::string exact_bundle = render::lottie::write_dotlottie(spec, exact);
    std::printf("ThorVG (dotlottie-web %s) against Cairo, every frame, %s weight %g: worst mean, frames over 1.0, worst edge shift\n",
                runtime.version.c_str(), style.c_str(), weight);
    std::printf("| px | motion | the exact bundle | the master |\n|---|---|---|---|\n");
    for (int px : sizes) {
      for (const std::string& motion : spec::VariantSpace(spec).motions()) {
        const render::Variant v{style, weight, motion, spec.default_theme, std::nullopt};
        std::printf("| %d | %s |", px, motion.c_str());
        for (bool master : {false, true}) {
          const bool fitted = master && render::hints_at(spec, px);
          const std::string bundle = fitted ? render::lottie::write_dotlottie(spec, render::web::master_options(exact, {px, weight})) : exact_bundle;
          const render::AnimatedScene scene = fitted ? render::scene_for_size(spec, v, px) : render::build_scene(spec, v);
          render::lottie::IsolatedPlayer player(runtime, {bundle, true, spec::VariantSpace::animation_id(v), "", ""}, "player_frames");
          double worst = 0, shift = 0;
          int over = 0;
          for (std::size_t f = 0; f < player.frame_count(); ++f) {
            const std::vector<std::uint32_t> theirs = player.render(f, px);
            const render::ImageSurface ours = render::render_frame(render::evaluate(scene, static_cast<double>(f)), px);
            const render::ImageView view = render::view_of(theirs, px, px);
            const double mean = render::compare_images(ours.view(), view, 32).mean_abs;
            worst = std::max(worst, mean);
            over += mean > 1.0;
            shift = std::max(shift, render::compare_shapes(ours.view(), view, render::shape_window(px, spec.layout.grid)).edge_shift);
          }
          if (master && !fitted) std::printf(" (none: exact above %d px) |", spec.hinting.up_to);
          else std::printf(" %.2f, %d of %zu, %.3f px |", worst, over, player.frame_count(), shift);
        }
        std::printf("\n");
      }
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "player_frames: %s\n", e.what());
    return 1;
  }
}
