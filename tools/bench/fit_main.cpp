// How long `iconsynth fit` takes, and how many frames it draws (Google Benchmark). Build Release, then:
//   ./build/bench_fit
// Each target is the built-in spec with a few parameters changed (one per family the fit solves
// in a separate stage: a weight, a layout size, a timing, a scale), exported by us and played by
// rlottie and ThorVG as `fit` plays any asset; the fit starts from the built-in spec. Reading the
// target (the players' frames) is part of the time, as it is for a user. The layout is drawn off
// keylines, as another tool's asset would be. Counters: `renders`, the
// frames our renderer drew; `matched`, 1 when check passes against the fitted spec.
// One iteration each: a fit takes seconds, and its work does not vary from run to run.

#include "render/fit/fit.h"
#include "render/lottie/dotlottie_writer.h"
#include "render/lottie/lottie_writer.h"
#include "render/scene/scene.h"
#include "spec/loader.h"
#include "spec/overrides.h"
#include "tools/bench/fit_players.h"

#include <benchmark/benchmark.h>

namespace {

using namespace iconsynth;

const spec::IconSpec& perturbed() {
  static const spec::IconSpec spec = [] {
    spec::Json document = spec::Json::parse(spec::builtin_spec_text());
    for (const char* change : {"stroke.default=2.25", "layout.module.size=7.62", "motions.light.timeline.exchange.travel.frames=21",
                               "motions.strong.timeline.sequence.1.exchange.swell.scale=1.22"}) {
      spec::apply_override(document, change);
    }
    document["layout"].erase("keylines");  // on keylines module 7.62 would draw as 6
    return spec::load_spec(document);
  }();
  return spec;
}

void fit_asset(benchmark::State& state, const std::string& bytes, const std::string& name) {
  const spec::IconSpec base = spec::load_spec_text(spec::builtin_spec_text());
  render::fit::TargetOptions reading;
  if (const auto missing = bench::read_in_both_players(reading)) {
    state.SkipWithError(missing->c_str());
    return;
  }
  render::fit::FitResult result;
  for (auto _ : state) {
    const render::lottie::Asset asset = render::lottie::read_asset_bytes(bytes, name);
    const render::fit::Target target = render::fit::read_asset_target(base, asset, name, reading);
    result = render::fit::fit_target(base.source, target, {});
  }
  state.counters["renders"] = static_cast<double>(result.renders);
  state.counters["matched"] = result.matched() ? 1 : 0;
  state.counters["animations"] = static_cast<double>(result.animations.size());
}

// One animation as Lottie JSON: outline-light, the default variant.
void BM_FitAnimation(benchmark::State& state) {
  const spec::Variant v = spec::VariantSpace(perturbed()).defaults();
  const std::string bytes = render::lottie::to_text(render::lottie::write_animation(render::build_scene(perturbed(), v), {}));
  fit_asset(state, bytes, "outline-light.json");
}
BENCHMARK(BM_FitAnimation)->Unit(benchmark::kSecond)->Iterations(1)->UseRealTime();

// The whole bundle: six animations, their themes.
void BM_FitBundle(benchmark::State& state) {
  fit_asset(state, render::lottie::write_dotlottie(perturbed(), {}), "gpu-cluster.lottie");
}
BENCHMARK(BM_FitBundle)->Unit(benchmark::kSecond)->Iterations(1)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
