#pragma once
// Reads a ZIP archive from memory with libzip, refusing what a hostile archive could do to us:
// too many entries, too many bytes once inflated (zip bombs), names that climb out of the
// archive ("..", absolute paths), and entries that do not inflate to their declared size.

#include "render/lottie/zip_writer.h"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace iconsynth::render::lottie {

struct ZipLimits {
  std::uint64_t max_total_bytes = 64ull << 20;  // all entries inflated together
  std::size_t max_entries = 1000;
};

// A malformed or hostile archive; the message says what and which entry.
struct ZipError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Every file entry (folders skipped), in archive order.
std::vector<ZipEntry> read_zip(const std::string& bytes, const ZipLimits& limits = {});

}  // namespace iconsynth::render::lottie
