#pragma once
// What a served page may write, and how: the server's file rules, apart from HTTP so they can be
// tested and reused. A page may write
//
//   * a file the server was started on (open()), or
//   * a new file it names in the folder the server started in (admit()): a plain name with one
//     of the page's extensions, never a folder, never outside, never over an existing file unless
//     the person confirmed it;
//
// and each write is atomic (temp file + rename) and refused when the file's bytes on disk are not
// the ones the page last read or wrote (their SHA-256), so an edit made meanwhile in a text
// editor is never overwritten unseen.

#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace iconsynth::render::serve {

// A write the rules refuse: `status` is the HTTP status a route answers with (403: not allowed;
// 409: the file changed on disk, or exists and overwriting it was not confirmed).
struct WriteRefused : std::runtime_error {
  WriteRefused(int status, const std::string& why) : std::runtime_error(why), status(status) {}
  int status;
};

// A file's bytes as read or written, and their hash.
struct FileVersion {
  std::filesystem::path path;  // absolute
  std::string bytes;
  std::string hash;  // SHA-256, lower-case hex
};

class WritableFiles {
 public:
  // `start_folder`: where new files may be made.
  explicit WritableFiles(std::filesystem::path start_folder);

  // Allows writing `file` (one the server was started on) and reads it; IoError when it cannot
  // be read.
  FileVersion open(const std::filesystem::path& file);

  // Allows writing a new file named `name` in the start folder and returns its path. Refused:
  // anything but a plain name ending in one of `extensions` (".json"), a name that leads outside
  // (a link), and, unless `overwrite` (the person confirmed), a name that exists (409).
  std::filesystem::path admit(std::string_view name, const std::vector<std::string>& extensions, bool overwrite);

  // Allows writing or removing `file`, which the server chose (never a name a page sent): it must
  // lie inside the start folder once links are resolved, and not be a link itself (403).
  void allow(const std::filesystem::path& file);

  // Writes `bytes` over an allowed file, atomically, when its bytes on disk hash to `expected_hash`
  // ("" for a file admitted new: it must still not exist, unless admitted to overwrite). Returns
  // what is on disk now. WriteRefused when the file is not allowed (403) or changed (409).
  FileVersion write(const std::filesystem::path& file, std::string_view bytes, const std::string& expected_hash);

  // Removes an allowed file when its bytes on disk hash to `expected_hash`. WriteRefused as write():
  // not allowed (403), gone or changed since it was read (409).
  void remove(const std::filesystem::path& file, const std::string& expected_hash);

  // What is on disk now (bytes and hash); nullopt when it cannot be read.
  static std::optional<FileVersion> read(const std::filesystem::path& file);

  const std::filesystem::path& start_folder() const { return start_; }

 private:
  std::filesystem::path start_;
  std::mutex mutex_;
  std::map<std::filesystem::path, bool> allowed_;  // absolute path → may replace a file it never read
};

// SHA-256 of bytes, lower-case hex.
std::string content_hash(std::string_view bytes);

}  // namespace iconsynth::render::serve
