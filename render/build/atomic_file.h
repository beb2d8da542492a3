#pragma once
// Files appear whole or not at all: bytes go to a temporary file beside the target, which is
// flushed and renamed over it. A reader never sees a half-written asset.

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace iconsynth::render::build {

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

// Writes `bytes` to `path` (a new file in a folder that exists) and flushes it to disk, without the
// temporary name: for files inside a staging folder that appears whole when it is swapped in.
// IoError naming the path on failure (a partial file may stay, inside the staging folder).
void write_new_file(const std::filesystem::path& path, std::string_view bytes);

}  // namespace iconsynth::render::build
