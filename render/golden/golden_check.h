#pragma once
// Checking the spec's renderings against a golden set: exact hash first, against every accepted
// image of a frame; where no hash matches, pixels within a per-channel tolerance of the image
// accepted for this renderer's Cairo and pixman (of every accepted image when none was). Lottie
// exports by hash, explained by a structural diff when they differ; the spec against the one the
// set was made from, path by path.

#include "render/cairo/sized_scene.h"
#include "render/compare/image_diff.h"
#include "render/compare/report_files.h"
#include "render/golden/golden_images.h"
#include "render/golden/golden_set.h"
#include "render/lottie/json_diff.h"
#include "spec/spec_diff.h"

#include <Eigen/Core>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace iconsynth::render::golden {

using render::OutputFile;

struct FrameCheck {
  enum class Status { Exact, Within, Differs, Missing };
  int frame;
  Status status;
  DiffStats stats;   // against the image compared with (Within, Differs)
  int accepted = -1; // which of the golden frame's accepted images matched or was compared with; -1: none readable
  Pixels actual;     // this rendering (kept for variants that fail: the report shows them)
  Pixels expected;   // the image compared with (Within, Differs); for Exact it is `actual`
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
  double frame_rate;          // of the animation now
  spec::Rgba backdrop;        // the theme's, behind its images in the report
  std::vector<FrameCheck> frames;
  LottieCheck lottie;
  double seconds = 0;         // the check's wall time
  bool passed() const;
  int count(FrameCheck::Status status) const;
  // The animation is longer or shorter, or runs at another rate, than the golden one (when the
  // set recorded them).
  bool frame_count_changed() const { return golden.frame_count != 0 && golden.frame_count != frame_count; }
  bool frame_rate_changed() const { return golden.frame_rate != 0 && golden.frame_rate != frame_rate; }
  // frame_count / frame_rate in ms.
  double duration_ms() const { return frame_rate > 0 ? frame_count * 1000.0 / frame_rate : 0; }
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

// The spec now against the one the set was made from.
struct SpecComparison {
  bool known = true;                             // the set keeps its spec (format 2)
  bool same = true;                              // by content (or, unknown, by hash)
  std::vector<spec::SpecDifference> differences; // old → new, path by path (when known)
};

struct CheckReport {
  GoldenSet golden;
  Renderer renderer;          // what rendered this check
  Tolerance tolerance;        // in force for this check
  SpecComparison spec;
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
  Renderer renderer;  // what renders now: images made with its libraries are the ones compared within tolerance
};

// Checks the spec against the set in `dir`; std::invalid_argument when its manifest is malformed,
// std::runtime_error when it cannot be read.
CheckReport check_golden_set(const spec::IconSpec& spec, const std::filesystem::path& dir, const CheckOptions& options);

// What a variant is checked against and with.
struct CheckContext {
  const GoldenSet& set;
  std::filesystem::path dir;  // the set's folder
  Tolerance tolerance;
  Renderer renderer;          // what renders now
  bool explain_lottie = true; // a Lottie export that differs is diffed structurally (an update needs only whether)
};

// A variant as this build makes it: the spec's variant in the golden one's slot.
struct VariantNow {
  const GoldenVariant& variant;
  VariantFrames& frames;
  std::string lottie;         // its Lottie export's text
  spec::Rgba backdrop;        // its theme's
};

// One golden variant against this build's rendering of it. Frame pixels are kept only when it fails.
VariantCheck check_variant(const CheckContext& context, const GoldenVariant& golden, VariantNow& now, SheetImages& sheets);

// The spec now against the set's: path by path when the set keeps its spec, else by hash.
SpecComparison compare_spec(const GoldenSet& set, const spec::IconSpec& spec);

// What the set records for a spec: the sha256 of its effective document.
std::string spec_sha256(const spec::IconSpec& spec);
// A variant's Lottie export as a golden set keeps it.
std::string variant_lottie(const spec::IconSpec& spec, const GoldenVariant& variant);
// The dotLottie bundle as a golden set keeps it.
std::string bundle_bytes(const spec::IconSpec& spec);

// "exact", "within", "differs", "missing".
std::string_view status_name(FrameCheck::Status status);

}  // namespace iconsynth::render::golden
