// iconsynth's performance figures (Google Benchmark). Build Release, then:
//   ./build/bench --benchmark_min_time=0.5
// Frame benchmarks cycle through every frame of an animation, so each figure is a mean over the
// whole animation: BM_RenderFrame (Cairo) and BM_RlottieFrame (rlottie playing our own export)
// for every style × motion, e.g. --benchmark_filter='Frame/outline/strong/256'. The other
// benchmarks use outline-strong, the busiest motion (eight packets and two swells).

#include "render/cairo/frame_renderer.h"
#include "render/cairo/raster.h"
#include "render/cairo/sized_scene.h"
#include "render/check/asset_check.h"
#include "render/golden/golden_check.h"
#include "render/golden/golden_report.h"
#include "render/golden/golden_update.h"
#include "render/lottie/dotlottie_writer.h"
#include "render/lottie/rlottie_player.h"
#include "render/preview/preview_page.h"
#include "render/scene/evaluate.h"
#include "render/svg/animated_svg.h"
#include "spec/loader.h"
#include "render/build/run_build.h"
#include "tools/iconsynth/npm_package.h"

#include <benchmark/benchmark.h>

#include <filesystem>

namespace {

using namespace iconsynth;

const spec::IconSpec& builtin() {
  static const spec::IconSpec spec = spec::load_spec_text(spec::builtin_spec_text());
  return spec;
}

// The busiest variant at the default style, weight and theme: the motion with the most elements
// (built-in: outline-strong, eight packets and two swells).
const render::AnimatedScene& strong_scene() {
  static const render::AnimatedScene scene = [] {
    std::optional<render::AnimatedScene> busiest;
    const spec::Variant defaults = spec::VariantSpace(builtin()).defaults();
    for (const spec::Variant& v : spec::VariantSpace(builtin()).variants({.style = defaults.style, .theme = defaults.theme,
                                                                            .weight = defaults.weight})) {
      render::AnimatedScene candidate = render::build_scene(builtin(), v);
      if (!busiest || candidate.elements.size() > busiest->elements.size()) busiest = std::move(candidate);
    }
    return *busiest;
  }();
  return scene;
}

// Every style × motion at the default weight and theme, built once (benchmarks keep references).
const std::vector<render::AnimatedScene>& style_motion_scenes() {
  static const std::vector<render::AnimatedScene> scenes = [] {
    std::vector<render::AnimatedScene> out;
    const spec::Variant defaults = spec::VariantSpace(builtin()).defaults();
    for (const spec::Variant& v : spec::VariantSpace(builtin()).variants({.theme = defaults.theme, .weight = defaults.weight})) {
      out.push_back(render::build_scene(builtin(), v));
    }
    return out;
  }();
  return scenes;
}

// Evaluate + rasterise one frame to an ARGB surface (no encoding), cycling through every frame
// of the animation, as a player loops it: one FrameRenderer, which restores what it redraws to
// its backdrop (its buffer clear), redraws only what moved, and from the second loop on finds
// every coverage mask it needs already drawn: BM_RenderFrame/<style>/<motion>/<px>.
void BM_RenderFrame(benchmark::State& state, const render::AnimatedScene* scene, int size) {
  render::FrameRenderer renderer(*scene, size);
  int frame = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(renderer.render(frame).data());
    frame = (frame + 1) % scene->frame_count;
  }
  state.SetItemsProcessed(state.iterations());
}

