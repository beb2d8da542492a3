// fit on targets nobody tuned it for: seeded specs drawn from wide ranges (packet radius 1.25–2.5,
// module size 6–9, padding 0.5–2, weight 1–3, 24/25/30/60 fps, any style and motion, off the
// keylines), each in three forms — our Lottie at that frame rate, a copy another pipeline wrote
// (every layer renamed, an extra parent per element, 512 px canvas, that frame rate; tests/fit/
// restructure.h) and our bundle — fitted with the CLI's default budget (15 s an animation, 60 s a
// bundle), the players' reading included. Prints one line a fit, then per form the median and
// 95th percentile of time and frames drawn, how many matched and how many converged.
//   ./build/bench_fit_matrix [--cases 12] [--seed 38] [--forms lottie,copy,bundle] [--budget SECONDS|none] [--progress on]
//                          [--from K]
// (--budget none: no limit, to see the work each fit does whatever the machine's load; --progress
// on: each fit's stages and their times on stderr, as `fit` prints them; --from K: cases K and on only,
// the same specs as in a whole run.)

#include "render/fit/fit.h"
#include "render/lottie/asset_reader.h"
#include "render/lottie/dotlottie_writer.h"
#include "render/lottie/lottie_writer.h"
#include "render/scene/scene.h"
#include "restructure.h"
#include "spec/json_reader.h"
#include "spec/loader.h"
#include "spec/variant_space.h"
#include "tools/bench/fit_players.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace iconsynth;

struct Case {
  spec::Json document;
  std::string style, motion, text;  // what was drawn, for the line printed
};

// Case k of the seeded matrix: a spec the loader accepts.
Case draw_case(std::mt19937& random) {
  const auto uniform = [&](double lo, double hi) { return std::round(std::uniform_real_distribution<double>(lo, hi)(random) * 100) / 100; };
  const auto pick = [&](const std::vector<std::string>& from) { return from[std::uniform_int_distribution<std::size_t>(0, from.size() - 1)(random)]; };
  for (;;) {
    Case c{spec::Json::parse(spec::builtin_spec_text()), pick({"outline", "solid", "duotone"}), pick({"light", "strong"}), ""};
    spec::Json& layout = c.document["layout"];
    layout.erase("keylines");  // another tool's asset is drawn off our keylines
    layout["packet"]["radius"] = uniform(1.25, 2.5);
    layout["module"]["size"] = uniform(6, 9);
    layout["padding"] = uniform(0.5, 2);
    c.document["stroke"]["default"] = uniform(1, 3);
    c.document["frame_rate"] = std::stod(pick({"24", "25", "30", "60"}));
    c.document["defaults"]["style"] = c.style;
    c.document["defaults"]["motion"] = c.motion;
    try {
      spec::load_spec(c.document);
    } catch (const spec::SpecError&) {
      continue;
    }
    char text[160];
    std::snprintf(text, sizeof text, "%s-%s packet %.2f module %.2f padding %.2f weight %.2f %g fps", c.style.c_str(), c.motion.c_str(),
                  layout["packet"]["radius"].get<double>(), layout["module"]["size"].get<double>(), layout["padding"].get<double>(),
                  c.document["stroke"]["default"].get<double>(), c.document["frame_rate"].get<double>());
    c.text = text;
    return c;
  }
}

struct Run {
  double seconds = 0;  // wall time, reading the target included
  double cpu = 0;      // this process's CPU time (every thread; the players' children not counted): what load moves less
  long renders = 0;
  bool matched = false, converged = false;
};

// The target of `form` as bytes and its name.
std::pair<std::string, std::string> target_of(const Case& c, const std::string& form) {
  const spec::IconSpec spec = spec::load_spec(c.document);
  if (form == "bundle") return {render::lottie::write_dotlottie(spec, {}), "target.lottie"};
  const spec::Variant v{c.style, spec.default_weight, c.motion, spec.default_theme, std::nullopt};
  const spec::Json ours = render::lottie::write_animation(render::build_scene(spec, v), {});
  if (form == "lottie") return {render::lottie::to_text(ours), "target.json"};
  // The copy: our export at 60 fps, rewritten at the case's rate (its length in seconds kept).
  spec::Json at60 = c.document;
  at60["frame_rate"] = 60;
  const spec::IconSpec spec60 = spec::load_spec(at60);
  const spec::Json ours60 = render::lottie::write_animation(render::build_scene(spec60, {c.style, spec60.default_weight, c.motion, spec60.default_theme, std::nullopt}), {});
  return {test::restructure_lottie(nlohmann::ordered_json::parse(render::lottie::to_text(ours60)), c.document["frame_rate"].get<double>(), 512).dump(),
          "target-copy.json"};
}

