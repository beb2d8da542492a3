#include "tools/iconsynth/build_assets.h"

#include "tools/iconsynth/atomic_file.h"

#include "render/cairo/raster.h"
#include "render/cairo/vector_output.h"
#include "render/lottie/descriptor.h"
#include "render/lottie/dotlottie_writer.h"
#include "render/svg/animated_svg.h"
#include "render/svg/static_svg.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>

namespace iconsynth::cli {

namespace {

namespace fs = std::filesystem;

// One asset of the set: where it goes and how to make its bytes.
struct Asset {
  fs::path path;
  std::string what;
  std::function<std::string()> make;
};

// Everything `build` writes, in the order it writes it:
//   filmstrips/<style>-<motion>-w<weight>.png   every frame of a variant on one sheet
//   lottie/<style>-<motion>-w<weight>.json      the same variant as Lottie JSON
//   animated-svg/<style>-<motion>-w<weight>.svg the same variant as SVG + CSS, no player needed
//   svg/<style>-w<weight>.svg                   the rest pose
//   <icon>.lottie                               every style x motion, every theme, default weight
//   <icon>.mjs                                  the bundle's descriptor module
std::vector<Asset> plan_assets(const spec::IconSpec& spec, const BuildOptions& o) {
  const fs::path dir(o.out);
  // The theme and colour asked for, checked against the spec once.
  VariantOptions asked;
  asked.theme = o.theme;
  asked.color = o.color;
  const render::Variant base = asked.resolve(spec);
  const spec::VariantSpace space(spec);
  const auto with_base_colour = [&](render::Variant v) {
    v.color = base.color;
    return v;
  };
  std::vector<Asset> assets;
  for (const render::Variant& variant : space.variants({.theme = base.theme})) {
    const render::Variant v = with_base_colour(variant);
    const std::string id = spec::VariantSpace::file_stem(v);
    assets.push_back({dir / "filmstrips" / (id + ".png"), "filmstrip " + id, [&spec, v, size = o.size] {
                        const render::AnimatedScene scene = render::build_scene(spec, v);
                        const int columns = render::default_filmstrip_columns(scene.frame_count);
                        return render::render_filmstrip(scene, size, columns).png_bytes();
                      }});
    assets.push_back({dir / "lottie" / (id + ".json"), "lottie " + id, [&spec, v] {
                        const render::AnimatedScene scene = render::build_scene(spec, v);
                        return render::lottie::to_text(render::lottie::write_animation(scene, {}));
                      }});
    assets.push_back({dir / "animated-svg" / (id + ".svg"), "animated svg " + id, [&spec, v, size = o.size] {
                        return render::svg::write_animated_svg(render::build_scene(spec, v), {size});
                      }});
  }
  // The rest pose is the same in every motion: the default one draws it.
  for (const render::Variant& variant : space.variants({.motion = base.motion, .theme = base.theme})) {
    const render::Variant rest = with_base_colour(variant);
    const std::string id = rest.style + "-w" + spec::VariantSpace::weight_label(rest.weight);
    assets.push_back({dir / "svg" / (id + ".svg"), "rest pose " + id, [&spec, rest, size = o.size] {
                        const render::AnimatedScene scene = render::build_scene(spec, rest);
                        return render::svg::write_static_svg(render::evaluate(scene, 0), size);
                      }});
  }
  assets.push_back({dir / render::lottie::bundle_file_name(spec), "dotLottie bundle", [&spec, base] {
                      render::lottie::BundleOptions options;
                      options.weight = base.weight;
                      options.theme = base.theme;
                      options.generator = std::string("iconsynth ") + ICONSYNTH_VERSION;
                      return render::lottie::write_dotlottie(spec, options);
                    }});
  assets.push_back({dir / render::lottie::descriptor_file_name(spec), "descriptor module", [&spec] {
                      return render::lottie::write_descriptor(spec, {std::string("iconsynth ") + ICONSYNTH_VERSION});
                    }});
  return assets;
}

}  // namespace

void run_build(const BuildOptions& o, std::FILE* progress) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const spec::IconSpec spec = o.spec.load();
  const std::vector<Asset> assets = plan_assets(spec, o);
  // Assets are independent: two threads make and write them, taking the next one in plan order
  // as each finishes, while this thread reports them in plan order (so the progress lines are
  // the same every run) and rethrows the first failure in that order.
  struct Outcome {
    bool done = false;
    std::size_t bytes = 0;
    double ms = 0;
    std::exception_ptr error;
  };
  std::vector<Outcome> outcomes(assets.size());
  std::mutex mutex;
  std::condition_variable finished;
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  const auto work = [&] {
    for (std::size_t i; (i = next++) < assets.size();) {
      Outcome outcome;
      const auto t0 = Clock::now();
      if (!failed) {  // after a failure, the rest is marked done unmade
        try {
          const std::string bytes = assets[i].make();
          write_file_atomically(assets[i].path, bytes);
          outcome.bytes = bytes.size();
        } catch (...) {
          outcome.error = std::current_exception();
          failed = true;
        }
      }
      outcome.ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
      outcome.done = true;
      {
        const std::lock_guard lock(mutex);
        outcomes[i] = std::move(outcome);
      }
      finished.notify_all();
    }
  };
  std::exception_ptr error;
  std::size_t total_bytes = 0;
  {
    const std::jthread first(work), second(work);
    for (std::size_t i = 0; i < assets.size() && !error; ++i) {
      Outcome outcome;
      {
        std::unique_lock lock(mutex);
        finished.wait(lock, [&] { return outcomes[i].done; });
        outcome = outcomes[i];
      }
      // A failure is met in plan order before any asset skipped because of it.
      error = outcome.error;
      if (error) break;
      total_bytes += outcome.bytes;
      if (progress) {
        std::fprintf(progress, "[%2zu/%zu] %-32s %8zu bytes %7.1f ms  %s\n", i + 1, assets.size(), assets[i].what.c_str(),
                     outcome.bytes, outcome.ms, assets[i].path.string().c_str());
      }
    }
  }  // both threads joined: after a failure they only mark what is left
  if (error) std::rethrow_exception(error);
  const auto seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (progress) {
    std::fprintf(progress, "built %zu files (%zu bytes) for %s in %s in %.2f s\n", assets.size(), total_bytes,
                 spec.id.c_str(), o.out.c_str(), seconds);
  }
}


}  // namespace iconsynth::cli
