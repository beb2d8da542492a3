#pragma once
// Reads an animated-icon asset someone hands us: a dotLottie bundle (v2: manifest.json, a/, t/, s/;
// v1: manifest.json, animations/, themes/) or a plain Lottie JSON file. Everything in it is
// untrusted: every limit below is checked before the content is used, and every problem is an
// AssetError naming the file, the entry or the field.

#include "render/lottie/lottie_json.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace iconsynth::render::lottie {

struct AssetLimits {
  std::uint64_t max_inflated_bytes = 64ull << 20;  // a bundle's entries, inflated, together
  std::uint64_t max_file_bytes = 256ull << 20;     // the asset file itself
  int max_json_depth = 64;                         // nesting of any JSON document
  int max_canvas = 16384;                          // w and h of an animation, px
  double max_frames = 100000;                      // op − ip of an animation
  std::size_t max_animations = 64;
  std::size_t max_layers = 10000;
};

// Unreadable, malformed or hostile input (the CLI's exit code 2).
struct AssetError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct AssetAnimation {
  std::string id;                           // manifest id, or the file's stem for plain JSON
  std::string entry;                        // where it came from: "a/outline-light.json" or the file name
  Json document;                            // keys in the file's own order
  std::optional<std::string> initial_theme;
  std::vector<std::string> slot_ids;        // declared in the root "slots"
};

struct AssetTheme {
  std::string id;
  Json rules;  // v2: [{"id": slot, "type": "Color"|"Scalar"|…, "value": …}, …]
};

struct AssetStateMachine {
  std::string id;
  Json document;  // v2: {"initial", "states", "interactions", "inputs"}; read, not yet judged
};

struct Asset {
  enum class Kind { LottieJson, DotLottieV1, DotLottieV2 };
  Kind kind = Kind::LottieJson;
  std::vector<AssetAnimation> animations;
  std::vector<AssetTheme> themes;
  std::vector<AssetStateMachine> state_machines;  // v2 s/<id>.json, as the manifest lists them
  std::optional<std::string> initial_animation;   // v2 manifest "initial.animation", when it names one of them
  std::string bytes;  // the file as read, for players that read the container themselves
};

// Reads `path`; AssetError on any problem.
Asset read_asset(const std::filesystem::path& path, const AssetLimits& limits = {});
// The same for bytes already in memory (`name` appears in messages).
Asset read_asset_bytes(const std::string& bytes, const std::string& name, const AssetLimits& limits = {});

// Parses JSON text with the nesting limit; AssetError naming `where` on failure.
Json parse_json_limited(const std::string& text, const std::string& where, int max_depth);

// A copy of `animation` with slot values ({id: {"p": property}}, the shape of a Lottie root
// "slots") written over every property carrying their id, in layers and precompositions, and
// into the root "slots": what a player without slot support needs to show them.
Json apply_slots(const Json& animation, const Json& slots);
// The same with a dotLottie theme's rules.
Json apply_theme(const Json& animation, const AssetTheme& theme);

// "dotLottie v2", "dotLottie v1", "Lottie JSON".
std::string kind_name(Asset::Kind kind);

}  // namespace iconsynth::render::lottie