Run fit_once(const spec::IconSpec& base, const std::string& bytes, const std::string& name, double budget_seconds,
             const render::fit::TargetOptions& reading, bool progress) {
  const auto started = render::fit::FitBudget::Clock::now();
  const std::clock_t cpu = std::clock();
  const render::lottie::Asset asset = render::lottie::read_asset_bytes(bytes, name);
  const double budget = budget_seconds != 0 ? std::max(0.0, budget_seconds) : asset.animations.size() > 1 ? 60 : 15;
  render::fit::FitOptions options;
  options.budget = render::fit::FitBudget(budget, started);
  if (progress) options.progress = [](const std::string& line) { std::fprintf(stderr, "%s\n", line.c_str()); };
  const render::fit::Target target = render::fit::read_asset_target(base, asset, name, reading);
  const render::fit::FitResult r = render::fit::fit_target(base.source, target, options);
  return {std::chrono::duration<double>(render::fit::FitBudget::Clock::now() - started).count(),
          static_cast<double>(std::clock() - cpu) / CLOCKS_PER_SEC, r.renders, r.matched(), r.converged};
}

double percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  // Nearest rank: the smallest value with at least p of the values at or below it.
  const std::size_t rank = static_cast<std::size_t>(std::ceil(p * static_cast<double>(values.size())));
  return values[std::clamp<std::size_t>(rank, 1, values.size()) - 1];
}

}  // namespace

int main(int argc, char** argv) {
  int cases = 12;
  unsigned seed = 38;
  double budget = 0;  // 0: the CLI's defaults; below 0: none
  bool progress = false;
  int from = 0;
  std::vector<std::string> forms{"lottie", "copy", "bundle"};
  const auto usage = [] {
    std::fprintf(stderr, "usage: bench_fit_matrix [--cases N] [--seed S] [--forms lottie,copy,bundle] [--budget SECONDS|none] [--progress on] [--from K]\n");
    return 2;
  };
  for (int i = 1; i < argc; i += 2) {
    if (i + 1 == argc) {  // an option without its value, or --help
      return usage();
    }
    if (!std::strcmp(argv[i], "--cases")) cases = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--seed")) seed = static_cast<unsigned>(std::atoi(argv[i + 1]));
    else if (!std::strcmp(argv[i], "--from")) from = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--progress")) progress = !std::strcmp(argv[i + 1], "on");
    else if (!std::strcmp(argv[i], "--budget")) budget = std::strcmp(argv[i + 1], "none") ? std::atof(argv[i + 1]) : -1;
    else if (!std::strcmp(argv[i], "--forms")) {
      forms.clear();
      for (const char* f = argv[i + 1]; *f;) {
        const char* end = std::strchr(f, ',');
        forms.emplace_back(f, end ? end : f + std::strlen(f));
        f = end ? end + 1 : f + std::strlen(f);
      }
    } else {
      return usage();
    }
  }
  const spec::IconSpec base = spec::load_spec_text(spec::builtin_spec_text());
  render::fit::TargetOptions reading;
  if (const auto missing = bench::read_in_both_players(reading)) {
    std::fprintf(stderr, "bench_fit_matrix: %s\n", missing->c_str());
    return 1;
  }
  std::mt19937 random(seed);
  std::map<std::string, std::vector<Run>> runs;
  for (int k = 0; k < cases; ++k) {
    const Case c = draw_case(random);
    if (k < from) continue;
    for (const std::string& form : forms) {
      const auto [bytes, name] = target_of(c, form);
      const Run r = fit_once(base, bytes, name, budget, reading, progress);
      runs[form].push_back(r);
      std::printf("case %2d %-7s %-62s %6.1f s (CPU %6.1f s) %8ld frames %s%s\n", k, form.c_str(), c.text.c_str(), r.seconds, r.cpu, r.renders,
                  r.matched ? "matched" : "NOT matched", r.converged ? "" : ", did not converge");
      std::fflush(stdout);
    }
  }
  std::printf("\n| form | fits | time median | time p95 | CPU median | CPU p95 | frames median | frames p95 | matched | converged |\n"
              "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  for (const std::string& form : forms) {
    std::vector<double> seconds, cpu, frames;
    int matched = 0, converged = 0;
    for (const Run& r : runs[form]) {
      seconds.push_back(r.seconds), cpu.push_back(r.cpu), frames.push_back(static_cast<double>(r.renders));
      matched += r.matched, converged += r.converged;
    }
    std::printf("| %s | %zu | %.1f s | %.1f s | %.1f s | %.1f s | %.0f | %.0f | %d | %d |\n", form.c_str(), runs[form].size(),
                percentile(seconds, 0.5), percentile(seconds, 0.95), percentile(cpu, 0.5), percentile(cpu, 0.95), percentile(frames, 0.5),
                percentile(frames, 0.95), matched, converged);
  }
  return 0;
}
