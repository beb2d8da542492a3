#include "render/golden/golden_check.h"

#include "render/cairo/raster.h"
#include "render/golden/sha256.h"
#include "render/lottie/dotlottie_writer.h"
#include "render/lottie/zip_reader.h"

#include <cairo.h>

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

std::string spec_hash(const spec::IconSpec& spec) { return sha256_hex(spec.source.dump()); }

std::string variant_lottie(const AnimatedScene& scene) {
  return lottie::to_text(lottie::write_animation(scene, {}));
}

std::string bundle_bytes(const spec::IconSpec& spec) {
  lottie::BundleOptions options;
  options.weight = spec.default_weight;
  options.generator = "iconsynth";  // no version: a release alone must not change the golden bundle
  return lottie::write_dotlottie(spec, options);
}

// A Lottie document (or bundle) compared with its golden: hash, then a structural diff.
LottieCheck check_lottie(const std::string& name, const std::string& actual, const std::string& golden_sha,
                         const std::filesystem::path& golden_file, bool is_bundle) {
  LottieCheck check{name, sha256_hex(actual) == golden_sha, {}, {}};
  if (check.exact) return check;
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

// Frame `index` of a sheet, as a view into it.
ImageView cell(const ImageSurface& sheet, int index, int size) {
  return {size, size, sheet.stride(), sheet.data() + static_cast<std::ptrdiff_t>(index) * size * 4};
}

}  // namespace

std::string pixels_sha256(const ImageView& image) {
  Sha256 sha;
  for (int y = 0; y < image.height; ++y) sha.update(image.data + static_cast<std::ptrdiff_t>(y) * image.stride, std::size_t(image.width) * 4);
  return sha.hex();
}

namespace {

// The golden sheet of a variant, decoded once, and only if some frame needs it.
class GoldenSheet {
 public:
  explicit GoldenSheet(std::filesystem::path path) : path_(std::move(path)) {}
  // nullptr when the file is missing or unreadable.
  const ImageSurface* get() {
    if (!tried_) {
      tried_ = true;
      try {
        sheet_.emplace(decode_png(read_file(path_)));
      } catch (const std::exception&) {
      }
    }
    return sheet_ ? &*sheet_ : nullptr;
  }

