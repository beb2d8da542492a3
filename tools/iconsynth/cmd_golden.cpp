#include "tools/iconsynth/atomic_file.h"
#include "tools/iconsynth/ci_output.h"
#include "tools/iconsynth/cli_options.h"
#include "tools/iconsynth/commands.h"

#include "render/build/output_format.h"
#include "render/golden/change_groups.h"
#include "render/golden/golden_ci.h"
#include "render/golden/golden_report.h"
#include "render/golden/golden_update.h"

#include <cstdio>
#include <iostream>

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
  bool json = false;
  CiOutputOptions ci;
};

void write_all(const std::vector<OutputFile>& files) {
  for (const OutputFile& f : files) write_file_atomically(f.path, f.bytes);
}

void run_update(const GoldenOptions& o) {
  render::build::check_folder_name(o.dir, "--dir");
  const spec::IconSpec spec = o.spec.load();
  UpdateOptions options;
  options.scope = !o.only.empty() ? UpdateOptions::Scope::Only : o.changed ? UpdateOptions::Scope::Changed : UpdateOptions::Scope::All;
  options.only = o.only;
  options.size = o.size;
  options.tolerance = o.tolerance;
  options.geometry = o.exact ? render::Geometry::Exact : render::Geometry::Hinted;
  const GoldenUpdate update = plan_update(spec, o.dir, options, ICONSYNTH_VERSION);
  write_all(update.writes);
  for (const fs::path& p : update.removals) {
    std::error_code error;
    if (!fs::remove(p, error) && error) throw IoError("cannot remove " + p.string() + ": " + error.message());
  }

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
  const char* scope = options.scope == UpdateOptions::Scope::All ? "" : options.scope == UpdateOptions::Scope::Only ? " (only the variants named)" : " (what changed)";
  std::printf("golden set for %s in %s%s: %zu files changed, %zu added, %zu removed, %zu as they were; the set: %zu variants, "
              "%zu frames at %d px (%s)\n",
              spec.id.c_str(), o.dir.c_str(), scope, count[static_cast<int>(FileChange::Kind::Changed)],
              count[static_cast<int>(FileChange::Kind::Added)], count[static_cast<int>(FileChange::Kind::Removed)],
              files - count[static_cast<int>(FileChange::Kind::Changed)] - count[static_cast<int>(FileChange::Kind::Added)],
              update.set.variants.size(), frames, update.set.size, update.set.hinted ? "hinted" : "exact");
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
  for (const std::string& id : r.missing) std::printf("missing from the spec: %s\n", id.c_str());
  for (const std::string& id : r.unexpected) std::printf("no goldens for: %s\n", id.c_str());
  for (const SetFileProblem& p : r.files) std::printf("set file %s\n", describe(p).c_str());
  for (const std::string& note : r.notes) std::printf("note: %s\n", note.c_str());
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

// What changed, once per group of variants that changed alike.
void print_groups(const CheckReport& r) {
  const std::vector<ChangeGroup> groups = group_changes(r);
  if (!groups.empty()) std::printf("\nwhat changed (%zu group%s of variants that changed alike):\n", groups.size(), groups.size() == 1 ? "" : "s");
  for (const ChangeGroup& g : groups) {
    std::printf("  %s\n", variant_list(g, 4).c_str());
    std::string shared;
    for (const std::string& d : describe_change(g)) shared += (shared.empty() ? "" : "; ") + d;
    std::printf("    %s\n", shared.c_str());
    print_changes("    ", g.shown->lottie.changes, "");
  }
  if (!r.bundle.exact) {
    std::printf("  bundle %s: %zu change%s\n", r.bundle.name.c_str(), r.bundle.changes.size(), r.bundle.changes.size() == 1 ? "" : "s");
    print_changes("    ", r.bundle.changes, r.bundle.error);
  }
}

void run_check(const GoldenOptions& o) {
  if (!o.report.empty()) render::build::check_folder_name(o.report, "--report");
  o.ci.check_names();
  const spec::IconSpec spec = o.spec.load();
  if (!fs::exists(manifest_path(o.dir))) {
    throw std::invalid_argument("no golden set in " + o.dir + " (" + manifest_path(o.dir).string() + " is missing)");
  }
  CheckOptions options;
  if (o.tolerance_given) options.tolerance = o.tolerance;
  options.offset_px = Eigen::Vector2d::Constant(o.offset);
  const CheckReport report = check_golden_set(spec, o.dir, options);
  if (o.json) {
    std::cout << summary_json(report).dump(2) << "\n" << std::flush;
  } else {
    print_table(report);
    print_groups(report);
  }
  if (!o.report.empty()) {
    write_all(write_report(report, o.report));
    std::fprintf(o.json ? stderr : stdout, "report: %s\n", (fs::path(o.report) / "index.html").c_str());
  }
  std::fflush(stdout);
  o.ci.emit(test_suite(report, o.dir), o.json ? stderr : stdout);
  if (!report.passed()) throw CheckFailed("golden check failed");
}

}  // namespace

void add_golden_command(CLI::App& app) {
  CLI::App* golden = app.add_subcommand("golden", "Golden-frame regression sets: write one, or check the spec against one");
  golden->require_subcommand(1);

  auto update = std::make_shared<GoldenOptions>();
  CLI::App* u = golden->add_subcommand("update", "(Re)write a golden set, or part of it: key frames of every variant, Lottie exports, bundle");
  update->spec.add_to(*u);
  u->add_option("--dir", update->dir, "Golden set folder")->required();
  u->add_option("--size", update->size, "Frame size in px")->check(CLI::Range(8, 512))->capture_default_str();
  u->add_flag("--exact", update->exact, "Hold the exact geometry's frames, not the hinted ones (hinting applies up to the spec's hinting.up_to)");
  u->add_option("--tolerance", update->tolerance.channel, "Default per-channel tolerance stored in the set (0-255)")
      ->check(CLI::Range(0, 255))
      ->capture_default_str();
  u->add_option("--max-share", update->tolerance.max_share, "Default share of pixels allowed beyond the tolerance")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  CLI::Option* only = u->add_option("--only", update->only,
                                    "Update only these variants, the rest left as they are: a golden id (outline-strong-dark-w2), a "
                                    "build id for both themes (outline-strong-w2), an animation id (outline-strong), or the bundle's file name");
  CLI::Option* changed = u->add_flag("--changed", update->changed,
                                     "Update only what `golden check` finds changed (failing, added, removed or damaged variants, the bundle)");
  only->excludes(changed);
  u->callback([update, u] {
    const bool partial = !update->only.empty() || update->changed;
    for (const char* option : {"--size", "--tolerance", "--max-share"}) {
      if (partial && u->count(option)) throw std::invalid_argument(std::string(option) + ": a partial update keeps the set's own");
    }
    run_update(*update);
  });

  auto check = std::make_shared<GoldenOptions>();
  CLI::App* c = golden->add_subcommand("check", "Re-render and compare with a golden set; exit 1 if anything differs");
  check->spec.add_to(*c);
  c->add_option("--dir", check->dir, "Golden set folder")->required();
  c->add_option("--report", check->report, "Write an HTML report (index.html, summary.json, images) to this folder");
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
}

}  // namespace iconsynth::cli
