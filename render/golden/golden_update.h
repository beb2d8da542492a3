#pragma once
// Writing a golden set: the whole set, or only part of it (the rest left byte for byte), and a
// record of what changed, file by file.
//   all       every variant and the bundle made anew from the spec (a new set, or a full update)
//   only      the variants a selector names ("outline-strong-dark-w2"; "outline-strong-w2" for both
//             themes; "outline-strong" for every theme and weight), or the bundle by its file name
//   changed   what a check finds changed: failing, added and removed variants, the bundle when it
//             differs, and variants whose files are missing or altered (Playwright's
//             --update-snapshots=changed)

#include "render/golden/golden_check.h"

#include <filesystem>
#include <string>
#include <vector>

namespace iconsynth::render::golden {

struct UpdateOptions {
  enum class Scope { All, Only, Changed };
  Scope scope = Scope::All;
  std::vector<std::string> only;  // Scope::Only: the selectors
  int size = 48;                  // Scope::All; a partial update keeps the set's size, tolerance and geometry
  Tolerance tolerance;
  Geometry geometry = Geometry::Hinted;
};

struct FileChange {
  enum class Kind { Added, Changed, Removed, Unchanged };
  Kind kind;
  std::string file;  // relative to the set's folder
};

struct GoldenUpdate {
  GoldenSet set;                                 // the manifest afterwards
  std::vector<OutputFile> writes;                // the files whose bytes change, golden.json last
  std::vector<std::filesystem::path> removals;   // files to delete
  std::vector<FileChange> changes;               // every file the update made or removed, in set order
};

// What updating the set in `dir` writes and removes; nothing is touched here. std::invalid_argument
// for a partial update without a set, a selector that names nothing, or a malformed manifest.
GoldenUpdate plan_update(const spec::IconSpec& spec, const std::filesystem::path& dir, const UpdateOptions& options,
                         const std::string& iconsynth_version);

// "changed png/outline-strong-dark-w2.png"
std::string describe(const FileChange& change);

}  // namespace iconsynth::render::golden
