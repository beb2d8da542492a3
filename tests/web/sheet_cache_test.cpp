// The sheets' cache (render/web/sheet_cache.h): what it holds never changes a sheet.
#include <catch2/catch.hpp>

#include "render/web/grey_webp.h"
#include "render/web/sheet_cache.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace iconsynth;
namespace fs = std::filesystem;

namespace {

// $ICONSYNTH_SHEET_CACHE set for the scope of one test, and put back.
struct CacheAt {
  explicit CacheAt(const fs::path& folder) {
    if (const char* old = std::getenv("ICONSYNTH_SHEET_CACHE")) before = old;
    setenv("ICONSYNTH_SHEET_CACHE", folder.c_str(), 1);
  }
  ~CacheAt() { before ? setenv("ICONSYNTH_SHEET_CACHE", before->c_str(), 1) : unsetenv("ICONSYNTH_SHEET_CACHE"); }
  std::optional<std::string> before;
};

std::vector<unsigned char> pixels(int width, int height, int seed) {
  std::vector<unsigned char> out(std::size_t(width) * height);
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = static_cast<unsigned char>((i * 7 + seed) % 251);
  return out;
}

}  // namespace

TEST_CASE("A sheet from the cache is the sheet encoded afresh, and a damaged one is encoded again", "[web][raster]") {
  const fs::path folder = fs::temp_directory_path() / ("iconsynth-sheet-cache-" + std::to_string(getpid()));
  fs::remove_all(folder);
  const CacheAt at(folder);
  REQUIRE(render::web::sheet_cache_folder() == folder);
  const std::vector<unsigned char> a = pixels(16, 40, 1), b = pixels(16, 40, 2);
  const std::string fresh = render::web::encode_grey_webp(a, 16, 40);
  CHECK(render::web::cached_grey_webp(a, 16, 40) == fresh);
  REQUIRE(std::distance(fs::directory_iterator(folder), fs::directory_iterator()) == 1);
  const fs::path kept = fs::directory_iterator(folder)->path();
  CHECK(render::web::cached_grey_webp(a, 16, 40) == fresh);
  // Other pixels are another sheet.
  CHECK(render::web::cached_grey_webp(b, 16, 40) == render::web::encode_grey_webp(b, 16, 40));
  CHECK(std::distance(fs::directory_iterator(folder), fs::directory_iterator()) == 2);
  // A file under the name that is not those pixels' sheet (cut short, or another's) is not used.
  std::ofstream(kept, std::ios::binary) << fresh.substr(0, fresh.size() / 2);
  CHECK(render::web::cached_grey_webp(a, 16, 40) == fresh);
  std::ofstream(kept, std::ios::binary) << render::web::encode_grey_webp(b, 16, 40);
  CHECK(render::web::cached_grey_webp(a, 16, 40) == fresh);
  // Put right by the encoding that followed.
  std::ifstream in(kept, std::ios::binary);
  CHECK(std::string(std::istreambuf_iterator<char>(in), {}) == fresh);
  fs::remove_all(folder);
}

TEST_CASE("An empty ICONSYNTH_SHEET_CACHE is no cache, and a folder that cannot be written changes nothing", "[web][raster]") {
  {
    const CacheAt at("");
    CHECK_FALSE(render::web::sheet_cache_folder());
    const std::vector<unsigned char> a = pixels(16, 16, 3);
    CHECK(render::web::cached_grey_webp(a, 16, 16) == render::web::encode_grey_webp(a, 16, 16));
  }
  const fs::path file = fs::temp_directory_path() / ("iconsynth-sheet-cache-file-" + std::to_string(getpid()));
  std::ofstream(file) << "a file, not a folder";
  const CacheAt at(file / "sheets");
  const std::vector<unsigned char> a = pixels(16, 16, 4);
  CHECK(render::web::cached_grey_webp(a, 16, 16) == render::web::encode_grey_webp(a, 16, 16));
  fs::remove(file);
}
