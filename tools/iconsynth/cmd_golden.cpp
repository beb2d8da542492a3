#include "tools/iconsynth/atomic_file.h"
#include "tools/iconsynth/cli_options.h"
#include "tools/iconsynth/commands.h"

#include "render/golden/golden_report.h"

#include <cstdio>
#include <iostream>
#include <set>

namespace iconsynth::cli {

namespace {

namespace fs = std::filesystem;
using namespace render::golden;

struct GoldenOptions {
  SpecOptions spec;
  std::string dir;
  int size = 48;
  Tolerance tolerance;
  bool tolerance_given = false;
  std::string report;
  double offset = 0;
  bool exact = false;
};

void write_all(const std::vector<OutputFile>& files) {
  for (const OutputFile& f : files) write_file_atomically(f.path, f.bytes);
}

// Files a previous update left in png/ and lottie/ that the new set no longer has.
void remove_stale(const fs::path& dir, const std::vector<OutputFile>& files) {
  std::set<fs::path> keep;
  for (const OutputFile& f : files) keep.insert(fs::weakly_canonical(f.path));
  for (const char* sub : {"png", "lottie"}) {
    if (!fs::is_directory(dir / sub)) continue;
    std::vector<fs::path> stale;
    for (const auto& e : fs::recursive_directory_iterator(dir / sub)) {
      if (e.is_regular_file() && !keep.count(fs::weakly_canonical(e.path()))) stale.push_back(e.path());
    }
    for (const fs::path& p : stale) fs::remove(p);
  }
}

void run_update(const GoldenOptions& o) {
  const spec::IconSpec spec = o.spec.load();
  const GoldenBuild build = make_golden_set(spec, o.dir, o.size, o.tolerance, ICONSYNTH_VERSION,
                                            o.exact ? render::Geometry::Exact : render::Geometry::Hinted);
  write_all(build.files);
  remove_stale(o.dir, build.files);
  std::size_t frames = 0, bytes = 0;
  for (const GoldenVariant& v : build.set.variants) frames += v.frames.size();
  for (const OutputFile& f : build.files) bytes += f.bytes.size();
  std::printf("golden set for %s written to %s: %zu variants, %zu frames at %d px, %zu Lottie exports and the bundle "
              "(%zu files, %zu bytes; frames %s)\n",
              spec.id.c_str(), o.dir.c_str(), build.set.variants.size(), frames, o.size, build.set.variants.size(),
              build.files.size(), bytes, build.set.hinted ? "hinted" : "exact");
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
    const FrameCheck* worst = nullptr;
    for (const FrameCheck& f : v.frames) {
      if (f.status == FrameCheck::Status::Differs && (!worst || f.stats.share_over > worst->stats.share_over)) worst = &f;
    }
    std::string detail;
    if (worst) detail = "frame " + std::to_string(worst->frame) + ": " + render::describe(worst->stats);
    if (!v.lottie.exact) detail += std::string(detail.empty() ? "" : "; ") + "lottie: " + std::to_string(v.lottie.changes.size()) + " changes";
    std::printf("%-30s %6zu %6d %6d %7d  %s\n", v.golden.id().c_str(), v.frames.size(), v.count(FrameCheck::Status::Exact),
                v.count(FrameCheck::Status::Within), bad, detail.c_str());
  }
  for (const std::string& id : r.missing) std::printf("missing from the spec: %s\n", id.c_str());
  for (const std::string& id : r.unexpected) std::printf("no goldens for: %s\n", id.c_str());
  for (const std::string& note : r.notes) std::printf("note: %s\n", note.c_str());
  std::printf("golden check %s: %zu variants, %d frames (%d exact, %d within tolerance, %d differ); Lottie: %d of %zu "
              "exports changed, bundle %s\n",
              r.passed() ? "passed" : "FAILED", r.variants.size(), frames, exact, within, differing, lottie_changed,
              r.variants.size(), r.bundle.exact ? "identical" : "changed");
}

void run_check(const GoldenOptions& o) {
  const spec::IconSpec spec = o.spec.load();
  if (!fs::exists(manifest_path(o.dir))) {
    throw std::invalid_argument("no golden set in " + o.dir + " (" + manifest_path(o.dir).string() + " is missing)");
  }
  CheckOptions options;
  if (o.tolerance_given) options.tolerance = o.tolerance;
  options.offset_px = Eigen::Vector2d::Constant(o.offset);
  const CheckReport report = check_golden_set(spec, o.dir, options);
  print_table(report);
  if (!o.report.empty()) {
    write_all(write_report(report, o.report));
    std::printf("report: %s\n", (fs::path(o.report) / "index.html").c_str());
  }
  std::fflush(stdout);
  if (!report.passed()) throw CheckFailed("golden check failed");
}

}  // namespace

void add_golden_command(CLI::App& app) {
  CLI::App* golden = app.add_subcommand("golden", "Golden-frame regression sets: write one, or check the spec against one");
  golden->require_subcommand(1);

  auto update = std::make_shared<GoldenOptions>();
  CLI::App* u = golden->add_subcommand("update", "(Re)write a golden set: key frames of every variant, Lottie exports, bundle");
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
  u->callback([update] { run_update(*update); });

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
  c->callback([check, c] {
    check->tolerance_given = c->count("--tolerance") + c->count("--max-share") > 0;
    if (check->tolerance_given && (c->count("--tolerance") == 0 || c->count("--max-share") == 0)) {
      throw std::invalid_argument("give --tolerance and --max-share together");
    }
    run_check(*check);
  });
}

}  // namespace iconsynth::cli
