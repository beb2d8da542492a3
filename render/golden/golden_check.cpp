#include "render/golden/golden_check.h"

#include "render/cairo/raster.h"
#include "render/golden/sha256.h"
#include "render/lottie/dotlottie_writer.h"
#include "render/lottie/zip_reader.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <map>
#include <optional>
#include <set>

namespace iconsynth::render::golden {

namespace {

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A Lottie document (or bundle) compared with its golden: hash, then (`explain`) a structural diff.
LottieCheck check_lottie(const std::string& name, const std::string& actual, const std::string& golden_sha,
                         const std::filesystem::path& golden_file, bool is_bundle, bool explain = true) {
  LottieCheck check{name, sha256_hex(actual) == golden_sha, {}, {}};
  if (check.exact || !explain) return check;
  try {
    const std::string expected = read_file(golden_file);
    if (!is_bundle) {
      check.changes = lottie::diff_json(lottie::Json::parse(expected), lottie::Json::parse(actual));
      return check;
    }
    std::map<std::string, std::string> before, after;
    for (auto& e : lottie::read_zip(expected)) before[e.name] = std::move(e.bytes);
    for (auto& e : lottie::read_zip(actual)) after[e.name] = std::move(e.bytes);
    for (const auto& [entry, bytes] : before) {
      if (!after.count(entry)) check.changes.push_back({lottie::JsonChange::Kind::Removed, entry, "(file)", ""});
      else if (after[entry] != bytes) {
        for (auto c : lottie::diff_json(lottie::Json::parse(bytes), lottie::Json::parse(after[entry]))) {
          c.path = entry + ":" + c.path;
          check.changes.push_back(std::move(c));
        }
      }
    }
    for (const auto& [entry, bytes] : after) {
      if (!before.count(entry)) check.changes.push_back({lottie::JsonChange::Kind::Added, entry, "", "(file)"});
    }
  } catch (const std::exception& e) {
    check.error = e.what();
  }
  return check;
}

}  // namespace

std::string_view status_name(FrameCheck::Status status) {
  switch (status) {
    case FrameCheck::Status::Exact: return "exact";
    case FrameCheck::Status::Within: return "within";
    case FrameCheck::Status::Differs: return "differs";
    case FrameCheck::Status::Missing: return "missing";
  }
  return "?";
}

int VariantCheck::count(FrameCheck::Status status) const {
  return static_cast<int>(std::count_if(frames.begin(), frames.end(), [&](const FrameCheck& f) { return f.status == status; }));
}

bool VariantCheck::passed() const {
  return lottie.passed() && !frame_count_changed() && !frame_rate_changed() && count(FrameCheck::Status::Differs) == 0 &&
         count(FrameCheck::Status::Missing) == 0;
}

const FrameCheck* worst_frame(const VariantCheck& check) {
  const auto rank = [](const FrameCheck& f) {
    return f.status == FrameCheck::Status::Missing ? 2.0 : f.status == FrameCheck::Status::Differs ? f.stats.share_over : -1.0;
  };
  const FrameCheck* worst = nullptr;
  for (const FrameCheck& f : check.frames) {
    if (rank(f) >= 0 && (!worst || rank(f) > rank(*worst))) worst = &f;
  }
  return worst;
}

std::string describe(const SetFileProblem& problem) {
  switch (problem.kind) {
    case SetFileProblem::Kind::Missing: return "missing " + problem.file;
    case SetFileProblem::Kind::Altered: return "altered " + problem.file + ": its sha256 is not the manifest's";
    case SetFileProblem::Kind::Extra: return "extra " + problem.file + ": not in golden.json";
  }
  return problem.file;
}

std::vector<SetFileProblem> check_set_files(const GoldenSet& set, const std::filesystem::path& dir) {
  namespace fs = std::filesystem;
  std::vector<SetFileProblem> problems;
  std::set<std::string> listed{manifest_path(dir).filename().string()};
  for (const SetFile& f : set.files()) {
    listed.insert(f.path);
    const fs::path path = dir / f.path;
    if (!fs::is_regular_file(path)) problems.push_back({SetFileProblem::Kind::Missing, f.path});
    else if (sha256_hex(read_file(path)) != f.sha256) problems.push_back({SetFileProblem::Kind::Altered, f.path});
  }
  std::vector<std::string> extra;
  for (auto it = fs::recursive_directory_iterator(dir); it != fs::recursive_directory_iterator(); ++it) {
    if (it->is_directory() && !it->is_symlink()) continue;
    const std::string rel = it->path().lexically_relative(dir).generic_string();
    if (!listed.count(rel)) extra.push_back(rel);
  }
  std::sort(extra.begin(), extra.end());
  for (std::string& file : extra) problems.push_back({SetFileProblem::Kind::Extra, std::move(file)});
  return problems;
}

bool CheckReport::passed() const {
  return bundle.passed() && files.empty() && missing.empty() && unexpected.empty() &&
         std::all_of(variants.begin(), variants.end(), [](const VariantCheck& v) { return v.passed(); });
}

std::string spec_sha256(const spec::IconSpec& spec) { return sha256_hex(spec.source.dump()); }

std::string variant_lottie(const spec::IconSpec& spec, const GoldenVariant& variant) {
  return lottie::to_text(lottie::write_animation(build_scene(spec, variant.variant()), {}));
}

std::string bundle_bytes(const spec::IconSpec& spec) {
  lottie::BundleOptions options;
  options.weight = spec.default_weight;
  options.generator = "iconsynth";  // no version: a release alone must not change the golden bundle
  return lottie::write_dotlottie(spec, options);
}

namespace {

// One key frame against its accepted images: any exact hash passes; else the images made with this
// renderer's libraries (all of them when none was) are compared, and the closest decides.
FrameCheck check_frame(const GoldenFrame& golden, std::size_t index, const RenderedFrame& actual, SheetImages& sheets,
                       const CheckContext& context) {
  FrameCheck check{golden.frame, FrameCheck::Status::Exact, {}, -1, actual.pixels, {}};
  for (std::size_t i = 0; i < golden.accepted.size(); ++i) {
    if (golden.accepted[i].sha256 == actual.sha256) {
      check.accepted = static_cast<int>(i);
      return check;
    }
  }
  const auto own = [&](const AcceptedImage& a) {
    return context.set.renderers.at(static_cast<std::size_t>(a.renderer)).same_libraries(context.renderer);
  };
  const bool any_own = std::any_of(golden.accepted.begin(), golden.accepted.end(), own);
  const int size = context.set.size;
  for (std::size_t i = 0; i < golden.accepted.size(); ++i) {
    if (any_own && !own(golden.accepted[i])) continue;
    std::optional<Pixels> expected = sheets.image(index, static_cast<std::size_t>(golden.accepted[i].sheet));
    if (!expected) continue;
    const DiffStats stats = compare_images(view_of(*expected, size, size), view_of(actual.pixels, size, size), context.tolerance.channel);
    if (check.accepted < 0 || stats.share_over < check.stats.share_over) {
      check.accepted = static_cast<int>(i);
      check.stats = stats;
      check.expected = std::move(*expected);
    }
  }
  if (check.accepted < 0) check.status = FrameCheck::Status::Missing;
  else check.status = check.stats.share_over <= context.tolerance.max_share ? FrameCheck::Status::Within : FrameCheck::Status::Differs;
  return check;
}

}  // namespace

VariantCheck check_variant(const CheckContext& context, const GoldenVariant& golden, VariantNow& now, SheetImages& sheets) {
  const auto start = std::chrono::steady_clock::now();
  VariantCheck check{golden, now.variant.weight, now.frames.scene().frame_count, now.variant.frame_rate, now.backdrop, {}, {}, 0};
  for (std::size_t i = 0; i < golden.frames.size(); ++i) {
    check.frames.push_back(check_frame(golden.frames[i], i, now.frames.frame(golden.frames[i].frame), sheets, context));
  }
  check.lottie = check_lottie(golden.id(), now.lottie, golden.lottie_sha256, lottie_path(context.dir, golden), false, context.explain_lottie);
  // A passing variant's pixels are not shown anywhere: at 512 px they would be a megabyte a frame.
  if (check.passed()) {
    for (FrameCheck& f : check.frames) Pixels().swap(f.actual), Pixels().swap(f.expected);
  }
  check.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return check;
}

SpecComparison compare_spec(const GoldenSet& set, const spec::IconSpec& spec) {
  SpecComparison c;
  c.known = !set.spec.is_null();
  if (!c.known) {
    c.same = set.spec_sha256 == spec_sha256(spec);
    return c;
  }
  c.differences = spec::diff_specs(set.spec, spec.source);
  c.same = c.differences.empty();
  return c;
}

CheckReport check_golden_set(const spec::IconSpec& spec, const std::filesystem::path& dir, const CheckOptions& options) {
  CheckReport report;
  report.golden = golden_set_from_text(read_file(manifest_path(dir)), manifest_path(dir).string());
  const GoldenSet& set = report.golden;
  report.files = check_set_files(set, dir);
  report.renderer = options.renderer;
  report.tolerance = options.tolerance.value_or(set.tolerance);
  report.spec = compare_spec(set, spec);
  if (!report.spec.same) {
    report.notes.push_back(report.spec.known ? "the spec differs from the one the goldens were made from in " +
                                                   std::to_string(report.spec.differences.size()) + " value" +
                                                   (report.spec.differences.size() == 1 ? "" : "s")
                                             : "the spec differs from the one the goldens were made from (this set keeps only "
                                               "its hash: `golden update` records the spec, and check then names the values)");
  }
  const auto same_libraries = [&](const Renderer& r) { return r.same_libraries(options.renderer); };
  if (!options.renderer.cairo.empty() && std::none_of(set.renderers.begin(), set.renderers.end(), same_libraries)) {
    std::string labels;
    for (const Renderer& r : set.renderers) labels += (labels.empty() ? "" : "; ") + r.label();
    report.notes.push_back("goldens were rendered by " + labels + "; this is " + options.renderer.label());
  }

  const CheckContext context{set, dir, report.tolerance, options.renderer, true};
  const Geometry geometry = set.hinted ? Geometry::Hinted : Geometry::Exact;
  const std::vector<GoldenVariant> current = variants_of(spec);
  for (const GoldenVariant& golden : set.variants) {
    const auto now = std::find_if(current.begin(), current.end(), [&](const GoldenVariant& c) { return c.same_slot(golden); });
    if (now == current.end()) {
      report.missing.push_back(golden.id());
      continue;
    }
    VariantFrames frames(spec, now->variant(), set.size, geometry, options.offset_px);
    SheetImages sheets(dir, golden, set.size);
    VariantNow variant{*now, frames, variant_lottie(spec, *now), spec.theme_rule(golden.theme).backdrop};
    report.variants.push_back(check_variant(context, golden, variant, sheets));
  }
  for (const GoldenVariant& c : current) {
    if (std::none_of(set.variants.begin(), set.variants.end(), [&](const GoldenVariant& g) { return g.same_slot(c); })) {
      report.unexpected.push_back(c.id());
    }
  }
  report.bundle = check_lottie(spec.id + ".lottie", bundle_bytes(spec), set.bundle_sha256, bundle_path(dir, set.icon), true);
  return report;
}

}  // namespace iconsynth::render::golden
