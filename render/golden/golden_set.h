#pragma once
// A golden set: reference renderings of the icon that later builds are checked against.
//
//   DIR/golden.json                the manifest (below)
//   DIR/png/<variant>.png          the variant's key frames side by side, left to right
//   DIR/lottie/<variant>.json      each variant's Lottie export
//   DIR/<icon>.lottie              the dotLottie bundle
//
//   golden.json: {"format":1, "icon":"gpu-cluster", "spec_sha256":"…", "iconsynth":"0.1.0",
//                 "cairo":"1.16.0", "size":48, "geometry":"hinted",
//                 "tolerance":{"channel":20,"max_share":0.005},
//                 "variants":[{"id":"outline-light-dark-w2", "style":"outline", "motion":"light",
//                              "theme":"dark", "preset":1, "weight":2, "frame_count":60,
//                              "png_sha256":"…", "frames":[{"frame":0,"sha256":"…"}, …],
//                              "lottie_sha256":"…"}, …],
//                 "bundle_sha256":"…"}
// A frame's sha256 is of its decoded pixels (premultiplied ARGB32 rows), not of PNG bytes: the
// exact match then does not depend on the PNG encoder, and one sheet per variant keeps the set
// to a few dozen files.
// "geometry" says which the frames hold: "hinted" (fitted to the size's pixel grid, as outputs of
// that size draw them; render/cairo/sized_scene.h) or "exact" (build_scene's; a manifest without
// the field is exact). Lottie exports and the bundle are always exact.
// The file hashes (png_, lottie_, bundle_sha256) make the manifest the list
// of the set's files: a file missing, altered or not listed fails the check (`frame_count` is
// optional on reading: sets made before it carry none).
// A variant is identified by style, motion, theme and the *index* of its preset weight, so a spec
// whose preset 2 becomes 2.1 is checked against the weight-2 goldens, and fails.

#include "render/scene/scene.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace iconsynth::render::golden {

struct Tolerance {
  int channel = 20;          // per-channel difference (0–255) a pixel may have and still match
  double max_share = 0.005;  // share of pixels allowed beyond `channel` before a frame differs
};

struct GoldenFrame {
  int frame;
  std::string sha256;  // of the frame's pixels
};

struct GoldenVariant {
  std::string style;
  std::string motion;
  std::string theme;
  int preset;          // index into the spec's stroke presets
  double weight;
  int frame_count = 0;  // of the whole animation; 0 when the set did not record it
  std::vector<GoldenFrame> frames;
  std::string png_sha256;     // of the sheet file
  std::string lottie_sha256;

  // "outline-light-dark-w2": names the variant's files and report rows.
  std::string id() const;
  Variant variant() const { return {style, weight, motion, theme, std::nullopt}; }
  bool same_slot(const GoldenVariant& other) const {
    return style == other.style && motion == other.motion && theme == other.theme && preset == other.preset;
  }
};

// A file of a set: its path relative to the set's folder ("png/outline-light-dark-w2.png").
struct SetFile {
  std::string path;
  std::string sha256;
};

struct GoldenSet {
  std::string icon;
  std::string spec_sha256;
  std::string iconsynth_version;
  std::string cairo_version;
  int size = 48;
  bool hinted = false;       // the frames are the hinted scene's at `size` ("geometry")
  Tolerance tolerance;
  std::vector<GoldenVariant> variants;
  std::string bundle_sha256;

  // Every file of the set but golden.json, with the sha256 of its bytes, in manifest order.
  std::vector<SetFile> files() const;
};

// Every style × motion × theme × preset weight of the spec, with its key frames (no hashes yet).
std::vector<GoldenVariant> variants_of(const spec::IconSpec& spec);
// Frames worth keeping for a scene: 0, the last, every choreography event (landings, peaks, the
// anticipation low, …) and evenly spaced frames between, at least 12 in all.
std::vector<int> key_frames(const AnimatedScene& scene);

nlohmann::json to_json(const GoldenSet& set);
// std::invalid_argument naming the field when the manifest is malformed.
GoldenSet golden_set_from_json(const nlohmann::json& manifest);

// Paths of a set's files relative to its folder.
std::string sheet_file(const GoldenVariant& v);          // "png/<id>.png"
std::string lottie_file(const GoldenVariant& v);         // "lottie/<id>.json"
std::string bundle_file(const std::string& icon);        // "<icon>.lottie"
// Paths inside a set folder.
std::filesystem::path manifest_path(const std::filesystem::path& dir);
std::filesystem::path sheet_path(const std::filesystem::path& dir, const GoldenVariant& v);
std::filesystem::path lottie_path(const std::filesystem::path& dir, const GoldenVariant& v);
std::filesystem::path bundle_path(const std::filesystem::path& dir, const std::string& icon);

}  // namespace iconsynth::render::golden
