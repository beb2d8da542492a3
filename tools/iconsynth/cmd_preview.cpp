#include "tools/iconsynth/atomic_file.h"
#include "tools/iconsynth/commands.h"
#include "tools/iconsynth/preview_server.h"
#include "tools/iconsynth/preview_site.h"

#include "render/build/output_format.h"
#include "render/preview/preview_page.h"

#include <csignal>
#include <iostream>
#include <thread>

namespace iconsynth::cli {

namespace {

volatile std::sig_atomic_t stop_requested = 0;
extern "C" void request_stop(int) { stop_requested = 1; }

// Ctrl-C or a kill ends a watch or a server between two waits, never halfway through a file.
void stop_on_signals() {
  stop_requested = 0;
  std::signal(SIGINT, request_stop);
  std::signal(SIGTERM, request_stop);
}

bool keep_going() { return stop_requested == 0; }

void serve(const PreviewOptions& o, const LottieWebPackage& lottie_web, int port) {
  ensure_directory(o.out);
  PreviewServer server(o.out, port);
  stop_on_signals();
  std::cout << "serving " << std::filesystem::absolute(o.out).string() << " at " << server.url()
            << (o.spec.path.empty() ? "" : " and watching " + o.spec.path) << " (Ctrl-C stops)" << std::endl;
  const auto publish = [&server](const std::string& update) { server.publish(update); };
  if (o.spec.path.empty()) {
    // The built-in spec never changes: build once, then serve until stopped.
    write_preview(o, lottie_web, PreviewMode::Serve);
    while (keep_going()) std::this_thread::sleep_for(o.poll);
  } else {
    watch_preview(o, lottie_web, PreviewMode::Serve, keep_going, stdout, publish);
  }
  server.stop();
  std::cout << "preview: stopped serving" << std::endl;
}

void run_preview(const PreviewOptions& o, bool watch, std::optional<int> serve_port) {
  render::build::check_folder_name(o.out, "--out");
  const LottieWebPackage lottie_web = find_lottie_web(o.lottie_web);
  const std::filesystem::path page = std::filesystem::absolute(o.out) / "index.html";
  if (serve_port) {
    serve(o, lottie_web, *serve_port);
    return;
  }
  if (!watch) {
    const PreviewBuild built = write_preview(o, lottie_web, PreviewMode::Static);
    std::cout << "wrote " << page.string() << " (build " << built.build << ", lottie-web " << lottie_web.version << ")\n";
    return;
  }
  stop_on_signals();
  std::cout << "watching " << o.spec.path << "; open " << page.string() << " (Ctrl-C stops)" << std::endl;
  watch_preview(o, lottie_web, PreviewMode::Watch, keep_going, stdout);
  std::cout << "preview: stopped watching\n";
}

}  // namespace

void add_preview_command(CLI::App& app) {
  auto o = std::make_shared<PreviewOptions>();
  auto watch = std::make_shared<bool>(false);
  auto serve_flag = std::make_shared<bool>(false);
  auto port = std::make_shared<int>(0);
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
  auto* watch_opt = cmd->add_flag("--watch", *watch, "Rebuild whenever the --spec file is saved; the page, opened from disk, reloads itself");
  cmd->add_flag("--serve", *serve_flag,
                "Serve the page on 127.0.0.1 and print its URL; with --spec, rebuild only what each save changes and "
                "update the open page in place (it keeps its frame, motion and pickers)")
      ->excludes(watch_opt);
  cmd->add_option("--port", *port, "With --serve: the port (0: any free one)")->check(CLI::Range(0, 65535))->capture_default_str();
  cmd->callback([o, watch, serve_flag, port, cmd] {
    if (cmd->count("--port") > 0 && !*serve_flag) throw std::invalid_argument("--port applies to --serve only");
    run_preview(*o, *watch, *serve_flag ? std::optional<int>(*port) : std::nullopt);
  });
}

}  // namespace iconsynth::cli
