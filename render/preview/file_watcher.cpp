#include "render/preview/file_watcher.h"

#include "render/build/atomic_file.h"

#include <poll.h>
#include <sys/inotify.h>
#include <unistd.h>

#include <climits>
#include <cerrno>
#include <cstring>

namespace iconsynth::render {

FileWatcher::FileWatcher(const std::filesystem::path& file) : name_(file.filename().string()) {
  const std::filesystem::path folder = file.has_parent_path() ? file.parent_path() : std::filesystem::path(".");
  fd_ = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  if (fd_ < 0) throw build::IoError(std::string("inotify: ") + std::strerror(errno));
  // A write in place ends with IN_CLOSE_WRITE; a save by rename is IN_MOVED_TO. IN_MODIFY would
  // fire halfway through a write, so it is not watched.
  if (inotify_add_watch(fd_, folder.c_str(), IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE) < 0) {
    const std::string reason = std::strerror(errno);
    ::close(fd_);
    throw build::IoError("cannot watch " + folder.string() + ": " + reason);
  }
}

FileWatcher::~FileWatcher() {
  if (fd_ >= 0) ::close(fd_);
}

bool FileWatcher::wait(std::chrono::milliseconds timeout) {
  pollfd p{fd_, POLLIN, 0};
  const int ready = ::poll(&p, 1, static_cast<int>(timeout.count()));
  if (ready <= 0) return false;  // timeout, or a signal (the caller checks for a stop)
  bool ours = false;
  alignas(inotify_event) char buffer[16 * (sizeof(inotify_event) + NAME_MAX + 1)];
  for (;;) {
    const ssize_t n = ::read(fd_, buffer, sizeof buffer);
    if (n <= 0) break;  // drained (EAGAIN)
    for (ssize_t at = 0; at < n;) {
      const auto* e = reinterpret_cast<const inotify_event*>(buffer + at);
      if (e->len > 0 && name_ == e->name) ours = true;
      at += static_cast<ssize_t>(sizeof(inotify_event) + e->len);
    }
  }
  return ours;
}

}  // namespace iconsynth::render
