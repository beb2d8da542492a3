#pragma once
// Making a golden set from the spec, and checking the spec's renderings against one: exact hash
// first; where the bytes differ, pixels within a per-channel tolerance; Lottie exports by hash,
// explained by a structural diff when they differ.

#include "render/cairo/sized_scene.h"
#include "render/compare/image_diff.h"
#include "render/compare/report_files.h"
#include "render/golden/golden_set.h"
#include "render/lottie/json_diff.h"

#include <Eigen/Core>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace iconsynth::render::golden {

using render::OutputFile;

struct GoldenBuild {
  GoldenSet set;
  std::vector<OutputFile> files;  // sheets, Lottie JSON, the bundle, and golden.json last
};

// Renders every variant's key frames at `size` px into one sheet each (hinted where the spec
// hints that size, unless `geometry` is Exact), and exports its Lottie.
GoldenBuild make_golden_set(const spec::IconSpec& spec, const std::filesystem::path& dir, int size,
                            const Tolerance& tolerance, const std::string& iconsynth_version,
                            Geometry geometry = Geometry::Hinted);

struct FrameCheck {
  enum class Status { Exact, Within, Differs, Missing };
  int frame;
  Status status;
  DiffStats stats;                      // filled when the pixels differ
  std::vector<std::uint32_t> actual;    // this rendering, size × size premultiplied ARGB32
  std::vector<std::uint32_t> expected;  // the golden frame, kept when it differs (for the report)
};

struct LottieCheck {
  std::string name;           // "outline-light-dark-w2" or the bundle's file name
  bool exact = true;
  std::vector<lottie::JsonChange> changes;  // prefixed with the entry name inside a bundle
  std::string error;          // the golden file could not be read
  bool passed() const { return exact; }
};

struct VariantCheck {
  GoldenVariant golden;
  double weight;              // the weight rendered now
  int frame_count;            // of the animation now
  spec::Rgba backdrop;        // the theme's, behind its images in the report
  std::vector<FrameCheck> frames;
  LottieCheck lottie;
  double seconds = 0;         // the check's wall time
  bool passed() const;
  int count(FrameCheck::Status status) const;
  // The animation is longer or shorter than the golden one (when the set recorded its length).
  bool frame_count_changed() const { return golden.frame_count != 0 && golden.frame_count != frame_count; }
};

// The frame that differs most (a missing golden image first, then the largest share beyond the
// tolerance); nullptr when every frame matches.
const FrameCheck* worst_frame(const VariantCheck& check);

// A file of the set that is not as its manifest says.
struct SetFileProblem {
  enum class Kind { Missing, Altered, Extra };
  Kind kind;
  std::string file;  // relative to the set's folder
};

// "missing png/outline-light-dark-w2.png", "altered …", "extra …: not in golden.json".
std::string describe(const SetFileProblem& problem);

// The set's files against its manifest: each listed file present with its sha256, nothing else in
// the folder but golden.json. In manifest order, then the extra files sorted.
std::vector<SetFileProblem> check_set_files(const GoldenSet& set, const std::filesystem::path& dir);

struct CheckReport {
  GoldenSet golden;
  Tolerance tolerance;        // in force for this check
  std::vector<VariantCheck> variants;
  LottieCheck bundle;
  std::vector<SetFileProblem> files;    // the set's own files against its manifest
  std::vector<std::string> missing;     // golden variants the spec no longer has
  std::vector<std::string> unexpected;  // spec variants without goldens
  std::vector<std::string> notes;       // context: spec or Cairo differ from the goldens' own
  bool passed() const;
};

struct CheckOptions {
  std::optional<Tolerance> tolerance;                 // the set's own when empty
  Eigen::Vector2d offset_px = Eigen::Vector2d::Zero(); // shift renderings (anti-aliasing probe)
};

// Checks the spec against the set in `dir`; std::invalid_argument when its manifest is malformed,
// std::runtime_error when it cannot be read.
CheckReport check_golden_set(const spec::IconSpec& spec, const std::filesystem::path& dir, const CheckOptions& options);

// SHA-256 of an image's pixels, row by row (stride padding excluded).
std::string pixels_sha256(const ImageView& image);

// "exact", "within", "differs", "missing".
std::string_view status_name(FrameCheck::Status status);

}  // namespace iconsynth::render::golden
