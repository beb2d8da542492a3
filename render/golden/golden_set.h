#pragma once
// A golden set: reference renderings of the icon that later builds are checked against.
//
//   DIR/golden.json                 the manifest (below)
//   DIR/png/<variant>.png           the variant's key frames side by side (the first accepted image of each)
//   DIR/png/<variant>.alt1.png …    more accepted images (a set accepted on several platforms)
//   DIR/lottie/<variant>.json       each variant's Lottie export
//   DIR/<icon>.lottie               the dotLottie bundle
//
//   golden.json: {"format":2, "icon":"gpu-cluster", "size":48, "geometry":"hinted",
//                 "tolerance":{"channel":20,"max_share":0.005},
//                 "renderers":[{"iconsynth":"0.1.0","cairo":"1.16.0","pixman":"0.42.2"}, …],
//                 "spec_sha256":"…",
//                 "variants":[{"id":"outline-light-dark-w2", "style":"outline", "motion":"light",
//                              "theme":"dark", "preset":1, "weight":2, "frame_count":60, "frame_rate":60,
//                              "sheets":[{"sha256":"…"}, …],
//                              "frames":[{"frame":0,"accepted":[{"sheet":0,"renderer":0,"sha256":"…"}, …]}, …],
//                              "lottie_sha256":"…"}, …],
//                 "bundle_sha256":"…",
//                 "spec":{…the spec document the set was made from…}}
//
// A frame may have several accepted images, as Skia Gold keeps several positive digests per test,
// each labelled with what rendered it (iconsynth, Cairo and pixman versions: what decides the
// pixels). An image is the cell of its frame in one of the variant's sheets (cell i: key frame i,
// transparent where a sheet holds no image of it); an image accepted in place of the others goes
// to the first sheet, one accepted beside them to the first sheet free at its cell, so a set
// accepted on one platform has one sheet a variant. A frame's sha256 is
// of its decoded pixels (premultiplied ARGB32 rows), not of PNG bytes: the exact match then does
// not depend on the PNG encoder.
// "geometry" says which the frames hold: "hinted" (fitted to the size's pixel grid, as outputs of
// that size draw them; render/cairo/sized_scene.h) or "exact" (build_scene's). Lottie exports and
// the bundle are always exact.
// The file hashes make the manifest the list of the set's files: a file missing, altered or not
// listed fails the check.
// A variant is identified by style, motion, theme and the *index* of its preset weight, so a spec
// whose preset 2 becomes 2.1 is checked against the weight-2 goldens, and fails.
// Format 1 (one image per frame, "sha256" beside "frame", one "png_sha256" per variant, the set's
// "iconsynth" and "cairo" versions, no spec) is read as a set of one renderer; sets are written
// as format 2.

#include "render/golden/renderer.h"
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

// An accepted image of a frame: the sheet whose cell holds it, which renderer made it (an index
// into GoldenSet::renderers) and the sha256 of its pixels.
struct AcceptedImage {
  int sheet;
  int renderer;
  std::string sha256;
  bool operator==(const AcceptedImage&) const = default;
};

struct GoldenFrame {
  int frame;
  std::vector<AcceptedImage> accepted;  // at least one, each in its own sheet; first accepted first
  bool operator==(const GoldenFrame&) const = default;
};

struct GoldenVariant {
  std::string style;
  std::string motion;
  std::string theme;
  int preset = 0;      // index into the spec's stroke presets
  double weight = 0;
  int frame_count = 0;     // of the whole animation; 0 when the set did not record it
  double frame_rate = 0;   // frames a second; 0 when the set did not record it
  std::vector<GoldenFrame> frames;
  std::vector<std::string> sheets;  // sha256 of the files png/<id>.png, png/<id>.alt1.png, … in this order
  std::string lottie_sha256;

  // "outline-light-dark-w2": names the variant's files and report rows.
  std::string id() const;
  Variant variant() const { return {style, weight, motion, theme, std::nullopt}; }
  bool same_slot(const GoldenVariant& other) const {
    return style == other.style && motion == other.motion && theme == other.theme && preset == other.preset;
  }
  // The animation's length in ms (0 when the set did not record it).
  double duration_ms() const { return frame_rate > 0 ? frame_count * 1000.0 / frame_rate : 0; }
};

// A file of a set: its path relative to the set's folder ("png/outline-light-dark-w2.png").
struct SetFile {
  std::string path;
  std::string sha256;
};

struct GoldenSet {
  std::string icon;
  std::string spec_sha256;   // of the spec document below (as `build` manifests record it)
  spec::Json spec;           // the spec document the set was made from; null in a format 1 set
  int size = 48;
  bool hinted = false;       // the frames are the hinted scene's at `size` ("geometry")
  Tolerance tolerance;
  std::vector<Renderer> renderers;
  std::vector<GoldenVariant> variants;
  std::string bundle_sha256;

  // Every file of the set but golden.json, with the sha256 of its bytes, in manifest order.
  std::vector<SetFile> files() const;
  // "iconsynth 0.1.0, Cairo 1.16.0, pixman 0.42.2" for each of a frame's accepted images, in order.
  std::vector<std::string> accepted_labels(const GoldenFrame& frame) const;
  // The index of `renderer` in `renderers`, -1 when absent.
  int renderer_index(const Renderer& renderer) const;
};

// The files of one variant: its sheets and its Lottie export.
std::vector<SetFile> files_of(const GoldenVariant& variant);

// Every style × motion × theme × preset weight of the spec, with its key frames (no images yet).
std::vector<GoldenVariant> variants_of(const spec::IconSpec& spec);
// Frames worth keeping for a scene: 0, the last, every choreography event (landings, peaks, the
// anticipation low, …) and evenly spaced frames between, at least 12 in all.
std::vector<int> key_frames(const AnimatedScene& scene);

// The manifest as format 2 writes it.
spec::Json to_json(const GoldenSet& set);
// The manifest's text as golden.json holds it.
std::string manifest_text(const GoldenSet& set);
// Reads format 1 or 2; std::invalid_argument naming the field when the manifest is malformed.
GoldenSet golden_set_from_json(const spec::Json& manifest);
// Parses and reads golden.json's text; std::invalid_argument naming `where` when it is not JSON.
GoldenSet golden_set_from_text(std::string_view text, const std::string& where);

// Paths of a set's files relative to its folder.
std::string sheet_file(const GoldenVariant& v, std::size_t sheet);  // "png/<id>.png", "png/<id>.alt1.png", …
std::string lottie_file(const GoldenVariant& v);                    // "lottie/<id>.json"
std::string bundle_file(const std::string& icon);                   // "<icon>.lottie"
// Paths inside a set folder.
std::filesystem::path manifest_path(const std::filesystem::path& dir);
std::filesystem::path sheet_path(const std::filesystem::path& dir, const GoldenVariant& v, std::size_t sheet);
std::filesystem::path lottie_path(const std::filesystem::path& dir, const GoldenVariant& v);
std::filesystem::path bundle_path(const std::filesystem::path& dir, const std::string& icon);

}  // namespace iconsynth::render::golden
