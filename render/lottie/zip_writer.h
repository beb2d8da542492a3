#pragma once
// Builds a ZIP archive in memory with libzip: entries in the given order, deflated, with a fixed
// timestamp and fixed attributes, so the same entries always give the same bytes.

#include <string>
#include <vector>

namespace iconsynth::render::lottie {

struct ZipEntry {
  std::string name;   // path inside the archive, '/'-separated
  std::string bytes;
};

// The archive's bytes; std::runtime_error with libzip's message on failure.
std::string write_zip(const std::vector<ZipEntry>& entries);

}  // namespace iconsynth::render::lottie
