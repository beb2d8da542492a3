#pragma once
// Waits for a file to be saved, with inotify (no polling). It watches the file's folder, so a save
// by rename (what most editors do) is seen as well as a write in place, and a file that does not
// exist yet is seen when it appears.

#include <chrono>
#include <filesystem>

namespace iconsynth::render {

class FileWatcher {
 public:
  // IoError when inotify cannot watch the file's folder.
  explicit FileWatcher(const std::filesystem::path& file);
  ~FileWatcher();
  FileWatcher(const FileWatcher&) = delete;
  FileWatcher& operator=(const FileWatcher&) = delete;

  // True as soon as the file was written and closed, moved or created in its place; false when
  // `timeout` passed without that (so callers can check for a stop request between waits).
  bool wait(std::chrono::milliseconds timeout);

 private:
  int fd_ = -1;
  std::string name_;  // the file's name inside the watched folder
};

}  // namespace iconsynth::render
