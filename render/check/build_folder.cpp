#include "render/check/build_folder.h"

#include "render/golden/sha256.h"

#include <fstream>
#include <sstream>

namespace iconsynth::render::check {

namespace fs = std::filesystem;

bool is_build_folder(const fs::path& dir) {
  std::error_code ec;
  return fs::is_directory(dir, ec) && fs::exists(dir / build::kManifestName, ec);
}

std::vector<BuildFileProblem> verify_build_files(const fs::path& dir, const build::Manifest& manifest) {
  std::vector<BuildFileProblem> problems;
  for (const build::ManifestFile& f : manifest.files) {
    const fs::path path = dir / f.path;
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) {
      problems.push_back({f.path, "missing"});
      continue;
    }
    std::ifstream in(path, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    if (!in && !in.eof()) {
      problems.push_back({f.path, "unreadable"});
      continue;
    }
    const std::string text = bytes.str();
    if (text.size() != f.bytes) {
      problems.push_back({f.path, std::to_string(text.size()) + " bytes, the manifest says " + std::to_string(f.bytes)});
      continue;
    }
    // The same size with other bytes: a file edited in place.
    if (const std::string sha = golden::sha256_hex(text); sha != f.sha256) {
      problems.push_back({f.path, "sha256 " + sha.substr(0, 12) + "…, the manifest says " + f.sha256.substr(0, 12) + "…"});
    }
  }
  return problems;
}

std::vector<const build::ManifestFile*> playable_files(const build::Manifest& manifest) {
  std::vector<const build::ManifestFile*> files = manifest.of_kind("bundle");
  for (const build::ManifestFile* f : manifest.of_kind("lottie")) files.push_back(f);
  return files;
}

}  // namespace iconsynth::render::check
