#include "tools/iconsynth/commands.h"
#include "tools/iconsynth/preview_site.h"

#include "render/preview/preview_page.h"

#include <csignal>
#include <iostream>

namespace iconsynth::cli {

namespace {

volatile std::sig_atomic_t stop_requested = 0;
extern "C" void request_stop(int) { stop_requested = 1; }

void run_preview(const PreviewOptions& o, bool watch) {
  const LottieWebPackage lottie_web = find_lottie_web(o.lottie_web);
  const std::filesystem::path page = std::filesystem::absolute(o.out) / "index.html";
  if (!watch) {
    const std::string build = write_preview(o, lottie_web, /*watching=*/false);
    std::cout << "wrote " << page.string() << " (build " << build << ", lottie-web " << lottie_web.version << ")\n";
    return;
  }
  // Ctrl-C or a kill ends the watch between polls, never halfway through writing a file.
  stop_requested = 0;
  std::signal(SIGINT, request_stop);
  std::signal(SIGTERM, request_stop);
  std::cout << "watching " << o.spec.path << "; open " << page.string() << " (Ctrl-C stops)" << std::endl;
  watch_preview(o, lottie_web, [] { return stop_requested == 0; }, stdout);
  std::cout << "preview: stopped watching\n";
}

}  // namespace

void add_preview_command(CLI::App& app) {
  auto o = std::make_shared<PreviewOptions>();
  auto watch = std::make_shared<bool>(false);
  CLI::App* cmd = app.add_subcommand(
      "preview", "Write a preview page: every style x motion in lottie-web beside our Cairo frames, with pickers and the motion plot");
  o->spec.add_to(*cmd);
  cmd->add_option("--out", o->out, "Page folder (index.html and its files)")->capture_default_str();
  cmd->add_option("--size", o->size, "Player size in pixels")
      ->check(CLI::Range(render::kMinPreviewSize, render::kMaxPreviewSize))
      ->capture_default_str();
  cmd->add_option("--theme", o->theme, "Theme the page opens in: one the spec names (built-in: " +
                                           spec::joined_names(builtin_space().themes(), ", ") + "; default: the spec's)")
      ->type_name("NAME");
  cmd->add_option("--weight", o->weight, "Stroke weight of the Cairo frames, 1 to 3 (default: the spec's)")
      ->check(CLI::Range(spec::kMinWeight, spec::kMaxWeight));
  cmd->add_option("--lottie-web", o->lottie_web,
                  "lottie-web package folder (default: $ICONSYNTH_LOTTIE_WEB, else where tools/lottie-web.sh installs it)");
  cmd->add_flag("--watch", *watch, "Rebuild whenever the --spec file changes; the open page reloads itself");
  cmd->callback([o, watch] { run_preview(*o, *watch); });
}

}  // namespace iconsynth::cli
