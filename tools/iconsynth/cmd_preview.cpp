#include "tools/iconsynth/cli_options.h"
#include "tools/iconsynth/commands.h"
#include "tools/iconsynth/npm_package.h"
#include "tools/iconsynth/target_options.h"

#include "render/build/atomic_file.h"
#include "render/build/output_format.h"
#include "render/preview/editor_server.h"
#include "render/preview/preview_site.h"
#include "spec/loader.h"

#include <csignal>
#include <iostream>
#include <thread>

namespace iconsynth::cli {

namespace {

using render::PreviewMode;

struct PreviewCommandOptions {
  SpecOptions spec;
  render::PreviewSiteOptions site;
  std::string lottie_web;  // package folder; see find_lottie_web
  bool watch = false, serve = false;
  int port = 0;
  std::string against, against_player = "both";
};

// The target --against names, read as check reads it, and the players to show it.
render::AgainstSource against_source(const PreviewCommandOptions& command) {
  TargetOptions target;
  target.path = command.against;
  target.player = command.against_player;
  const Target read = read_target(target);
  render::AgainstSource source;
  source.name = read.name;
  source.path = std::filesystem::absolute(command.against);
  source.asset = read.asset;
  source.frames = read.frames;
  source.frames_fps = target.fps;
  source.player_timeout_s = target.player_timeout_s;
  std::vector<std::string> notes;
  if (read.asset) choose_players(target, source.players, source.thorvg, notes);
  return source;
}

// This program, which the page's Fit runs as `fit`.
std::filesystem::path this_program() {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::filesystem::path("iconsynth") : self;
}

volatile std::sig_atomic_t stop_requested = 0;
extern "C" void request_stop(int) { stop_requested = 1; }

// Ctrl-C or a kill ends a watch or a server between two waits, never halfway through a file.
void stop_on_signals() {
  stop_requested = 0;
  std::signal(SIGINT, request_stop);
  std::signal(SIGTERM, request_stop);
}

bool keep_going() { return stop_requested == 0; }

// The URL is announced once the first build is in the folder: a request right after the line
// finds the page.
void serve(const PreviewCommandOptions& command, const render::PreviewSiteOptions& o, const render::LottieWebPackage& lottie_web) {
  render::EditorServerOptions editor;
  editor.site = o;
  editor.site.overrides.clear();
  editor.changes = command.spec.overrides;  // the page opens with them as unsaved changes
  editor.port = command.port;
  editor.start_folder = std::filesystem::current_path();
  if (!command.against.empty()) editor.against = against_source(command);
  editor.self = this_program();
  stop_on_signals();
  render::serve_editor(editor, lottie_web, keep_going, stdout, [&](const std::string& url) {
    std::cout << "serving " << std::filesystem::absolute(o.out).string() << " at " << url
              << (o.spec_file.empty() ? "" : " and watching " + o.spec_file.string()) << " (Ctrl-C stops)" << std::endl;
  });
  std::cout << "preview: stopped serving" << std::endl;
}

void run_preview(const PreviewCommandOptions& command) {
  render::build::check_folder_name(command.site.out, "--out");
  if (command.watch && command.spec.path.empty()) throw std::invalid_argument("--watch needs --spec FILE: the built-in spec never changes");
  // Values the icon draws as others are said as every command that draws says them; a spec that
  // does not load is the preview's own to report (a watch shows it on the page).
  try {
    command.spec.load();
  } catch (const spec::SpecError&) {
  }
  render::PreviewSiteOptions o = command.site;
  o.spec_file = command.spec.path;
  o.overrides = command.spec.overrides;
  o.generator = std::string("iconsynth ") + ICONSYNTH_VERSION;
  const LottieWebPackage lottie_web = find_lottie_web(command.lottie_web);
  const std::filesystem::path page = std::filesystem::absolute(o.out) / "index.html";
  if (command.serve) {
    serve(command, o, lottie_web);
    return;
  }
  if (!command.watch) {
    const render::PreviewBuild built = render::write_preview(o, lottie_web, PreviewMode::Static);
    std::cout << "wrote " << page.string() << " (build " << built.build << ", lottie-web " << lottie_web.version << ")\n";
    return;
  }
  stop_on_signals();
  std::cout << "watching " << o.spec_file.string() << "; open " << page.string() << " (Ctrl-C stops)" << std::endl;
  render::watch_preview(o, lottie_web, PreviewMode::Watch, keep_going, stdout);
  std::cout << "preview: stopped watching\n";
}

}  // namespace

void add_preview_command(CLI::App& app) {
  auto o = std::make_shared<PreviewCommandOptions>();
  CLI::App* cmd = app.add_subcommand(
      "preview", "Write a preview page: every style x motion in lottie-web beside our Cairo frames, with pickers and the motion plot");
  o->spec.add_to(*cmd);
  cmd->add_option("--out", o->site.out, "Page folder (index.html and its files)")->capture_default_str();
  cmd->add_option("--size", o->site.size, "Player size in pixels")
      ->check(CLI::Range(render::kMinPreviewSize, render::kMaxPreviewSize))
      ->capture_default_str();
  cmd->add_option("--theme", o->site.theme, "Theme the page opens in: one the spec names (built-in: " +
                                                spec::joined_names(builtin_space().themes(), ", ") + "; default: the spec's)")
      ->type_name("NAME");
  cmd->add_option("--weight", o->site.weight, "Stroke weight of the Cairo frames, 1 to 3 (default: the spec's)")
      ->check(CLI::Range(spec::kMinWeight, spec::kMaxWeight));
  cmd->add_option("--lottie-web", o->lottie_web,
                  "lottie-web package folder (default: $ICONSYNTH_LOTTIE_WEB, else where tools/lottie-web.sh installs it)");
  auto* watch_opt = cmd->add_flag("--watch", o->watch, "Rebuild whenever the --spec file is saved; the page, opened from disk, reloads itself");
  cmd->add_flag("--serve", o->serve,
                "Serve the page as an editor on 127.0.0.1 and print its URL once the first build is in place: every tunable value "
                "a control, the plot's handles and event lines draggable, Save writing the --spec file token by token (without "
                "--spec, a new file in this folder); --set values open as unsaved changes. An edit of the file on disk "
                "reaches the open page in place")
      ->excludes(watch_opt);
  cmd->add_option("--port", o->port, "With --serve: the port (0: any free one)")->check(CLI::Range(0, 65535))->capture_default_str();
  cmd->add_option("--against", o->against,
                  "With --serve: a target to tweak toward, anything check reads (.lottie, Lottie JSON, a folder of PNG frames): shown "
                  "beside and over the synthesis with check's score after every edit, and a Fit button that runs fit on it")
      ->type_name("TARGET");
  cmd->add_option("--against-player", o->against_player, "Players that show the --against target: rlottie, thorvg or both")
      ->check(CLI::IsMember({"rlottie", "thorvg", "both"}))
      ->capture_default_str();
  cmd->callback([o, cmd] {
    if (cmd->count("--port") > 0 && !o->serve) throw std::invalid_argument("--port applies to --serve only");
    if ((cmd->count("--against") > 0 || cmd->count("--against-player") > 0) && !o->serve) {
      throw std::invalid_argument("--against applies to --serve only: comparing while tweaking needs the editor");
    }
    run_preview(*o);
  });
}

}  // namespace iconsynth::cli
