#include "tools/iconsynth/atomic_file.h"
#include "tools/iconsynth/cli_options.h"
#include "tools/iconsynth/commands.h"
#include "tools/iconsynth/target_options.h"

#include "render/build/output_format.h"
#include "render/fit/fit_report.h"

#include <csignal>
#include <cstdio>
#include <iostream>

namespace iconsynth::cli {

namespace {

using namespace render;

// The default budget, in seconds of wall time for the whole command: an animation, a bundle of several.
constexpr double kAnimationBudget = 15, kBundleBudget = 60;

struct FitCommandOptions {
  SpecOptions spec;
  TargetOptions target;
  std::vector<std::string> free, fix;
  std::string output, report;
  int coarse_size = 64, fine_size = 128;
  int max_evaluations = 0;
  std::optional<double> budget;
  bool json = false;
};

// SIGINT or SIGTERM cancels: the search stops at its next evaluation and nothing is written.
volatile std::sig_atomic_t cancelled_by = 0;
extern "C" void cancel_fit(int signal) { cancelled_by = signal; }

// Ends the process as the signal would have, once nothing is left half-done.
void end_if_cancelled() {
  if (cancelled_by == 0) return;
  std::fprintf(stderr, "fit: cancelled; nothing written\n");
  std::fflush(stdout);
  std::signal(cancelled_by, SIG_DFL);
  std::raise(cancelled_by);
}

void run_fit(const FitCommandOptions& o) {
  const auto started = fit::FitBudget::Clock::now();
  cancelled_by = 0;
  std::signal(SIGINT, cancel_fit);
  std::signal(SIGTERM, cancel_fit);
  // The fitted spec is plain JSON, not Lottie: the "json" row of output_format.h.
  render::build::format_for_file(o.output, "", {"json"}, "-o");
  if (!o.report.empty()) render::build::check_folder_name(o.report, "--report");
  const spec::IconSpec base = o.spec.load();
  const Target target = read_target(o.target);
  const bool bundle = target.asset && target.asset->animations.size() > 1;
  const fit::FitBudget budget(o.budget.value_or(bundle ? kBundleBudget : kAnimationBudget), started, [] { return cancelled_by != 0; });
  fit::TargetOptions reading;
  reading.sizes = {o.coarse_size, o.fine_size};
  reading.pins = o.target.pins();
  reading.player_timeout_s = o.target.player_timeout_s;
  std::vector<std::string> notes;
  if (target.asset) choose_players(o.target, reading.players, reading.thorvg, notes);
  std::fprintf(stderr, "fit: [%s] reading %s\n", budget.spent_text().c_str(), target.name.c_str());
  fit::Target frames;
  try {
    frames = target.asset ? fit::read_asset_target(base, *target.asset, target.name, reading)
                          : fit::read_frames_target(base, *target.frames, o.target.fps, target.name, reading);
  } catch (const lottie::AssetError& e) {
    end_if_cancelled();  // a kill of the whole group ends the players first
    throw std::invalid_argument(std::string("cannot play the asset: ") + e.what());
  }
  end_if_cancelled();
  fit::FitOptions options;
  options.free = o.free, options.fix = o.fix;
  options.coarse_size = o.coarse_size, options.fine_size = o.fine_size;
  options.max_evaluations = o.max_evaluations;
  options.budget = budget;
  options.pins = reading.pins;
  options.progress = [](const std::string& line) { std::fprintf(stderr, "fit: %s\n", line.c_str()); };
  fit::FitResult result = fit::fit_target(base.source, frames, options);
  end_if_cancelled();
  for (const std::string& n : notes) result.notes.insert(result.notes.begin(), n);
  for (const std::string& n : frames.notes) result.notes.push_back(n);
  write_file_atomically(o.output, result.spec.dump(2) + "\n");
  if (o.json) {
    std::cout << fit::fit_json(result, target.name).dump(2) << "\n";
  } else {
    std::cout << fit::fit_text(result, target.name);
  }
  std::fprintf(o.json ? stderr : stdout, "wrote %s; check it with: iconsynth check %s --spec %s\n", o.output.c_str(), o.target.path.c_str(),
               o.output.c_str());
  if (!o.report.empty()) {
    for (const OutputFile& f : fit::write_fit_report(result, target.name, o.report)) write_file_atomically(f.path, f.bytes);
    std::fprintf(o.json ? stderr : stdout, "report: %s\n", (std::filesystem::path(o.report) / "index.html").c_str());
  }
  std::fflush(stdout);
  if (!result.matched()) throw CheckFailed("no spec of this icon matches the target");
}

}  // namespace

void add_fit_command(CLI::App& app) {
  auto o = std::make_shared<FitCommandOptions>();
  CLI::App* cmd = app.add_subcommand("fit", "Find the spec that regenerates a published .lottie, Lottie JSON or folder of PNG frames");
  o->spec.add_to(*cmd);
  o->target.add_to(*cmd, "The .lottie bundle, Lottie JSON file, folder of PNG frames or golden set (its bundle) to fit");
  cmd->add_option("-o,--output", o->output, "Where to write the fitted spec (a .json file)")->required();
  cmd->add_option("--free", o->free, "Fit only the parameters under this spec path (repeatable), e.g. motions.light or layout")
      ->type_name("PATH");
  cmd->add_option("--fix", o->fix, "Keep the parameters under this spec path at the base spec's values (repeatable)")->type_name("PATH");
  cmd->add_option("--report", o->report, "Write an HTML report (index.html, fit.json, images) to this folder");
  cmd->add_flag("--json", o->json, "Print the report as JSON instead of a table");
  cmd->add_option("--coarse-size", o->coarse_size, "Size in px the motions are fitted at")->check(CLI::Range(24, 256))->capture_default_str();
  cmd->add_option("--size", o->fine_size, "Size in px the rest pose is fitted and the result judged at")
      ->check(CLI::Range(24, 512))
      ->capture_default_str();
  cmd->add_option("--max-evaluations", o->max_evaluations, "Cap every search at this many evaluations (default: each stage's own budget)")
      ->check(CLI::Range(1, 1000000));
  cmd->add_option("--budget", o->budget,
                  "Seconds the whole fit may take, reading the target included (default: 15 for an animation, 60 for a bundle of "
                  "several); where it is spent, the best spec so far is written and said not to have converged")
      ->type_name("SECONDS")
      ->check(CLI::Range(0.1, 86400.0));
  cmd->callback([o] { run_fit(*o); });
}

}  // namespace iconsynth::cli
