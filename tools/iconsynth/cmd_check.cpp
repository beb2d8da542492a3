#include "tools/iconsynth/atomic_file.h"
#include "tools/iconsynth/cli_options.h"
#include "tools/iconsynth/commands.h"

#include "render/build/output_format.h"
#include "render/cairo/raster.h"
#include "render/check/check_ci.h"
#include "render/check/build_folder.h"
#include "render/check/check_report.h"
#include "tools/iconsynth/check_build_folder.h"
#include "tools/iconsynth/ci_output.h"

#include "tools/iconsynth/target_options.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>

#include <iostream>

namespace iconsynth::cli {

namespace {

using namespace render::check;

struct AssetCheckOptions {
  SpecOptions spec;
  TargetOptions target;
  std::string animation, report;
  int size = 128;
  bool json = false;
  Thresholds thresholds;
  CiOutputOptions ci;
};

// The score of every frame as one line of block characters, at most `width` wide (each column the
// worst of its frames), scaled to twice the limit or the worst score: where an animation differs.
std::string sparkline(const PlayerCheck& p, std::size_t width = 30) {
  static const char* const kBlocks[] = {"\u2581", "\u2582", "\u2583", "\u2584", "\u2585", "\u2586", "\u2587", "\u2588"};
  double top = 2;
  for (const FrameResult& f : p.frames) top = std::max(top, f.score);
  const std::size_t columns = std::min(width, p.frames.size());
  std::string line;
  for (std::size_t c = 0; c < columns; ++c) {
    double worst = 0;
    for (std::size_t i = c * p.frames.size() / columns; i < (c + 1) * p.frames.size() / columns; ++i) worst = std::max(worst, p.frames[i].score);
    line += kBlocks[std::min<std::size_t>(7, static_cast<std::size_t>(worst / top * 7.999))];
  }
  return line;
}

void print_table(const CheckResult& r) {
  std::printf("%s (%s), %d px\n", r.asset_name.c_str(), r.kind.c_str(), r.size);
  for (const std::string& note : r.notes) std::printf("note: %s\n", note.c_str());
  if (r.interaction.empty()) {
    std::printf("markers and state machines: sound\n");
  } else {
    std::printf("markers and state machines: %zu problem%s (reported; the verdict is the frames')\n", r.interaction.size(),
                r.interaction.size() == 1 ? "" : "s");
    for (const std::string& f : r.interaction) std::printf("  %s\n", f.c_str());
  }
  std::printf("%-18s %-16s %-8s %6s %5s %7s %5s %6s %-8s %s\n", "animation", "variant", "player", "frames", "worst", "shift",
              "ink", "score", "verdict", "score per frame");
  int matching = 0;
  for (const AnimationCheck& a : r.animations) {
    const std::string variant = a.variant_id.substr(0, a.variant_id.find(','));
    for (const PlayerCheck& p : a.players) {
      if (!p.failure.empty()) {
        std::printf("%-18s %-16s %-8s could not play it: %s\n", a.id.c_str(), "", engine_name(p.engine).c_str(), p.failure.c_str());
        continue;
      }
      const FrameResult* worst = worst_frame(p);
      std::printf("%-18s %-16s %-8s %6zu %5d %7.3f %5.1f %6.2f %-8s %s\n", a.id.c_str(), variant.c_str(),
                  engine_name(p.engine).c_str(), p.frames.size(), worst ? worst->asset_frame : -1,
                  worst ? worst->shape.edge_shift : 0.0, worst ? worst->shape.ink_delta : 0.0, worst ? worst->score : 0.0,
                  p.passed ? "matches" : "DIFFERS", sparkline(p).c_str());
      if (!p.note.empty()) std::printf("    note: %s\n", p.note.c_str());
      if (!p.time_note.empty()) std::printf("    note: %s\n", p.time_note.c_str());
    }
    matching += a.passed();
    std::printf("    found %s\n      (%s)\n", a.found.c_str(), a.matched_how.c_str());
    for (const PlayerCheck& p : a.players) {
      if (p.failure.empty() && p.look != a.found) std::printf("    %s compared with %s\n", engine_name(p.engine).c_str(), p.look.c_str());
    }
    if (!a.disagreement().empty()) std::printf("    players disagree: %s\n", a.disagreement().c_str());
    for (const StructuralDifference& d : a.structure) {
      std::printf("    %s: asset %s, ours %s\n", d.what.c_str(), d.asset.c_str(), d.ours.c_str());
    }
  }
  std::printf("%zu animations: %d match, %zu differ (edge shift <= %.3g px and ink <= %g levels on every frame)\n",
              r.animations.size(), matching, r.animations.size() - matching, r.thresholds.shift_limit(r.size, r.grid),
              r.thresholds.max_ink);
}

void run_check(const AssetCheckOptions& o) {
  if (!o.report.empty()) render::build::check_folder_name(o.report, "--report");
  o.ci.check_names();
  const spec::IconSpec spec = o.spec.load();
  CheckOptions options;
  options.size = o.size;
  if (!o.animation.empty()) options.animation = o.animation;
  options.pins = o.target.pins();
  options.thresholds = o.thresholds;
  options.player_timeout_s = o.target.player_timeout_s;
  std::vector<std::string> notes;
  if (is_build_folder(o.target.path)) {
    for (const bool given : {!o.report.empty(), !o.ci.junit.empty(), o.json, !o.animation.empty()}) {
      if (given) throw std::invalid_argument("--report, --junit, --json and --animation apply to one asset: check a build folder's files one by one for them");
    }
    choose_players(o.target, options.players, options.thorvg, notes);
    for (const std::string& note : notes) std::printf("note: %s\n", note.c_str());
    render::lottie::AssetLimits limits;
    limits.max_inflated_bytes = o.target.max_inflated_mib << 20;
    check_build_folder(spec, o.target.path, options, limits);
    return;
  }
  const Target target = read_target(o.target);
  if (target.asset) choose_players(o.target, options.players, options.thorvg, notes);
  CheckResult result;
  const auto start = std::chrono::steady_clock::now();
  try {
    result = target.asset ? check_asset(spec, *target.asset, target.name, options)
                          : check_frames(spec, *target.frames, o.target.fps, target.name, options);
  } catch (const render::lottie::AssetError& e) {
    throw std::invalid_argument(std::string("cannot play the asset: ") + e.what());
  }
  result.notes = notes;
  if (o.json) {
    std::cout << summary_json(result).dump(2) << "\n";
  } else {
    print_table(result);
  }
  if (!o.report.empty()) {
    for (const render::OutputFile& f : write_check_report(result, o.report)) write_file_atomically(f.path, f.bytes);
    std::fprintf(o.json ? stderr : stdout, "report: %s\n", (std::filesystem::path(o.report) / "index.html").c_str());
  }
  if (!result.passed()) {
    // Differs: the way on is to find the spec that does reproduce it.
    const std::string spec_option = o.spec.path.empty() ? "" : " --spec " + o.spec.path;
    std::fprintf(o.json ? stderr : stdout,
                 "to find the spec that reproduces it: iconsynth fit %s%s -o fitted.json, then iconsynth check %s --spec fitted.json\n",
                 o.target.path.c_str(), spec_option.c_str(), o.target.path.c_str());
  }
  std::fflush(stdout);
  o.ci.emit(test_suite(result, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()),
            o.json ? stderr : stdout);
  if (!result.passed()) throw CheckFailed("the asset differs from the synthesis");
}

}  // namespace

void add_check_command(CLI::App& app) {
  auto o = std::make_shared<AssetCheckOptions>();
  CLI::App* cmd = app.add_subcommand("check", "Compare a published .lottie, Lottie JSON or folder of PNG frames with the synthesis, frame by frame; "
                                     "or a build folder (its manifest.json): every file's bytes and sha256, then its bundle and Lottie files");
  o->spec.add_to(*cmd);
  o->target.add_to(*cmd, "The .lottie bundle, Lottie JSON file or folder of PNG frames to check, a golden set (its bundle), or a folder build wrote (holding manifest.json)");
  cmd->add_option("--animation", o->animation, "Only this animation id of the bundle");
  cmd->add_option("--size", o->size, "Render size in px for both players (a folder's frames are compared at their own)")
      ->check(CLI::Range(render::kMinSize, 1024))
      ->capture_default_str();
  cmd->add_option("--report", o->report, "Write an HTML report (index.html, summary.json, images) to this folder");
  cmd->add_flag("--json", o->json, "Print the summary as JSON instead of a table");
  cmd->add_option("--max-shift", o->thresholds.max_shift, "Largest edge shift in px a frame may show (per window of two grid units)")
      ->check(CLI::Range(0.0, 1000.0))
      ->capture_default_str();
  cmd->add_option("--max-shift-units", o->thresholds.max_shift_units,
                  "The same limit in grid units, used where it is larger (large canvases)")
      ->check(CLI::Range(0.0, 24.0))
      ->capture_default_str();
  cmd->add_option("--max-ink", o->thresholds.max_ink, "Largest change of the mean ink colour, in levels (0-255), a frame may show")
      ->check(CLI::Range(0.0, 255.0))
      ->capture_default_str();
  o->ci.add_to(*cmd);
  cmd->callback([o] { run_check(*o); });
}

}  // namespace iconsynth::cli
