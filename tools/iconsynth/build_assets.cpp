#include "tools/iconsynth/build_assets.h"

#include "tools/iconsynth/atomic_file.h"

#include "render/cairo/raster.h"
#include "render/cairo/vector_output.h"

#include <chrono>
#include <functional>

namespace iconsynth::cli {

namespace {

namespace fs = std::filesystem;

// One asset of the set: where it goes and how to make its bytes.
struct Asset {
  fs::path path;
  std::string what;
  std::function<std::string()> make;
};

std::vector<Asset> plan_assets(const spec::IconSpec& spec, const BuildOptions& o) {
  const fs::path dir(o.out);
  std::vector<Asset> assets;
  VariantOptions base;
  base.theme = o.theme;
  base.color = o.color;
  for (spec::Style style : spec::kStyles) {
    for (double weight : spec.weight_presets) {
      for (spec::Motion motion : spec::kMotions) {
        VariantOptions v = base;
        v.style = spec::name(style);
        v.motion = spec::name(motion);
        v.weight = weight;
        const render::Variant variant = v.resolve(spec);
        const std::string id = render::variant_id(variant) + "-w" + weight_label(weight);
        assets.push_back({dir / "filmstrips" / (id + ".png"), "filmstrip " + id, [&spec, variant, size = o.size] {
                            const render::AnimatedScene scene = render::build_scene(spec, variant);
                            const int columns = render::default_filmstrip_columns(scene.frame_count);
                            return render::render_filmstrip(scene, size, columns).png_bytes();
                          }});
      }
      VariantOptions v = base;
      v.style = spec::name(style);
      v.weight = weight;
      const render::Variant variant = v.resolve(spec);
      const std::string id = std::string(spec::name(style)) + "-w" + weight_label(weight);
      assets.push_back({dir / "svg" / (id + ".svg"), "rest pose " + id, [&spec, variant, size = o.size] {
                          const render::AnimatedScene scene = render::build_scene(spec, variant);
                          return render::render_svg(render::evaluate(scene, 0), size);
                        }});
    }
  }
  return assets;
}

}  // namespace

void run_build(const BuildOptions& o, std::FILE* progress) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const spec::IconSpec spec = o.spec.load();
  const std::vector<Asset> assets = plan_assets(spec, o);
  std::size_t total_bytes = 0;
  for (std::size_t i = 0; i < assets.size(); ++i) {
    const auto t0 = Clock::now();
    const std::string bytes = assets[i].make();
    write_file_atomically(assets[i].path, bytes);
    total_bytes += bytes.size();
    const auto ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    if (progress) std::fprintf(progress, "[%2zu/%zu] %-32s %8zu bytes %7.1f ms  %s\n", i + 1, assets.size(), assets[i].what.c_str(), bytes.size(),
                ms, assets[i].path.string().c_str());
  }
  const auto seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (progress) std::fprintf(progress, "built %zu files (%zu bytes) for %s in %s in %.2f s\n", assets.size(), total_bytes, spec.id.c_str(),
              o.out.c_str(), seconds);
}


}  // namespace iconsynth::cli
