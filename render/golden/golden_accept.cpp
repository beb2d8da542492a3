#include "render/golden/golden_accept.h"

#include "render/build/atomic_file.h"

#include <algorithm>
#include <system_error>

namespace iconsynth::render::golden {

namespace fs = std::filesystem;
using render::build::IoError;

namespace {

bool is_manifest(const fs::path& path) { return path.filename() == manifest_path({}).filename(); }

void remove_file(const fs::path& path) {
  std::error_code error;
  if (!fs::remove(path, error) && error) throw IoError("cannot remove " + path.string() + ": " + error.message());
}

}  // namespace

GoldenUpdate plan_accept(const spec::IconSpec& spec, const fs::path& dir, const std::vector<std::string>& selectors,
                         const Renderer& renderer) {
  UpdateOptions options;
  options.renderer = renderer;
  return plan_accept(spec, dir, selectors, options);
}

GoldenUpdate plan_accept(const spec::IconSpec& spec, const fs::path& dir, const std::vector<std::string>& selectors, UpdateOptions options) {
  options.scope = UpdateOptions::Scope::Only;
  options.only = selectors;
  return plan_update(spec, dir, options);
}

FileWriter disk_writer() {
  return {[](const fs::path& path, std::string_view bytes) { render::build::write_file_atomically(path, bytes); }, remove_file};
}

void apply_update(const GoldenUpdate& update, const FileWriter& writer) {
  for (const OutputFile& f : update.writes) writer.write(f.path, f.bytes);
  for (const fs::path& p : update.removals) writer.remove(p);
}

FileSnapshot FileSnapshot::before(const GoldenUpdate& update) {
  std::vector<fs::path> paths;
  for (const OutputFile& f : update.writes) paths.push_back(f.path);
  paths.insert(paths.end(), update.removals.begin(), update.removals.end());
  return FileSnapshot(paths);
}

FileSnapshot::FileSnapshot(const std::vector<fs::path>& paths) {
  for (const fs::path& p : paths) files_.push_back({p, render::build::read_whole_file(p)});
}

bool FileSnapshot::matches_disk() const {
  return std::all_of(files_.begin(), files_.end(), [](const File& f) { return render::build::read_whole_file(f.path) == f.bytes; });
}

FileSnapshot FileSnapshot::now() const {
  FileSnapshot snapshot;
  for (const File& f : files_) snapshot.files_.push_back({f.path, render::build::read_whole_file(f.path)});
  return snapshot;
}

void FileSnapshot::restore(const FileWriter& writer) const {
  // The manifest names the set's files: it goes away before them, or comes back after them.
  const auto manifest = std::find_if(files_.begin(), files_.end(), [](const File& f) { return is_manifest(f.path); });
  if (manifest != files_.end() && !manifest->bytes) writer.remove(manifest->path);
  for (const File& f : files_) {
    if (is_manifest(f.path)) continue;
    if (f.bytes) writer.write(f.path, *f.bytes);
    else writer.remove(f.path);
  }
  if (manifest != files_.end() && manifest->bytes) writer.write(manifest->path, *manifest->bytes);
}

}  // namespace iconsynth::render::golden