// One frame on its own (render_frame: a new image, everything drawn), as `render --frame`,
// golden checks and `check` pay: BM_RenderFrameAlone/<px>, outline-strong.
void BM_RenderFrameAlone(benchmark::State& state) {
  const render::AnimatedScene& scene = strong_scene();
  const int size = static_cast<int>(state.range(0));
  int frame = 0;
  for (auto _ : state) {
    render::ImageSurface image = render::render_frame(render::evaluate(scene, frame), size);
    benchmark::DoNotOptimize(image.data());
    frame = (frame + 1) % scene.frame_count;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_RenderFrameAlone)->Arg(24)->Arg(64)->Arg(256)->Arg(1024)->Unit(benchmark::kMillisecond);

// The first play of the animation: a new FrameRenderer draws every frame once, so every mask
// it needs is drawn (shared between modules only), with its default workers (from 64 px, one
// fewer than the cores): BM_RenderFirstPlay/<style>/<motion>/<px>; and on the calling thread
// alone: BM_RenderFirstPlayOneThread/…. The time is for the whole play; the counter
// s_per_frame is per frame.
void BM_RenderFirstPlay(benchmark::State& state, const render::AnimatedScene* scene, int size, int workers) {
  for (auto _ : state) {
    render::FrameRenderer renderer(*scene, size, render::FrameRenderer::kDefaultMaskBudget, workers);
    for (int frame = 0; frame < scene->frame_count; ++frame) benchmark::DoNotOptimize(renderer.render(frame).data());
  }
  state.SetItemsProcessed(state.iterations() * scene->frame_count);
  state.counters["s_per_frame"] = benchmark::Counter(scene->frame_count, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

// rlottie playing our own Lottie export of the same variant, the same frames in the same order,
// into one reused buffer (rlottie clears it before drawing each frame):
// BM_RlottieFrame/<style>/<motion>/<px>.
void BM_RlottieFrame(benchmark::State& state, const render::AnimatedScene* scene, int size) {
  const render::lottie::RlottiePlayer player(render::lottie::to_text(render::lottie::write_animation(*scene, {})),
                                             spec::VariantSpace::animation_id(scene->variant));
  std::vector<std::uint32_t> pixels(static_cast<std::size_t>(size) * size);
  int frame = 0;
  for (auto _ : state) {
    player.render_into(static_cast<std::size_t>(frame), size, pixels.data());
    benchmark::DoNotOptimize(pixels.data());
    frame = (frame + 1) % scene->frame_count;
  }
  state.SetItemsProcessed(state.iterations());
}

// Both renderers side by side for every style × motion at 24, 64, 256 and 1024 px, in wall-clock
// time: rlottie rasterises on worker threads, so the calling thread's CPU time would flatter it.
// The CPU time reported is the process's, every thread's (ours and rlottie's workers included):
// what the work costs whatever else the machine runs, where wall time is what a caller waits.
void register_frame_benchmarks() {
  for (const render::AnimatedScene& scene : style_motion_scenes()) {
    for (int size : {24, 64, 256, 1024}) {
      const std::string id = scene.variant.style + "/" + scene.variant.motion + "/" + std::to_string(size);
      benchmark::RegisterBenchmark(("BM_RenderFrame/" + id).c_str(), BM_RenderFrame, &scene, size)->Unit(benchmark::kMillisecond)->UseRealTime()->MeasureProcessCPUTime();
      benchmark::RegisterBenchmark(("BM_RenderFirstPlay/" + id).c_str(), BM_RenderFirstPlay, &scene, size,
                                   render::FrameRenderer::default_workers())->Unit(benchmark::kMillisecond)->UseRealTime()->MeasureProcessCPUTime();
      benchmark::RegisterBenchmark(("BM_RenderFirstPlayOneThread/" + id).c_str(), BM_RenderFirstPlay, &scene, size, 0)
          ->Unit(benchmark::kMillisecond)->UseRealTime()->MeasureProcessCPUTime();
      benchmark::RegisterBenchmark(("BM_RlottieFrame/" + id).c_str(), BM_RlottieFrame, &scene, size)->Unit(benchmark::kMillisecond)->UseRealTime()->MeasureProcessCPUTime();
    }
  }
}

// The same plus PNG encoding: what `render` pays per written frame.
void BM_RenderFramePng(benchmark::State& state) {
  const render::AnimatedScene& scene = strong_scene();
  const int size = static_cast<int>(state.range(0));
  int frame = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(render::render_frame(render::evaluate(scene, frame), size).png_bytes());
    frame = (frame + 1) % scene.frame_count;
  }
}
BENCHMARK(BM_RenderFramePng)->Arg(64)->Arg(256)->Unit(benchmark::kMillisecond);

// Sampling every track of the scene at one frame.
void BM_Evaluate(benchmark::State& state) {
  const render::AnimatedScene& scene = strong_scene();
  double frame = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(render::evaluate(scene, frame));
    frame = frame + 0.5 < scene.frame_count ? frame + 0.5 : 0;
  }
}
BENCHMARK(BM_Evaluate);

// Spec → scene for one variant (geometry + choreography).
void BM_BuildScene(benchmark::State& state) {
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        render::build_scene(builtin(), strong_scene().variant));
  }
}
BENCHMARK(BM_BuildScene)->Unit(benchmark::kMicrosecond);

// The scene an output of <px> px draws (render/cairo/sized_scene.h): the optical size's scene
// built, hinted with each candidate stem, every candidate's rest pose rendered for the judge.
void BM_SceneForSize(benchmark::State& state) {
  const int size = static_cast<int>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(render::scene_for_size(builtin(), strong_scene().variant, size));
}
BENCHMARK(BM_SceneForSize)->Arg(16)->Arg(24)->Arg(32)->Arg(64)->Unit(benchmark::kMicrosecond);

// The hint alone, without a judge (the rule's stem), on a built scene.
void BM_Hint(benchmark::State& state) {
  const render::AnimatedScene& scene = strong_scene();
  for (auto _ : state) benchmark::DoNotOptimize(render::hint(scene, 32, {builtin().default_weight, {}}));
}
BENCHMARK(BM_Hint)->Unit(benchmark::kMicrosecond);

// One variant to Lottie JSON text (scene already built).
void BM_ExportLottie(benchmark::State& state) {
  const render::AnimatedScene& scene = strong_scene();
  for (auto _ : state) benchmark::DoNotOptimize(render::lottie::to_text(render::lottie::write_animation(scene, {})));
}
BENCHMARK(BM_ExportLottie)->Unit(benchmark::kMicrosecond);

