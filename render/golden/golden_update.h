#pragma once
// Writing a golden set: the whole set, or only part of it (the rest left byte for byte), and a
// record of what changed, file by file.
//   all       every variant and the bundle taken from the spec (a new set, or a full update)
//   only      the variants a selector names ("outline-strong-dark-w2"; "outline-strong-w2" for both
//             themes; "outline-strong" for every theme and weight), or the bundle by its file name
//   changed   what a check finds changed: failing, added and removed variants, the bundle when it
//             differs, and variants whose files are missing or altered (Playwright's
//             --update-snapshots=changed)
// No churn: a frame taken anew keeps its accepted images while this rendering matches one of
// them (exactly, or within the set's tolerance of the one compared), so an update of an unchanged
// tree, or after a sub-tolerance drift, writes nothing; only frames outside tolerance are
// rewritten (`rewrite` rewrites every frame taken). With `add`, a frame outside tolerance gets
// this renderer's image beside the accepted ones instead of replacing them: one set for every
// platform.
// golden.json keeps the spec the whole set matches: the new spec once every variant and the
// bundle match it, the old one while some still hold the old spec's images.

#include "render/golden/golden_check.h"

#include <Eigen/Core>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace iconsynth::render::golden {

struct UpdateOptions {
  enum class Scope { All, Only, Changed };
  Scope scope = Scope::All;
  std::vector<std::string> only;  // Scope::Only: the selectors
  // A whole update: the set's own when empty (these defaults for a new set); a partial update
  // always keeps the set's.
  std::optional<int> size;                // 48
  std::optional<int> channel;             // the tolerance's levels: 20
  std::optional<double> max_share;        // the tolerance's share of pixels: 0.5 %
  std::optional<Geometry> geometry;       // hinted
  bool add = false;      // add this renderer's image where a frame is outside tolerance, keep the others
  bool rewrite = false;  // rewrite every frame taken, even one within tolerance of its accepted image
  Renderer renderer;     // what renders now: labels the images written
  Eigen::Vector2d offset_px = Eigen::Vector2d::Zero();  // shift renderings (another platform's drift, in tests)
};

struct FileChange {
  enum class Kind { Added, Changed, Removed, Unchanged };
  Kind kind;
  std::string file;  // relative to the set's folder
};

// What happened to the key frames of the variants taken anew.
struct FrameCounts {
  int kept = 0;       // an accepted image matched exactly
  int within = 0;     // kept: within tolerance of an accepted image (--rewrite rewrites them)
  int rewritten = 0;  // this rendering replaced the accepted images (every frame of a new variant)
  int added = 0;      // this rendering joined the accepted images (--add)
};

struct GoldenUpdate {
  GoldenSet set;                                 // the manifest afterwards
  std::vector<OutputFile> writes;                // the files whose bytes change, golden.json last
  std::vector<std::filesystem::path> removals;   // files to delete
  std::vector<FileChange> changes;               // every file the update made or removed, in set order
  FrameCounts frames;
};

// What updating the set in `dir` writes and removes; nothing is touched here. std::invalid_argument
// for a partial update without a set, a selector that names nothing, a malformed manifest, or an
// `add` that is not another rendering of the same animation (the spec, a Lottie export or the key
// frames differ).
GoldenUpdate plan_update(const spec::IconSpec& spec, const std::filesystem::path& dir, const UpdateOptions& options);

// "changed png/outline-strong-dark-w2.png"
std::string describe(const FileChange& change);

}  // namespace iconsynth::render::golden
