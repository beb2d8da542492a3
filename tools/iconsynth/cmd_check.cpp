#include "tools/iconsynth/atomic_file.h"
#include "tools/iconsynth/cli_options.h"
#include "tools/iconsynth/commands.h"

#include "render/cairo/raster.h"
#include "render/check/check_report.h"

#include <cstdio>
#include <iostream>

namespace iconsynth::cli {

namespace {

using namespace render::check;

struct AssetCheckOptions {
  SpecOptions spec;
  std::string asset;
  std::string animation, theme, variant, report;
  int size = 128;
  bool json = false;
  std::uint64_t max_inflated_mib = 64;
  int player_timeout_s = 30;
  Thresholds thresholds;
};

void print_table(const CheckResult& r) {
  std::printf("%s (%s), %d px\n", r.asset_name.c_str(), render::lottie::kind_name(r.kind).c_str(), r.size);
  std::printf("%-18s %-16s %6s %6s %8s %5s %8s  %s\n", "animation", "variant", "frames", "worst", "mean", "max", "share", "verdict");
  int matching = 0;
  for (const AnimationCheck& a : r.animations) {
    const FrameResult* worst = worst_frame(a);
    double worst_share = 0;
    for (const FrameResult& f : a.frames) worst_share = std::max(worst_share, f.stats.share_over);
    const std::string variant = a.variant_id.substr(0, a.variant_id.find(','));
    std::printf("%-18s %-16s %6zu %6d %8.3f %5d %7.3f%%  %s\n", a.id.c_str(), variant.c_str(), a.frames.size(),
                worst ? worst->asset_frame : -1, worst ? worst->stats.mean_abs : 0.0, worst ? worst->stats.max_abs : 0,
                worst_share * 100, a.passed ? "matches" : "DIFFERS");
    matching += a.passed;
    if (a.matched_how != "by its id") std::printf("    variant %s\n", a.matched_how.c_str());
    if (!a.time_note.empty()) std::printf("    note: %s\n", a.time_note.c_str());
    for (const StructuralDifference& d : a.structure) {
      std::printf("    %s: asset %s, ours %s\n", d.what.c_str(), d.asset.c_str(), d.ours.c_str());
    }
  }
  std::printf("%zu animations: %d match, %zu differ (mean <= %g and <= %g%% of pixels over %d per frame)\n",
              r.animations.size(), matching, r.animations.size() - matching, r.thresholds.max_mean,
              r.thresholds.max_share * 100, r.thresholds.tolerance);
}

void run_check(const AssetCheckOptions& o) {
  const spec::IconSpec spec = o.spec.load();
  render::lottie::AssetLimits limits;
  limits.max_inflated_bytes = o.max_inflated_mib << 20;
  render::lottie::Asset asset;
  try {
    asset = render::lottie::read_asset(o.asset, limits);
  } catch (const render::lottie::AssetError& e) {
    throw std::invalid_argument(std::string("cannot read the asset: ") + e.what());
  }
  CheckOptions options;
  options.size = o.size;
  if (!o.animation.empty()) options.animation = o.animation;
  if (!o.theme.empty()) options.theme = o.theme;
  if (!o.variant.empty()) options.variant = parse_variant_choice(o.variant);
  options.thresholds = o.thresholds;
  options.player_timeout_s = o.player_timeout_s;
  CheckResult result;
  try {
    result = check_asset(spec, asset, std::filesystem::path(o.asset).filename().string(), options);
  } catch (const render::lottie::AssetError& e) {
    throw std::invalid_argument(std::string("cannot play the asset: ") + e.what());
  }
  if (o.json) {
    std::cout << summary_json(result).dump(2) << "\n";
  } else {
    print_table(result);
  }
  if (!o.report.empty()) {
    for (const render::OutputFile& f : write_check_report(result, o.report)) write_file_atomically(f.path, f.bytes);
    std::fprintf(o.json ? stderr : stdout, "report: %s\n", (std::filesystem::path(o.report) / "index.html").c_str());
  }
  std::fflush(stdout);
  if (!result.passed()) throw CheckFailed("the asset differs from the synthesis");
}

}  // namespace

void add_check_command(CLI::App& app) {
  auto o = std::make_shared<AssetCheckOptions>();
  CLI::App* cmd = app.add_subcommand("check", "Compare a published .lottie or Lottie JSON with the synthesis, frame by frame");
  o->spec.add_to(*cmd);
  cmd->add_option("asset", o->asset, "The .lottie bundle or Lottie JSON file to check")->required();
  cmd->add_option("--animation", o->animation, "Only this animation id of the bundle");
  cmd->add_option("--theme", o->theme, "Apply this theme of the bundle (light or dark) and synthesize the same");
  cmd->add_option("--variant", o->variant, "Compare with this variant: style=…,motion=…[,weight=…] (default: by id, else the closest)");
  cmd->add_option("--size", o->size, "Render size in px for both players")->check(CLI::Range(render::kMinSize, 1024))->capture_default_str();
  cmd->add_option("--report", o->report, "Write an HTML report (index.html, summary.json, images) to this folder");
  cmd->add_flag("--json", o->json, "Print the summary as JSON instead of a table");
  cmd->add_option("--max-inflated", o->max_inflated_mib, "Refuse bundles that inflate to more than this many MiB")
      ->check(CLI::Range(1, 4096))
      ->capture_default_str();
  cmd->add_option("--player-timeout", o->player_timeout_s, "Seconds rlottie may take for one answer before it is stopped")
      ->check(CLI::Range(1, 3600))
      ->capture_default_str();
  cmd->add_option("--tolerance", o->thresholds.tolerance, "Per-channel difference counted as a differing pixel")
      ->check(CLI::Range(0, 255))
      ->capture_default_str();
  cmd->add_option("--max-mean", o->thresholds.max_mean, "Largest mean difference (0-255) a frame may have")
      ->check(CLI::Range(0.0, 255.0))
      ->capture_default_str();
  cmd->add_option("--max-share", o->thresholds.max_share, "Largest share of differing pixels a frame may have")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  cmd->callback([o] { run_check(*o); });
}

}  // namespace iconsynth::cli