// The same variant as an animated SVG + CSS document (scene already built).
void BM_ExportSvg(benchmark::State& state) {
  const render::AnimatedScene& scene = strong_scene();
  for (auto _ : state) benchmark::DoNotOptimize(render::svg::write_animated_svg(scene, {24}));
}
BENCHMARK(BM_ExportSvg)->Unit(benchmark::kMicrosecond);

// The whole .lottie bundle from the spec: six scenes, six animations, themes, zip.
void BM_ExportBundle(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(render::lottie::write_dotlottie(builtin(), {}));
}
BENCHMARK(BM_ExportBundle)->Unit(benchmark::kMillisecond);

// The project's golden set, tests/golden (a path built by std::filesystem: GCC 12 warns
// -Warray-bounds, wrongly, on a literal appended to a string made from a macro).
std::string project_golden_set() { return (std::filesystem::path(ICONSYNTH_SOURCE_DIR) / "tests" / "golden").string(); }

// `iconsynth golden check --dir tests/golden`: the project's whole set (36 variants, 630 frames,
// 36 Lottie exports and the bundle), all matching, so every frame is rendered and hashed.
void BM_GoldenCheck(benchmark::State& state) {
  const std::string dir = project_golden_set();
  for (auto _ : state) {
    const auto report = render::golden::check_golden_set(builtin(), dir, {});
    if (!report.passed()) state.SkipWithError("the golden set does not match the built-in spec");
  }
}
BENCHMARK(BM_GoldenCheck)->Unit(benchmark::kMillisecond);

// `iconsynth golden update --dir tests/golden` planned, nothing written: every frame rendered and
// hashed, each variant checked so that frames matching their accepted images are kept.
void BM_GoldenUpdate(benchmark::State& state) {
  const std::string dir = project_golden_set();
  render::golden::UpdateOptions options;
  options.renderer = render::golden::current_renderer("bench");
  for (auto _ : state) {
    const auto update = render::golden::plan_update(builtin(), dir, options);
    if (!update.writes.empty()) state.SkipWithError("an update of the unchanged tree would write files");
  }
}
BENCHMARK(BM_GoldenUpdate)->Unit(benchmark::kMillisecond);

// `golden check --report` after the strong swell grew 2 %: 18 variants fail in one group; the
// check and the report's files in memory (its strips, the worst frame's images, the page).
void BM_GoldenReport(benchmark::State& state) {
  const std::string dir = project_golden_set();
  const spec::IconSpec changed = spec::load_spec_with_overrides({}, {"motions.strong.timeline.sequence.1.exchange.swell.scale=1.224"});
  for (auto _ : state) {
    const auto report = render::golden::check_golden_set(changed, dir, {});
    render::golden::ReportOptions options;
    options.set_dir = "tests/golden";
    benchmark::DoNotOptimize(render::golden::write_report(report, "report", options));
  }
}
BENCHMARK(BM_GoldenReport)->Unit(benchmark::kMillisecond);

// `iconsynth check gpu-cluster.lottie --size N`: read the bundle, then every animation, every
// frame, each player against Cairo (450 frame pairs a player). Arg 0: rlottie only; arg 1: rlottie
// and ThorVG (Node and tools/dotlottie-web.sh's package; skipped with a message without them).
void BM_CheckBundle(benchmark::State& state) {
  const std::string bytes = render::lottie::write_dotlottie(builtin(), {});
  render::check::CheckOptions options;
  options.size = static_cast<int>(state.range(1));
  if (state.range(0) == 1) {
    try {
      options.thorvg = cli::find_thorvg("");
    } catch (const std::exception& e) {
      state.SkipWithError(e.what());
      return;
    }
    options.players.push_back(render::check::Engine::Thorvg);
  }
  for (auto _ : state) {
    const auto asset = render::lottie::read_asset_bytes(bytes, "gpu-cluster.lottie");
    const auto result = render::check::check_asset(builtin(), asset, "gpu-cluster.lottie", options);
    if (!result.passed()) state.SkipWithError("our own bundle does not check clean");
  }
}
BENCHMARK(BM_CheckBundle)->ArgNames({"thorvg", "px"})->Args({0, 128})->Args({1, 128})->Args({1, 16})->Args({1, 512})
    ->Unit(benchmark::kMillisecond)->UseRealTime();

// `iconsynth build --out DIR` on defaults, files written included.
void BM_BuildCommand(benchmark::State& state) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "iconsynth-bench-build";
  for (auto _ : state) render::build::run_build(builtin(), {}, dir, {});
  std::filesystem::remove_all(dir);
}
BENCHMARK(BM_BuildCommand)->Unit(benchmark::kMillisecond);

// The preview page's content at its default 160 px (12 filmstrips, 2 plots, 6 Lottie): what each
// `preview --watch` rebuild pays before writing files.
void BM_PreviewPage(benchmark::State& state) {
  render::PreviewPageOptions options;
  options.size = static_cast<int>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(render::preview_page(builtin(), options));
}
BENCHMARK(BM_PreviewPage)->Arg(64)->Arg(160)->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
  register_frame_benchmarks();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
