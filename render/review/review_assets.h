#pragma once
// The served review's hand-written files (render/review/page/), compiled in by CMake so the CLI
// needs no data folder at run time.

#include <span>
#include <string_view>

namespace iconsynth::render::review {

struct ReviewAsset {
  std::string_view name;  // path inside the page
  std::string_view text;
};

// review.css and review.js: what the report's page loads when it is served for review.
std::span<const ReviewAsset> review_assets();

}  // namespace iconsynth::render::review
