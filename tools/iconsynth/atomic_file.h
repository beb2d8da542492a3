#pragma once
// Files appear whole or not at all: bytes go to a temporary file beside the target, which is
// flushed and renamed over it. A reader never sees a half-written asset.

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace iconsynth::cli {

// An operation on files failed (exit code 1): the message names the path and the reason.
struct IoError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Writes `bytes` to `path` atomically, creating parent folders; IoError on failure (no temp file is left).
void write_file_atomically(const std::filesystem::path& path, std::string_view bytes);

// The whole file, or std::nullopt when it cannot be read (missing, a folder, no permission).
std::optional<std::string> read_whole_file(const std::filesystem::path& path);

// Creates `dir` (and parents) if needed; IoError if it exists as a non-folder or cannot be made.
void ensure_directory(const std::filesystem::path& dir);

}  // namespace iconsynth::cli
