#include "render/build/atomic_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace iconsynth::render::build {

namespace fs = std::filesystem;

namespace {
std::string reason() { return std::strerror(errno); }
}  // namespace

std::optional<std::string> read_whole_file(const fs::path& path) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (in.bad()) return std::nullopt;
  return bytes;
}

void ensure_directory(const fs::path& dir) {
  std::error_code ec;
  if (fs::is_directory(dir, ec)) return;
  if (fs::exists(dir, ec)) throw IoError("cannot write into " + dir.string() + ": it exists and is not a folder");
  fs::create_directories(dir, ec);
  if (ec) throw IoError("cannot create folder " + dir.string() + ": " + ec.message());
}

namespace {

// Writes all of `bytes` to `fd`, sets the umask's permissions, flushes and closes it; on failure
// closes it, unlinks `unlink_on_failure` and throws IoError naming `path`.
void write_and_close(int fd, std::string_view bytes, const fs::path& path, const std::string& unlink_on_failure) {
  const auto fail = [&](const std::string& what, bool open) {
    const std::string why = reason();
    if (open) ::close(fd);
    ::unlink(unlink_on_failure.c_str());
    throw IoError("cannot write " + path.string() + ": " + what + ": " + why);
  };
  std::size_t written = 0;
  while (written < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail("write", true);
    }
    written += static_cast<std::size_t>(n);
  }
  // Assets are meant to be shared: honour the umask instead of mkstemp's 0600.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  if (::fchmod(fd, 0666 & ~mask) != 0) fail("chmod", true);
  if (::fsync(fd) != 0) fail("fsync", true);
  if (::close(fd) != 0) fail("close", false);
}

}  // namespace

void write_file_atomically(const fs::path& path, std::string_view bytes) {
  const fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
  ensure_directory(dir);
  // A hidden name beside the target, so the rename stays on one file system.
  std::string temp_name = path.filename().string();
  temp_name.insert(0, 1, '.');
  temp_name.append(".tmp-XXXXXX");
  std::string temp = (dir / temp_name).string();
  const int fd = ::mkstemp(temp.data());
  if (fd < 0) throw IoError("cannot write " + path.string() + ": " + reason());
  write_and_close(fd, bytes, path, temp);
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    const std::string why = reason();
    ::unlink(temp.c_str());
    throw IoError("cannot write " + path.string() + ": rename: " + why);
  }
}

void write_new_file(const fs::path& path, std::string_view bytes) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) throw IoError("cannot write " + path.string() + ": " + reason());
  write_and_close(fd, bytes, path, path.string());
}

}  // namespace iconsynth::render::build