 private:
  std::filesystem::path path_;
  bool tried_ = false;
  std::optional<ImageSurface> sheet_;
};

FrameCheck check_frame(const AnimatedScene& scene, const GoldenFrame& golden, int index, GoldenSheet& sheet, int size,
                       const Tolerance& tolerance, const Eigen::Vector2d& offset) {
  const ImageSurface actual = render_frame(evaluate(scene, golden.frame), size, offset);
  FrameCheck check{golden.frame, FrameCheck::Status::Exact, {}, pixels_of(actual.view()), {}};
  if (pixels_sha256(actual.view()) == golden.sha256) return check;

  const ImageSurface* expected_sheet = sheet.get();
  if (!expected_sheet || expected_sheet->width() < (index + 1) * size || expected_sheet->height() != size) {
    check.status = FrameCheck::Status::Missing;
    return check;
  }
  const ImageView expected = cell(*expected_sheet, index, size);
  check.stats = compare_images(expected, actual.view(), tolerance.channel);
  check.status = check.stats.share_over <= tolerance.max_share ? FrameCheck::Status::Within : FrameCheck::Status::Differs;
  if (check.status == FrameCheck::Status::Differs) check.expected = pixels_of(expected);
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
  return lottie.passed() && !frame_count_changed() && count(FrameCheck::Status::Differs) == 0 &&
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

GoldenBuild make_golden_set(const spec::IconSpec& spec, const std::filesystem::path& dir, int size,
                            const Tolerance& tolerance, const std::string& iconsynth_version, Geometry geometry) {
  check_output_size(size);
  GoldenBuild build;
  GoldenSet& set = build.set;
  set.icon = spec.id;
  set.spec_sha256 = spec_hash(spec);
  set.iconsynth_version = iconsynth_version;
  set.cairo_version = cairo_version_string();
  set.size = size;
  set.hinted = hints_at(spec, size, geometry);
  set.tolerance = tolerance;
  set.variants = variants_of(spec);
  for (GoldenVariant& v : set.variants) {
    const AnimatedScene scene = scene_for_size(spec, v.variant(), size, geometry);
    ImageSurface sheet(static_cast<int>(v.frames.size()) * size, size);
    CairoContext cr = make_context(sheet.get());
    cairo_set_operator(cr.get(), CAIRO_OPERATOR_SOURCE);
    for (std::size_t i = 0; i < v.frames.size(); ++i) {
      const ImageSurface frame = render_frame(evaluate(scene, v.frames[i].frame), size);
      v.frames[i].sha256 = pixels_sha256(frame.view());
      // SOURCE copies pixels exactly; the rectangle keeps it from clearing the other cells.
      cairo_set_source_surface(cr.get(), frame.get(), static_cast<double>(i) * size, 0);
      cairo_rectangle(cr.get(), static_cast<double>(i) * size, 0, size, size);
      cairo_fill(cr.get());
    }
    std::string png = sheet.png_bytes();
    v.png_sha256 = sha256_hex(png);
    build.files.push_back({sheet_path(dir, v), std::move(png)});
    std::string json = variant_lottie(build_scene(spec, v.variant()));
    v.lottie_sha256 = sha256_hex(json);
    build.files.push_back({lottie_path(dir, v), std::move(json)});
  }
  std::string bundle = bundle_bytes(spec);
  set.bundle_sha256 = sha256_hex(bundle);
  build.files.push_back({bundle_path(dir, spec.id), std::move(bundle)});
  build.files.push_back({manifest_path(dir), to_json(set).dump(2) + "\n"});
  return build;
}

CheckReport check_golden_set(const spec::IconSpec& spec, const std::filesystem::path& dir, const CheckOptions& options) {
  CheckReport report;
  nlohmann::json manifest;
  try {
    manifest = nlohmann::json::parse(read_file(manifest_path(dir)));
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument(manifest_path(dir).string() + " is not valid JSON: " + e.what());
  }
  report.golden = golden_set_from_json(manifest);
  report.files = check_set_files(report.golden, dir);
  report.tolerance = options.tolerance.value_or(report.golden.tolerance);
  if (report.golden.spec_sha256 != spec_hash(spec)) report.notes.push_back("the spec differs from the one the goldens were made from");
  if (report.golden.cairo_version != cairo_version_string()) {
    report.notes.push_back("goldens were rendered with Cairo " + report.golden.cairo_version + ", this is Cairo " +
                           cairo_version_string());
  }

  const std::vector<GoldenVariant> current = variants_of(spec);
  for (const GoldenVariant& golden : report.golden.variants) {
    const auto now = std::find_if(current.begin(), current.end(), [&](const GoldenVariant& c) { return c.same_slot(golden); });
    if (now == current.end()) {
      report.missing.push_back(golden.id());
      continue;
    }
    const auto start = std::chrono::steady_clock::now();
    const AnimatedScene scene = scene_for_size(spec, now->variant(), report.golden.size, report.golden.hinted ? Geometry::Hinted : Geometry::Exact);
    VariantCheck check{golden, now->weight, scene.frame_count, spec.theme_rule(golden.theme).backdrop, {}, {}};
    GoldenSheet sheet(sheet_path(dir, golden));
    for (std::size_t i = 0; i < golden.frames.size(); ++i) {
      check.frames.push_back(check_frame(scene, golden.frames[i], static_cast<int>(i), sheet, report.golden.size,
                                         report.tolerance, options.offset_px));
    }
    check.lottie = check_lottie(golden.id(), variant_lottie(build_scene(spec, now->variant())), golden.lottie_sha256, lottie_path(dir, golden), false);
    check.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    report.variants.push_back(std::move(check));
  }
  for (const GoldenVariant& c : current) {
    if (std::none_of(report.golden.variants.begin(), report.golden.variants.end(),
                     [&](const GoldenVariant& g) { return g.same_slot(c); })) {
      report.unexpected.push_back(c.id());
    }
  }
  report.bundle = check_lottie(spec.id + ".lottie", bundle_bytes(spec), report.golden.bundle_sha256,
                               bundle_path(dir, report.golden.icon), true);
  return report;
}

}  // namespace iconsynth::render::golden
