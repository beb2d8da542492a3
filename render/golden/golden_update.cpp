#include "render/golden/golden_update.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <set>

namespace iconsynth::render::golden {

namespace {

namespace fs = std::filesystem;

std::optional<std::string> read_if_present(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

GoldenSet read_set(const fs::path& dir) {
  const auto text = read_if_present(manifest_path(dir));
  if (!text) throw std::invalid_argument("no golden set in " + dir.string() + " to update in part (" + manifest_path(dir).string() + " is missing)");
  try {
    return golden_set_from_json(nlohmann::json::parse(*text));
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument(manifest_path(dir).string() + " is not valid JSON: " + e.what());
  }
}

bool selected_by(const GoldenVariant& v, const std::string& selector) {
  const spec::Variant variant = v.variant();
  return selector == v.id() || selector == spec::VariantSpace::file_stem(variant) ||
         selector == spec::VariantSpace::animation_id(variant);
}

const GoldenVariant* find_slot(const std::vector<GoldenVariant>& variants, const GoldenVariant& v) {
  const auto it = std::find_if(variants.begin(), variants.end(), [&](const GoldenVariant& o) { return o.same_slot(v); });
  return it == variants.end() ? nullptr : &*it;
}

// Which variants (by id) and whether the bundle a partial update takes anew; ids of the old set not
// taken anew stay as they are.
struct Selection {
  std::set<std::string> variants;  // made anew, or dropped when the spec no longer has them
  bool bundle = false;
  bool stale = false;              // also delete files in png/ and lottie/ that the set does not list
};

Selection select_only(const std::vector<std::string>& selectors, const GoldenSet& old, const GoldenBuild& build) {
  Selection s;
  for (const std::string& selector : selectors) {
    bool matched = false;
    if (selector == bundle_file(build.set.icon)) matched = s.bundle = true;
    for (const auto* variants : {&build.set.variants, &old.variants}) {
      for (const GoldenVariant& v : *variants) {
        if (selected_by(v, selector)) {
          s.variants.insert(v.id());
          matched = true;
        }
      }
    }
    if (!matched) {
      throw std::invalid_argument("--only " + selector + ": no such variant (give a golden id like " +
                                  build.set.variants.front().id() + ", a build id like " +
                                  spec::VariantSpace::file_stem(build.set.variants.front().variant()) +
                                  ", an animation id, or " + bundle_file(build.set.icon) + ")");
    }
  }
  return s;
}

Selection select_changed(const spec::IconSpec& spec, const fs::path& dir) {
  const CheckReport report = check_golden_set(spec, dir, {});
  Selection s;
  s.stale = true;
  for (const VariantCheck& v : report.variants) {
    if (!v.passed()) s.variants.insert(v.golden.id());
  }
  s.variants.insert(report.missing.begin(), report.missing.end());
  s.variants.insert(report.unexpected.begin(), report.unexpected.end());
  s.bundle = !report.bundle.passed();
  // A variant whose own file is missing or altered is written again.
  for (const SetFileProblem& p : report.files) {
    if (p.kind == SetFileProblem::Kind::Extra) continue;
    if (p.file == bundle_file(report.golden.icon)) s.bundle = true;
    for (const GoldenVariant& v : report.golden.variants) {
      if (p.file == sheet_file(v) || p.file == lottie_file(v)) s.variants.insert(v.id());
    }
  }
  return s;
}

// The new manifest: the build's entries for what is selected, the old set's for the rest.
GoldenSet merge(const GoldenSet& old, const GoldenSet& built, const Selection& s, bool keep_old_metadata) {
  GoldenSet set = keep_old_metadata ? old : built;
  set.variants.clear();
  for (const GoldenVariant& v : built.variants) {
    if (s.variants.count(v.id())) set.variants.push_back(v);
    else if (const GoldenVariant* before = find_slot(old.variants, v)) set.variants.push_back(*before);
  }
  for (const GoldenVariant& v : old.variants) {
    if (!find_slot(built.variants, v) && !s.variants.count(v.id())) set.variants.push_back(v);
  }
  set.bundle_sha256 = s.bundle ? built.bundle_sha256 : old.bundle_sha256;
  return set;
}

}  // namespace

std::string describe(const FileChange& change) {
  switch (change.kind) {
    case FileChange::Kind::Added: return "added " + change.file;
    case FileChange::Kind::Changed: return "changed " + change.file;
    case FileChange::Kind::Removed: return "removed " + change.file;
    case FileChange::Kind::Unchanged: return "unchanged " + change.file;
  }
  return change.file;
}

GoldenUpdate plan_update(const spec::IconSpec& spec, const fs::path& dir, const UpdateOptions& options,
                         const std::string& iconsynth_version) {
  const bool whole = options.scope == UpdateOptions::Scope::All;
  const std::optional<GoldenSet> old =
      whole ? (fs::exists(manifest_path(dir)) ? std::optional(read_set(dir)) : std::nullopt) : std::optional(read_set(dir));
  const int size = whole ? options.size : old->size;
  const Tolerance tolerance = whole ? options.tolerance : old->tolerance;
  const Geometry geometry = whole ? options.geometry : old->hinted ? Geometry::Hinted : Geometry::Exact;
  GoldenBuild build = make_golden_set(spec, dir, size, tolerance, iconsynth_version, geometry);

  Selection selection;
  GoldenUpdate update;
  if (whole) {
    for (const GoldenVariant& v : build.set.variants) selection.variants.insert(v.id());
    selection.bundle = selection.stale = true;
    update.set = build.set;
  } else {
    selection = options.scope == UpdateOptions::Scope::Only ? select_only(options.only, *old, build) : select_changed(spec, dir);
    update.set = merge(*old, build.set, selection, options.scope == UpdateOptions::Scope::Only);
  }

  // The files made anew: each is written only when its bytes differ from the folder's.
  std::set<std::string> taken;
  for (const GoldenVariant& v : build.set.variants) {
    if (selection.variants.count(v.id())) taken.insert({sheet_file(v), lottie_file(v)});
  }
  if (selection.bundle) taken.insert(bundle_file(build.set.icon));
  build.files.back().bytes = to_json(update.set).dump(2) + "\n";  // golden.json, last
  taken.insert(manifest_path(dir).filename().string());
  for (OutputFile& f : build.files) {
    const std::string rel = f.path.lexically_relative(dir).generic_string();
    if (!taken.count(rel)) continue;
    const auto before = read_if_present(f.path);
    if (before == f.bytes) {
      update.changes.push_back({FileChange::Kind::Unchanged, rel});
      continue;
    }
    update.changes.push_back({before ? FileChange::Kind::Changed : FileChange::Kind::Added, rel});
    update.writes.push_back(std::move(f));
  }

  // Files the set no longer lists: the old manifest's, and (whole or changed) strays in png/ and lottie/.
  std::set<std::string> listed;
  for (const SetFile& f : update.set.files()) listed.insert(f.path);
  std::set<std::string> gone;
  if (old) {
    for (const SetFile& f : old->files()) {
      if (!listed.count(f.path)) gone.insert(f.path);
    }
  }
  if (selection.stale) {
    for (const char* sub : {"png", "lottie"}) {
      if (!fs::is_directory(dir / sub)) continue;
      for (const auto& e : fs::recursive_directory_iterator(dir / sub)) {
        const std::string rel = e.path().lexically_relative(dir).generic_string();
        if (!e.is_directory() && !listed.count(rel)) gone.insert(rel);
      }
    }
  }
  for (const std::string& rel : gone) {
    if (!fs::exists(fs::symlink_status(dir / rel))) continue;
    update.changes.push_back({FileChange::Kind::Removed, rel});
    update.removals.push_back(dir / rel);
  }
  return update;
}

}  // namespace iconsynth::render::golden
