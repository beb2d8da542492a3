#pragma once
// The page's hand-written files (render/preview/page/), compiled in by CMake so the CLI needs no
// data folder at run time.

#include <span>
#include <string_view>

namespace iconsynth::render {

struct PageAsset {
  std::string_view name;  // path inside the page folder
  std::string_view text;
};

std::span<const PageAsset> static_page_assets();

}  // namespace iconsynth::render
