#pragma once
// The preview page for tweaking choreography: for every style x motion, the exported Lottie playing
// in lottie-web beside our Cairo frames as a flipbook, one transport for both, slot-driven pickers for
// the Lottie side, and the motion plot. The page is static files that work opened from disk; the
// static parts (render/preview/page/) are compiled in, the rest is made here from the spec.

#include "spec/icon_spec.h"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace iconsynth::render {

// Player sizes the page accepts: each flipbook is one filmstrip image, and browsers and Cairo
// limit image sides (Cairo to 32767 px), so pages stay small.
inline constexpr int kMinPreviewSize = 16;
inline constexpr int kMaxPreviewSize = 512;

struct PreviewPageOptions {
  int size = 160;                        // px per side, both players
  double weight = 0;                     // the Cairo frames' stroke weight; 0: the spec's default
  std::string theme;                     // the theme the page opens in; "": the spec's default
  std::string generator;                 // e.g. "iconsynth 0.3.0", shown in the footer
  std::string lottie_web_version;        // the player the caller copies to kLottieWebPlayer
};

// Where the page expects the lottie-web player (canvas renderer, no expressions) and its licence.
inline constexpr std::string_view kLottieWebPlayer = "lottie-web/lottie_light_canvas.min.js";
inline constexpr std::string_view kLottieWebLicense = "lottie-web/LICENSE.md";

// One file of the page: its path inside the page folder and its bytes.
struct PageFile {
  std::string path;
  std::string bytes;
};

// What a build did, counted in frames (rasterising and encoding them is nearly all of its time).
struct PreviewWork {
  int frames_rendered = 0;   // drawn for this build
  int frames_total = 0;      // the page's flipbooks hold this many; the rest came from the cache
};

struct PreviewPage {
  std::vector<PageFile> files;  // everything but lottie-web and status.js; data.js comes last
  std::string build;            // identifies this content: the page reloads when status.js names another
  PreviewWork work;
};

// Flipbooks of the previous build, by the exact scene they show (render/scene/scene_key.h), so a
// rebuild draws only what an edit changed: a light-only edit leaves every strong flipbook alone,
// an edit to one theme's colours leaves the other theme's. It holds the last successful build's
// flipbooks only; a build that fails leaves it as it was.
class PreviewCache {
 public:
  // The PNG of `key`, if the last build had it.
  const std::string* find(const std::string& key) const;
  // Replaces the entries with a finished build's.
  void replace(std::map<std::string, std::string> entries) { entries_ = std::move(entries); }

 private:
  std::map<std::string, std::string> entries_;
};

// The page for `spec`. Deterministic: the same spec and options give the same bytes, cache or not.
// std::invalid_argument when the size is outside [kMinPreviewSize, kMaxPreviewSize].
PreviewPage preview_page(const spec::IconSpec& spec, const PreviewPageOptions& options, PreviewCache* cache = nullptr);

// status.js: which build is current and the last error (empty: none). Watching pages poll it;
// served pages (`serving`) hear of builds from the server's event stream instead.
std::string preview_status_script(bool watching, std::string_view build, std::string_view error, bool serving = false);

}  // namespace iconsynth::render
