// The editor's server side, per edit (tools/bench/README.md, "The editor"): what `preview --serve`
// does between a value arriving and its answer leaving, at the page's default 160 px, and what the
// page asks for next. The browser's side is tools/bench/editor_latency.mjs.
//   ./build/bench --benchmark_filter=Editor

#include "render/preview/editor_session.h"
#include "spec/loader.h"

#include <benchmark/benchmark.h>

#include <set>
#include <string>

namespace {

using namespace iconsynth;
using Json = nlohmann::ordered_json;

constexpr const char* kSwell = "motions.light.timeline.exchange.swell.scale";

render::PreviewPageOptions page() {
  render::PreviewPageOptions o;
  o.size = 160;
  return o;
}

std::set<std::string> keys_of(const Json& response) {
  std::set<std::string> keys;
  for (const auto& [id, v] : response["data"]["variants"].items()) keys.insert(v["key"].get<std::string>());
  return keys;
}

// One motion's value dragged: each edit a new value, the page holding the last one's animations,
// so each rebuilds that motion's three cards (Lottie) and answers with them.
void BM_EditorMotionEdit(benchmark::State& state) {
  render::EditorSession session(std::string(spec::builtin_spec_text()), page());
  std::set<std::string> have = keys_of(session.edit({}));
  int step = 0;
  for (auto _ : state) {
    const Json r = session.edit({{kSwell, 1.13 + 0.001 * (step++ % 100)}}, have);
    have = keys_of(r);
    benchmark::DoNotOptimize(session.answer_text(r).size());  // the answer as sent
  }
  state.counters["lotties"] = benchmark::Counter(session.work().lotties_written, benchmark::Counter::kAvgIterations);
}
BENCHMARK(BM_EditorMotionEdit)->Unit(benchmark::kMillisecond);

// A layout value: every card is rebuilt.
void BM_EditorLayoutEdit(benchmark::State& state) {
  render::EditorSession session(std::string(spec::builtin_spec_text()), page());
  std::set<std::string> have = keys_of(session.edit({}));
  int step = 0;
  for (auto _ : state) {
    const Json r = session.edit({{"layout.die.size", 1.5 + 0.01 * (step++ % 40)}}, have);
    have = keys_of(r);
    benchmark::DoNotOptimize(session.answer_text(r).size());
  }
}
BENCHMARK(BM_EditorLayoutEdit)->Unit(benchmark::kMillisecond);

// The key a new edit gives light's outline card in the dark theme (not timed).
std::string key_after_edit(render::EditorSession& session, int step, const char* what, benchmark::State& state) {
  state.PauseTiming();
  const Json r = session.edit({{kSwell, 1.13 + 0.001 * (step % 100)}});
  const std::string url = r["data"]["variants"]["outline-light"][what]["dark"];
  state.ResumeTiming();
  return url.substr(url.find("key=") + 4);
}

// The Cairo frame the page shows first after an edit (its scene built, the frame drawn, PNG).
void BM_EditorFirstFrame(benchmark::State& state) {
  render::EditorSession session(std::string(spec::builtin_spec_text()), page());
  int step = 0;
  for (auto _ : state) benchmark::DoNotOptimize(session.frame_png(key_after_edit(session, step++, "frames", state), 36));
}
BENCHMARK(BM_EditorFirstFrame)->Unit(benchmark::kMillisecond);

// The frame shown, drawn alone for each new value (light's three cards at frame 36: the spec read
// with the change, each card's scene built, its frame drawn, PNG, base64), what the page asks for
// at every event of a drag.
void BM_EditorShownFrame(benchmark::State& state) {
  render::EditorSession session(std::string(spec::builtin_spec_text()), page());
  int step = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(session.shown_frames({{kSwell, 1.13 + 0.001 * (step++ % 100)}}, render::ShownFrame{"light", "light", 36}));
  }
}
BENCHMARK(BM_EditorShownFrame)->Unit(benchmark::kMillisecond);

// The whole flipbook, drawn once edits pause.
void BM_EditorFlipbook(benchmark::State& state) {
  render::EditorSession session(std::string(spec::builtin_spec_text()), page());
  int step = 0;
  for (auto _ : state) benchmark::DoNotOptimize(session.filmstrip_png(key_after_edit(session, step++, "filmstrips", state)));
}
BENCHMARK(BM_EditorFlipbook)->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond);  // drawn on a thread of its own

}  // namespace
