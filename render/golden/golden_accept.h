#pragma once
// Accepting part of a golden set, and taking it back, as library calls (the review page's Accept
// and Undo accept): accepting variants plans exactly what `golden update --only` writes for them;
// an update is applied file by file, each written whole, golden.json last; a snapshot keeps the
// bytes of every file an update touches, so undo puts back every byte, and refuses when a file
// has changed since.

#include "render/golden/golden_update.h"

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace iconsynth::render::golden {

// What `golden update --only SELECTOR…` plans for the set in `dir`: each selector a golden id, a
// build id, an animation id, or the bundle's file name. std::invalid_argument as plan_update.
GoldenUpdate plan_accept(const spec::IconSpec& spec, const std::filesystem::path& dir, const std::vector<std::string>& selectors,
                         const Renderer& renderer);
// The same with the rest of `options` as given (its renderer, `add` for `--only … --add`: this
// rendering beside the accepted images, as another platform's; its offset); scope and selectors
// are set here.
GoldenUpdate plan_accept(const spec::IconSpec& spec, const std::filesystem::path& dir, const std::vector<std::string>& selectors,
                         UpdateOptions options);

// Where an accept's and an undo's files go: straight to disk (disk_writer), or through a guard that
// may refuse a file (the review server's: render/serve/writable_files.h).
struct FileWriter {
  std::function<void(const std::filesystem::path&, std::string_view bytes)> write;
  std::function<void(const std::filesystem::path&)> remove;
};

// Writes each file whole (render/build/atomic_file.h) and removes with std::filesystem::remove;
// IoError naming the file.
FileWriter disk_writer();

// Writes the update's files (each atomically, golden.json last), then removes the files it drops.
// render::build::IoError naming the file when one cannot be written or removed; whatever `writer`
// throws.
void apply_update(const GoldenUpdate& update, const FileWriter& writer = disk_writer());

// Files as they are at one moment: each one's bytes, or that it is absent.
class FileSnapshot {
 public:
  struct File {
    std::filesystem::path path;
    std::optional<std::string> bytes;  // nullopt: no file there
  };

  // Every file `update` writes or removes, as it is now (before the update is applied).
  static FileSnapshot before(const GoldenUpdate& update);
  // The files at `paths`, as they are now.
  explicit FileSnapshot(const std::vector<std::filesystem::path>& paths);

  // Whether every file is still exactly as captured.
  bool matches_disk() const;
  // Puts every file back as captured (its bytes, or no file where there was none); golden.json
  // last when it was there, first when it was not. IoError naming the file on failure; whatever
  // `writer` throws.
  void restore(const FileWriter& writer = disk_writer()) const;
  // The same files as they are now (after an update: what undo must find before it restores).
  FileSnapshot now() const;

  const std::vector<File>& files() const { return files_; }

 private:
  FileSnapshot() = default;
  std::vector<File> files_;
};

}  // namespace iconsynth::render::golden
