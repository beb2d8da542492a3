#include "render/web/sheet_cache.h"

#include "render/web/grey_webp.h"

#include <webp/encode.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <unistd.h>

namespace iconsynth::render::web {

namespace fs = std::filesystem;

namespace {

std::string env(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

// FNV-1a, 64 bits: a name for the pixels, not a proof of them (a kept sheet is decoded and compared).
std::uint64_t fnv1a(std::uint64_t hash, const void* data, std::size_t size) {
  for (std::size_t i = 0; i < size; ++i) hash = (hash ^ static_cast<const unsigned char*>(data)[i]) * 0x100000001b3ull;
  return hash;
}

std::string key_of(const std::vector<unsigned char>& pixels, int width, int height) {
  const std::int64_t header[] = {width, height, WebPGetEncoderVersion(), kGreyWebpMethod, static_cast<std::int64_t>(kGreyWebpQuality * 1000)};
  std::uint64_t hash = fnv1a(0xcbf29ce484222325ull, header, sizeof header);
  hash = fnv1a(hash, pixels.data(), pixels.size());
  char name[32];
  std::snprintf(name, sizeof name, "%016llx.webp", static_cast<unsigned long long>(hash));
  return name;
}

std::optional<std::string> kept(const fs::path& file, const std::vector<unsigned char>& pixels, int width, int height) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream bytes;
  bytes << in.rdbuf();
  try {
    const GreyImage image = decode_grey_webp(bytes.str());
    if (image.width == width && image.height == height && image.pixels == pixels) return bytes.str();
  } catch (const std::invalid_argument&) {
  }
  return std::nullopt;
}

// Written beside its name and renamed onto it: a reader sees the whole sheet or none.
void keep(const fs::path& file, const std::string& bytes) {
  std::error_code error;
  fs::create_directories(file.parent_path(), error);
  if (error) return;
  std::ostringstream unique;
  unique << file.string() << '.' << getpid() << '.' << std::this_thread::get_id() << ".part";
  const fs::path part = unique.str();
  bool written = false;
  {
    std::ofstream out(part, std::ios::binary);
    written = static_cast<bool>(out << bytes) && static_cast<bool>(out.flush());
  }
  if (written) fs::rename(part, file, error);
  if (!written || error) fs::remove(part, error);
}

}  // namespace

std::optional<fs::path> sheet_cache_folder() {
  if (const char* own = std::getenv("ICONSYNTH_SHEET_CACHE")) return *own ? std::optional<fs::path>(own) : std::nullopt;
  if (!env("XDG_CACHE_HOME").empty()) return fs::path(env("XDG_CACHE_HOME")) / "iconsynth" / "sheets";
  if (!env("HOME").empty()) return fs::path(env("HOME")) / ".cache" / "iconsynth" / "sheets";
  return std::nullopt;
}

std::string cached_grey_webp(const std::vector<unsigned char>& pixels, int width, int height) {
  const std::optional<fs::path> folder = sheet_cache_folder();
  if (!folder || pixels.size() != std::size_t(width) * height) return encode_grey_webp(pixels, width, height);
  const fs::path file = *folder / key_of(pixels, width, height);
  if (std::optional<std::string> bytes = kept(file, pixels, width, height)) return *bytes;
  std::string bytes = encode_grey_webp(pixels, width, height);
  keep(file, bytes);
  return bytes;
}

}  // namespace iconsynth::render::web
