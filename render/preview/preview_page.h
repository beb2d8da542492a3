#pragma once
// The preview page for tweaking choreography: for every style x motion, the exported Lottie playing
// in lottie-web beside our Cairo frames as a flipbook, one transport for both, slot-driven pickers for
// the Lottie side, and the motion plot. The page is static files that work opened from disk; the
// static parts (render/preview/page/) are compiled in, the rest is made here from the spec.

#include "spec/icon_spec.h"

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

struct PreviewPage {
  std::vector<PageFile> files;  // everything but lottie-web and status.js; data.js comes last
  std::string build;            // identifies this content: the page reloads when status.js names another
};

// The page for `spec`. Deterministic: the same spec and options give the same bytes.
// std::invalid_argument when the size is outside [kMinPreviewSize, kMaxPreviewSize].
PreviewPage preview_page(const spec::IconSpec& spec, const PreviewPageOptions& options);

// status.js: which build is current and the last error (empty: none). Watching pages poll it.
std::string preview_status_script(bool watching, std::string_view build, std::string_view error);

}  // namespace iconsynth::render
