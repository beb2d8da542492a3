#include "render/golden/golden_update.h"

#include "render/cairo/raster.h"
#include "render/golden/sha256.h"
#include "render/golden/variant_update.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <memory>
#include <set>

namespace iconsynth::render::golden {

namespace {

namespace fs = std::filesystem;

std::optional<std::string> read_if_present(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
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

std::vector<int> frame_numbers(const GoldenVariant& v) {
  std::vector<int> out;
  for (const GoldenFrame& f : v.frames) out.push_back(f.frame);
  return out;
}

// One variant of the spec, and what the update knows of it.
struct Entry {
  GoldenVariant now;
  const GoldenVariant* old = nullptr;        // the set's variant in the same slot
  std::unique_ptr<VariantFrames> frames;
  std::unique_ptr<SheetImages> sheets;       // the old variant's
  std::optional<GoldenVariant> comparable;   // the old variant, less damaged sheets, when its frames can be compared
  std::optional<VariantCheck> check;         // this rendering against `comparable`
  std::string lottie;
  bool damaged = false;                      // a file of the old variant is missing or altered
  bool passes() const { return check && check->passed() && !damaged; }
};

// The size, tolerance and geometry an update makes the set with: a whole update keeps the set's
// unless given, a partial one always does.
struct Settings {
  int size;
  Tolerance tolerance;
  Geometry geometry;
  bool hinted;        // the frames are hinted at that size
  bool same_as_old;   // the old set's frames are of this size and geometry: they can be compared
};

Settings settings_of(const spec::IconSpec& spec, const GoldenSet* old, const UpdateOptions& options, bool whole) {
  Settings s;
  s.size = whole ? options.size.value_or(old ? old->size : 48) : old->size;
  s.tolerance = old ? old->tolerance : Tolerance{};
  if (whole) s.tolerance = {options.channel.value_or(s.tolerance.channel), options.max_share.value_or(s.tolerance.max_share)};
  s.geometry = whole && options.geometry ? *options.geometry : old && !old->hinted ? Geometry::Exact : Geometry::Hinted;
  check_output_size(s.size);
  s.hinted = hints_at(spec, s.size, s.geometry);
  s.same_as_old = old && old->size == s.size && old->hinted == s.hinted;
  return s;
}

// The old set's files that are missing or not as its manifest says.
std::vector<std::string> damaged_files(const GoldenSet* old, const fs::path& dir) {
  std::vector<std::string> files;
  if (!old) return files;
  for (const SetFileProblem& p : check_set_files(*old, dir)) {
    if (p.kind != SetFileProblem::Kind::Extra) files.push_back(p.file);
  }
  return files;
}

// Every variant of the spec, rendered as needed, and checked against its golden one where their
// frames can be compared.
std::vector<Entry> entries_of(const spec::IconSpec& spec, const fs::path& dir, const GoldenSet* old, const Settings& settings,
                              const std::vector<std::string>& damaged, const UpdateOptions& options) {
  const GoldenSet empty;
  const CheckContext context{old ? *old : empty, dir, settings.tolerance, options.renderer, false};
  std::vector<Entry> entries;
  for (GoldenVariant& now : variants_of(spec)) {
    Entry& e = entries.emplace_back();
    e.now = std::move(now);
    e.frames = std::make_unique<VariantFrames>(spec, e.now.variant(), settings.size, settings.geometry, options.offset_px);
    e.lottie = variant_lottie(spec, e.now);
    e.old = old ? find_slot(old->variants, e.now) : nullptr;
    if (!e.old) continue;
    e.sheets = std::make_unique<SheetImages>(dir, *e.old, old->size);
    for (const SetFile& f : files_of(*e.old)) {
      e.damaged = e.damaged || std::find(damaged.begin(), damaged.end(), f.path) != damaged.end();
    }
    if (!settings.same_as_old || frame_numbers(*e.old) != frame_numbers(e.now)) continue;
    e.comparable = without_damaged_sheets(*e.old, *e.sheets);
    VariantNow variant{e.now, *e.frames, e.lottie, {}};
    e.check = check_variant(context, *e.comparable, variant, *e.sheets);
  }
  return entries;
}

// Which variants (by id) and whether the bundle the update takes anew.
struct Selection {
  std::set<std::string> variants;  // made anew, or dropped when the spec no longer has them
  bool bundle = false;
  bool stale = false;              // also delete files in png/ and lottie/ that the set does not list
};

Selection select_only(const std::vector<std::string>& selectors, const std::vector<Entry>& entries, const GoldenSet* old,
                      const std::string& icon) {
  Selection s;
  for (const std::string& selector : selectors) {
    bool matched = false;
    if (selector == bundle_file(icon)) matched = s.bundle = true;
    const auto take = [&](const GoldenVariant& v) {
      if (!selected_by(v, selector)) return;
      s.variants.insert(v.id());
      matched = true;
    };
    for (const Entry& e : entries) take(e.now);
    if (old) std::for_each(old->variants.begin(), old->variants.end(), take);
    if (!matched) {
      const spec::Variant example = entries.front().now.variant();
      throw std::invalid_argument("--only " + selector + ": no such variant (give a golden id like " + entries.front().now.id() +
                                  ", a build id like " + spec::VariantSpace::file_stem(example) + ", an animation id, or " +
                                  bundle_file(icon) + ")");
    }
  }
  return s;
}

Selection select_changed(const std::vector<Entry>& entries, const GoldenSet& old, bool bundle_passes) {
  Selection s;
  s.stale = true;
  for (const Entry& e : entries) {
    if (!e.passes()) s.variants.insert(e.now.id());
  }
  for (const GoldenVariant& v : old.variants) {
    if (!std::any_of(entries.begin(), entries.end(), [&](const Entry& e) { return e.old == &v; })) s.variants.insert(v.id());
  }
  s.bundle = !bundle_passes;
  return s;
}

// Renderer indices as the new set lists them: only those some image still names, in their order.
void drop_unused_renderers(GoldenSet& set) {
  std::vector<int> remap(set.renderers.size(), -1);
  std::vector<Renderer> used;
  for (const GoldenVariant& v : set.variants) {
    for (const GoldenFrame& f : v.frames) {
      for (const AcceptedImage& a : f.accepted) remap[static_cast<std::size_t>(a.renderer)] = 0;
    }
  }
  for (std::size_t r = 0; r < set.renderers.size(); ++r) {
    if (remap[r] < 0) continue;
    remap[r] = static_cast<int>(used.size());
    used.push_back(set.renderers[r]);
  }
  for (GoldenVariant& v : set.variants) {
    for (GoldenFrame& f : v.frames) {
      for (AcceptedImage& a : f.accepted) a.renderer = remap[static_cast<std::size_t>(a.renderer)];
    }
  }
  set.renderers = std::move(used);
}

// What `add` may add to: another rendering of the same animation, frame for frame.
void require_same_animation(const spec::IconSpec& spec, const GoldenSet& old, const std::vector<Entry>& entries, const Selection& s) {
  const SpecComparison same = compare_spec(old, spec);
  if (!same.same) {
    throw std::invalid_argument("--add adds this renderer's images of the same spec, and the spec differs from the set's" +
                                (same.differences.empty() ? std::string() : " (" + same.differences.front().line() + ")") +
                                ": accept a change with --only or --changed");
  }
  for (const Entry& e : entries) {
    if (!s.variants.count(e.now.id())) continue;
    const std::string id = e.now.id();
    if (!e.old) throw std::invalid_argument("--add: " + id + " has no golden images to add to");
    if (!e.comparable) throw std::invalid_argument("--add: " + id + "'s key frames are not the set's: the animation changed (accept it with --only)");
    if (!e.check->lottie.exact) throw std::invalid_argument("--add: " + id + "'s Lottie export differs from the set's: the animation changed (accept it with --only)");
  }
}

// The update's writes (the candidates whose bytes differ from the folder's) and removals (files the
// set no longer lists: the old manifest's, and with `stale` any other file in png/ and lottie/).
void plan_files(GoldenUpdate& update, std::vector<OutputFile>& candidates, const fs::path& dir, const GoldenSet* old, bool stale) {
  for (OutputFile& f : candidates) {
    const std::string rel = f.path.lexically_relative(dir).generic_string();
    const auto before = read_if_present(f.path);
    if (before == f.bytes) {
      update.changes.push_back({FileChange::Kind::Unchanged, rel});
      continue;
    }
    update.changes.push_back({before ? FileChange::Kind::Changed : FileChange::Kind::Added, rel});
    update.writes.push_back(std::move(f));
  }

  std::set<std::string> listed;
  for (const SetFile& f : update.set.files()) listed.insert(f.path);
  std::set<std::string> gone;
  if (old) {
    for (const SetFile& f : old->files()) {
      if (!listed.count(f.path)) gone.insert(f.path);
    }
  }
  if (stale) {
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

GoldenUpdate plan_update(const spec::IconSpec& spec, const fs::path& dir, const UpdateOptions& options) {
  const bool whole = options.scope == UpdateOptions::Scope::All && !options.add;
  std::optional<GoldenSet> old;
  if (const auto text = read_if_present(manifest_path(dir))) old = golden_set_from_text(*text, manifest_path(dir).string());
  if (!old && !whole) {
    throw std::invalid_argument("no golden set in " + dir.string() + " to " + (options.add ? "add to" : "update in part") + " (" +
                                manifest_path(dir).string() + " is missing)");
  }

  const GoldenSet* previous = old ? &*old : nullptr;
  const Settings settings = settings_of(spec, previous, options, whole);
  const std::vector<std::string> damaged = damaged_files(previous, dir);
  std::vector<Entry> entries = entries_of(spec, dir, previous, settings, damaged, options);
  const std::string bundle = bundle_bytes(spec);
  const bool bundle_passes = old && old->bundle_sha256 == sha256_hex(bundle) &&
                             std::find(damaged.begin(), damaged.end(), bundle_file(old->icon)) == damaged.end();

  Selection selection;
  if (whole) {
    for (const Entry& e : entries) selection.variants.insert(e.now.id());
    if (old) {
      for (const GoldenVariant& v : old->variants) selection.variants.insert(v.id());
    }
    selection.bundle = selection.stale = true;
  } else if (options.scope == UpdateOptions::Scope::Changed) {
    selection = select_changed(entries, *old, bundle_passes);
  } else if (options.scope == UpdateOptions::Scope::Only) {
    selection = select_only(options.only, entries, previous, spec.id);
  } else {
    for (const Entry& e : entries) selection.variants.insert(e.now.id());  // --add to every variant
  }
  if (options.add) {
    require_same_animation(spec, *old, entries, selection);
    selection.bundle = selection.stale = false;
  }

  // The new set: the taken variants made anew, the others as they were.
  GoldenUpdate update;
  GoldenSet& set = update.set;
  set.icon = spec.id;
  set.size = settings.size;
  set.hinted = settings.hinted;
  set.tolerance = settings.tolerance;
  set.renderers = settings.same_as_old ? old->renderers : std::vector<Renderer>{};
  if (set.renderer_index(options.renderer) < 0) set.renderers.push_back(options.renderer);
  const int renderer = set.renderer_index(options.renderer);
  std::vector<OutputFile> candidates;  // files made anew, written where their bytes differ
  bool matches_spec = true;            // every variant and the bundle hold the new spec's renderings
  for (Entry& e : entries) {
    if (!selection.variants.count(e.now.id())) {
      if (e.old) set.variants.push_back(*e.old);
      matches_spec = matches_spec && e.passes();
      continue;
    }
    TakenVariant taken = e.check && !options.rewrite
                             ? take_changes(e.now, *e.comparable, *e.check, *e.frames, *e.sheets, renderer, options.add, settings.size)
                             : take_rendering(e.now, *e.frames, renderer, settings.size);
    update.frames.kept += taken.frames.kept;
    update.frames.within += taken.frames.within;
    update.frames.rewritten += taken.frames.rewritten;
    update.frames.added += taken.frames.added;
    taken.entry.lottie_sha256 = sha256_hex(e.lottie);
    for (std::size_t i = 0; i < taken.sheet_bytes.size(); ++i) candidates.push_back({sheet_path(dir, taken.entry, i), std::move(taken.sheet_bytes[i])});
    candidates.push_back({lottie_path(dir, taken.entry), e.lottie});
    set.variants.push_back(std::move(taken.entry));
  }
  if (old) {
    for (const GoldenVariant& v : old->variants) {
      if (std::any_of(entries.begin(), entries.end(), [&](const Entry& e) { return e.old == &v; }) || selection.variants.count(v.id())) continue;
      set.variants.push_back(v);  // the spec no longer has it, and it was not named
      matches_spec = false;
    }
  }
  drop_unused_renderers(set);
  set.bundle_sha256 = selection.bundle ? sha256_hex(bundle) : old->bundle_sha256;
  if (selection.bundle) candidates.push_back({bundle_path(dir, spec.id), bundle});
  matches_spec = matches_spec && (selection.bundle || bundle_passes);
  if (matches_spec || !old) {
    set.spec = spec.source;
    set.spec_sha256 = spec_sha256(spec);
  } else {
    set.spec = old->spec;
    set.spec_sha256 = old->spec_sha256;
  }
  candidates.push_back({manifest_path(dir), manifest_text(set)});

  plan_files(update, candidates, dir, previous, selection.stale);
  return update;
}

}  // namespace iconsynth::render::golden
