#include "tools/iconsynth/atomic_file.h"
#include "tools/iconsynth/ci_output.h"
#include "tools/iconsynth/cli_options.h"
#include "tools/iconsynth/commands.h"

#include "render/build/output_format.h"
#include "render/golden/change_groups.h"
#include "render/golden/golden_accept.h"
#include "render/golden/golden_ci.h"
#include "render/golden/golden_report.h"
#include "render/review/review_server.h"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <thread>

namespace iconsynth::cli {

namespace {

namespace fs = std::filesystem;
using namespace render::golden;

constexpr std::size_t kShownChanges = 5;  // structural changes listed per group on the console
constexpr std::size_t kShownFiles = 20;   // files listed by an update

struct GoldenOptions {
  SpecOptions spec;
  std::string dir;
  int size = 48;
  Tolerance tolerance;
  bool tolerance_given = false;
  std::string report;
  double offset = 0;
  bool exact = false;
  std::vector<std::string> only;
  bool changed = false;
  bool add = false;
  bool rewrite = false;
  bool json = false;
  CiOutputOptions ci;
  int port = 0;
};

Renderer this_renderer() { return current_renderer(ICONSYNTH_VERSION); }

// A word as a POSIX shell reads it back: as it is when it is plain, else in single quotes.
std::string shell_word(const std::string& word) {
  const bool plain = !word.empty() && word.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._/=:,+@%-") == std::string::npos;
  if (plain) return word;
  std::string out = "'";
  for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// The spec options as given, for commands the report offers.
std::string spec_args(const SpecOptions& spec) {
  std::string out;
  if (!spec.path.empty()) out += "--spec " + shell_word(spec.path);
  for (const std::string& o : spec.overrides) out += (out.empty() ? "" : " ") + ("--set " + shell_word(o));
  return out;
}

void run_update(const GoldenOptions& o, const CLI::App& command) {
  render::build::check_folder_name(o.dir, "--dir");
  const spec::IconSpec spec = o.spec.load();
  UpdateOptions options;
  options.scope = !o.only.empty() ? UpdateOptions::Scope::Only : o.changed ? UpdateOptions::Scope::Changed : UpdateOptions::Scope::All;
  options.only = o.only;
  if (command.count("--size")) options.size = o.size;
  if (command.count("--tolerance")) options.channel = o.tolerance.channel;
  if (command.count("--max-share")) options.max_share = o.tolerance.max_share;
  if (command.count("--exact")) options.geometry = render::Geometry::Exact;
  options.add = o.add;
  options.rewrite = o.rewrite;
  options.renderer = this_renderer();
  const GoldenUpdate update = plan_update(spec, o.dir, options);
  apply_update(update);

  std::size_t count[4] = {}, listed = 0;
  for (const FileChange& c : update.changes) ++count[static_cast<int>(c.kind)];
  // Files that appear or go first: rarer than changes, and what a reviewer looks for.
  for (auto kind : {FileChange::Kind::Removed, FileChange::Kind::Added, FileChange::Kind::Changed}) {
    for (const FileChange& c : update.changes) {
      if (c.kind == kind && listed++ < kShownFiles) std::printf("  %s\n", describe(c).c_str());
    }
  }
  if (listed > kShownFiles) std::printf("  … and %zu more\n", listed - kShownFiles);
  std::size_t frames = 0;
  for (const GoldenVariant& v : update.set.variants) frames += v.frames.size();
  const std::size_t files = update.set.files().size() + 1;  // and golden.json
  const char* scope = o.add ? " (this renderer's images added)" : options.scope == UpdateOptions::Scope::All ? "" : options.scope == UpdateOptions::Scope::Only ? " (only the variants named)" : " (what changed)";
  const FrameCounts& f = update.frames;
  std::printf("key frames taken: %d kept, %d kept within tolerance%s, %d rewritten, %d added\n", f.kept, f.within,
              f.within > 0 && !o.rewrite ? " (--rewrite replaces them)" : "", f.rewritten, f.added);
  std::printf("golden set for %s in %s%s: %zu files changed, %zu added, %zu removed, %zu as they were; the set: %zu variants, "
              "%zu frames at %d px (%s), %zu renderer%s\n",
              spec.id.c_str(), o.dir.c_str(), scope, count[static_cast<int>(FileChange::Kind::Changed)],
              count[static_cast<int>(FileChange::Kind::Added)], count[static_cast<int>(FileChange::Kind::Removed)],
              files - count[static_cast<int>(FileChange::Kind::Changed)] - count[static_cast<int>(FileChange::Kind::Added)],
              update.set.variants.size(), frames, update.set.size, update.set.hinted ? "hinted" : "exact",
              update.set.renderers.size(), update.set.renderers.size() == 1 ? "" : "s");
}

void print_table(const CheckReport& r) {
  int frames = 0, exact = 0, within = 0, differing = 0, lottie_changed = 0;
  bool header = false;
  for (const VariantCheck& v : r.variants) {
    frames += static_cast<int>(v.frames.size());
    exact += v.count(FrameCheck::Status::Exact);
    within += v.count(FrameCheck::Status::Within);
    const int bad = v.count(FrameCheck::Status::Differs) + v.count(FrameCheck::Status::Missing);
    differing += bad;
    lottie_changed += !v.lottie.exact;
    if (v.passed()) continue;
    if (!header) {
      std::printf("%-30s %6s %6s %6s %7s  %s\n", "variant", "frames", "exact", "within", "differs", "worst frame / lottie");
      header = true;
    }
    const FrameCheck* worst = worst_frame(v);
    std::string detail;
    if (worst) detail = "frame " + std::to_string(worst->frame) + ": " + (worst->status == FrameCheck::Status::Missing ? "no golden image" : render::describe(worst->stats));
    if (!v.lottie.exact) detail += std::string(detail.empty() ? "" : "; ") + "lottie: " + std::to_string(v.lottie.changes.size()) + " changes";
    std::printf("%-30s %6zu %6d %6d %7d  %s\n", v.golden.id().c_str(), v.frames.size(), v.count(FrameCheck::Status::Exact),
                v.count(FrameCheck::Status::Within), bad, detail.c_str());
  }
  for (const std::string& id : r.missing) std::printf("missing variant: %s (the set has it, the spec no longer makes it)\n", id.c_str());
  for (const std::string& id : r.unexpected) std::printf("extra variant: %s (the spec makes it, the set has no goldens for it)\n", id.c_str());
  for (const SetFileProblem& p : r.files) std::printf("set file %s\n", describe(p).c_str());
  for (const std::string& note : r.notes) std::printf("note: %s\n", note.c_str());
  if (!r.spec.differences.empty()) {
    std::printf("spec values that differ from the set's (golden.json):\n");
    for (const spec::SpecDifference& d : r.spec.differences) std::printf("  %s\n", d.line().c_str());
  }
  std::printf("golden check %s: %zu variants, %d frames (%d exact, %d within tolerance, %d differ); Lottie: %d of %zu "
              "exports changed, bundle %s%s\n",
              r.passed() ? "passed" : "FAILED", r.variants.size(), frames, exact, within, differing, lottie_changed,
              r.variants.size(), r.bundle.exact ? "identical" : "changed",
              r.files.empty() ? "" : ("; " + std::to_string(r.files.size()) + " set files not as golden.json says").c_str());
}

void print_changes(const std::string& indent, const std::vector<render::lottie::JsonChange>& changes, const std::string& error) {
  for (std::size_t i = 0; i < changes.size() && i < kShownChanges; ++i) {
    std::printf("%s%s\n", indent.c_str(), render::lottie::describe(changes[i]).c_str());
  }
  if (changes.size() > kShownChanges) std::printf("%s… and %zu more (--json or --report lists them all)\n", indent.c_str(), changes.size() - kShownChanges);
  if (!error.empty()) std::printf("%snot compared: %s\n", indent.c_str(), error.c_str());
}

// What changed, once per group of variants that changed alike: each failure by kind, the spec
// values that can have moved it, its first structural changes.
void print_groups(const CheckReport& r) {
  const std::vector<ChangeGroup> groups = group_changes(r);
  if (!groups.empty()) std::printf("\nwhat changed (%zu group%s of variants that changed alike):\n", groups.size(), groups.size() == 1 ? "" : "s");
  for (const ChangeGroup& g : groups) {
    std::printf("  %s\n", variant_list(g, 4).c_str());
    for (const Failure& f : describe_change(g, r)) std::printf("    %s\n", line(f).c_str());
    for (const spec::SpecDifference* d : moved_by(g, r)) std::printf("    moved by %s\n", d->line().c_str());
    print_changes("      ", g.shown->lottie.changes, "");
  }
  if (!r.bundle.exact) {
    std::printf("  bundle %s: %zu change%s\n", r.bundle.name.c_str(), r.bundle.changes.size(), r.bundle.changes.size() == 1 ? "" : "s");
    for (const Failure& f : bundle_failures(r.bundle)) std::printf("    %s\n", line(f).c_str());
    print_changes("      ", r.bundle.changes, r.bundle.error);
  }
}

void run_check(const GoldenOptions& o) {
  if (!o.report.empty()) render::build::check_folder_name(o.report, "--report");
  o.ci.check_names();
  const spec::IconSpec spec = o.spec.load();
  if (!fs::exists(manifest_path(o.dir))) {
    throw std::invalid_argument("no golden set in " + o.dir + " (" + manifest_path(o.dir).string() + " is missing)");
  }
  render::golden::CheckOptions options;  // not check's, which the other commands read
  if (o.tolerance_given) options.tolerance = o.tolerance;
  options.offset_px = Eigen::Vector2d::Constant(o.offset);
  options.renderer = this_renderer();
  const CheckReport report = check_golden_set(spec, o.dir, options);
  if (o.json) {
    std::cout << summary_json(report).dump(2) << "\n" << std::flush;
  } else {
    print_table(report);
    print_groups(report);
  }
  if (!o.report.empty()) {
    for (const OutputFile& f : write_report(report, o.report, {shell_word(o.dir), spec_args(o.spec), {}})) write_file_atomically(f.path, f.bytes);
    std::fprintf(o.json ? stderr : stdout, "report: %s\n", (fs::path(o.report) / "index.html").c_str());
  }
  std::fflush(stdout);
  o.ci.emit(test_suite(report, o.dir), o.json ? stderr : stdout);
  if (!report.passed()) throw CheckFailed("golden check failed");
}


volatile std::sig_atomic_t review_stop_requested = 0;
extern "C" void request_review_stop(int) { review_stop_requested = 1; }

// Checks the set, serves its report with Accept and Undo accept until Ctrl-C or SIGTERM. A signal
// is seen between two waits: the check, the report, or an accept under way finishes (its files
// whole) before the command stops.
void run_review(const GoldenOptions& o) {
  if (!o.report.empty()) render::build::check_folder_name(o.report, "--report");
  review_stop_requested = 0;
  std::signal(SIGINT, request_review_stop);
  std::signal(SIGTERM, request_review_stop);
  const spec::IconSpec spec = o.spec.load();
  render::review::ReviewOptions options;
  options.dir = o.dir;
  options.set_dir = shell_word(o.dir);
  options.spec_args = spec_args(o.spec);
  options.renderer = this_renderer();
  options.offset_px = Eigen::Vector2d::Constant(o.offset);
  render::review::ReviewSession session(spec, options);
  print_table(session.first_check());
  print_groups(session.first_check());
  if (!o.report.empty()) {
    const CheckReport& first = session.first_check();
    for (const OutputFile& f : write_report(first, o.report, {shell_word(o.dir), spec_args(o.spec), {}})) write_file_atomically(f.path, f.bytes);
    std::printf("report: %s\n", (fs::path(o.report) / "index.html").c_str());
  }
  if (review_stop_requested) return;
  render::review::ReviewServer server(session, o.port, stdout);
  server.start();
  std::cout << "reviewing " << o.dir << " at " << server.url() << " (Ctrl-C stops)" << std::endl;
  while (review_stop_requested == 0) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  server.stop();
  std::cout << "golden review: stopped serving" << std::endl;
}

}  // namespace

void add_golden_command(CLI::App& app) {
  CLI::App* golden = app.add_subcommand("golden", "Golden-frame regression sets: write one, check the spec against one, or review and accept its changes in the browser");
  golden->require_subcommand(1);

  auto update = std::make_shared<GoldenOptions>();
  CLI::App* u = golden->add_subcommand("update", "(Re)write a golden set, or part of it: key frames of every variant, Lottie exports, bundle. "
                                                 "A frame is rewritten only when its rendering is outside tolerance of its accepted images");
  update->spec.add_to(*u);
  u->add_option("--dir", update->dir, "Golden set folder")->required();
  u->add_option("--size", update->size, "Frame size in px (default: the set's, 48 for a new set)")->check(CLI::Range(8, 512));
  u->add_flag("--exact", update->exact, "Hold the exact geometry's frames, not the hinted ones (hinting applies up to the spec's hinting.up_to)");
  u->add_option("--tolerance", update->tolerance.channel, "Per-channel tolerance stored in the set, 0-255 (default: the set's, 20 for a new set)")
      ->check(CLI::Range(0, 255));
  u->add_option("--max-share", update->tolerance.max_share, "Share of pixels allowed beyond the tolerance (default: the set's, 0.005 for a new set)")
      ->check(CLI::Range(0.0, 1.0));
  CLI::Option* only = u->add_option("--only", update->only,
                                    "Update only these variants, the rest left as they are: a golden id (outline-strong-dark-w2), a "
                                    "build id for both themes (outline-strong-w2), an animation id (outline-strong), or the bundle's file name");
  CLI::Option* changed = u->add_flag("--changed", update->changed,
                                     "Update only what `golden check` finds changed (failing, added, removed or damaged variants, the bundle)");
  only->excludes(changed);
  CLI::Option* add = u->add_flag("--add", update->add,
                                 "Add this renderer's image (iconsynth, Cairo and pixman versions) where a frame is outside tolerance, keeping "
                                 "the images accepted before: one set for every platform. Same spec only; with --only or --changed, those variants");
  CLI::Option* rewrite = u->add_flag("--rewrite", update->rewrite, "Rewrite every frame taken, even one within tolerance of its accepted image");
  add->excludes(rewrite);
  u->callback([update, u] {
    const bool partial = !update->only.empty() || update->changed || update->add;
    for (const char* option : {"--size", "--tolerance", "--max-share", "--exact"}) {
      if (partial && u->count(option)) throw std::invalid_argument(std::string(option) + ": a partial update keeps the set's own");
    }
    run_update(*update, *u);
  });

  auto check = std::make_shared<GoldenOptions>();
  CLI::App* c = golden->add_subcommand("check", "Re-render and compare with a golden set; exit 1 if anything differs");
  check->spec.add_to(*c);
  c->add_option("--dir", check->dir, "Golden set folder")->required();
  c->add_option("--report", check->report, "Write an HTML report (index.html, its script and style, summary.json, images) to this folder");
  c->add_option("--tolerance", check->tolerance.channel, "Per-channel tolerance, 0-255 (default: the set's)")
      ->check(CLI::Range(0, 255));
  c->add_option("--max-share", check->tolerance.max_share, "Share of pixels allowed beyond it (default: the set's)")
      ->check(CLI::Range(0.0, 1.0));
  c->add_option("--offset", check->offset, "Shift renderings by this many px in x and y (probes anti-aliasing noise)")
      ->check(CLI::Range(-1.0, 1.0));
  c->add_flag("--json", check->json, "Print the summary (summary.json's document) as JSON instead of the table");
  check->ci.add_to(*c);
  c->callback([check, c] {
    check->tolerance_given = c->count("--tolerance") + c->count("--max-share") > 0;
    if (check->tolerance_given && (c->count("--tolerance") == 0 || c->count("--max-share") == 0)) {
      throw std::invalid_argument("give --tolerance and --max-share together");
    }
    run_check(*check);
  });

  auto review = std::make_shared<GoldenOptions>();
  CLI::App* r = golden->add_subcommand("review", "Check a golden set and serve its report on 127.0.0.1 with Accept and Undo accept per group and "
                                                 "per variant: an accept writes what `golden update --only` writes for them");
  review->spec.add_to(*r);
  r->add_option("--dir", review->dir, "Golden set folder")->required();
  r->add_option("--report", review->report, "Also write the check's static report to this folder, as `golden check --report` does");
  r->add_option("--port", review->port, "Port on 127.0.0.1 (default: any free one; the URL is printed)")->check(CLI::Range(0, 65535));
  r->add_option("--offset", review->offset, "Shift renderings by this many px in x and y (probes anti-aliasing noise)")
      ->check(CLI::Range(-1.0, 1.0));
  r->callback([review] { run_review(*review); });
}

}  // namespace iconsynth::cli
