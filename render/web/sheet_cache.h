#pragma once
// Raster masters' sheets kept between runs: libwebp's lossless coder is most of what `build`
// spends on them, and the same coverage comes back at every build of an unchanged spec (each
// test that builds, each rebuild). A sheet is kept under a hash of its pixels and the coder's
// version and settings, and a kept one is used only if it decodes to exactly those pixels, so
// what the cache holds never changes an output.
//
// The folder: $ICONSYNTH_SHEET_CACHE (empty: no cache), else $XDG_CACHE_HOME/iconsynth/sheets,
// else ~/.cache/iconsynth/sheets. A folder that cannot be read or written is no cache.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace iconsynth::render::web {

// The cache's folder, if there is one.
std::optional<std::filesystem::path> sheet_cache_folder();

// encode_grey_webp(pixels, width, height) (grey_webp.h), kept in the cache; the same bytes either way.
std::string cached_grey_webp(const std::vector<unsigned char>& pixels, int width, int height);

}  // namespace iconsynth::render::web
