#include "render/serve/writable_files.h"

#include "render/build/atomic_file.h"
#include "render/golden/sha256.h"

#include <algorithm>

namespace iconsynth::render::serve {

namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxNameBytes = 200;

fs::path normal(const fs::path& file) {
  std::error_code ec;
  const fs::path absolute = fs::absolute(file, ec);
  const fs::path resolved = fs::weakly_canonical(ec ? file : absolute, ec);
  return ec ? absolute.lexically_normal() : resolved;
}

bool inside(const fs::path& folder, const fs::path& file) {
  const fs::path relative = file.lexically_relative(folder);
  return !relative.empty() && *relative.begin() != ".." && relative.is_relative() && relative != ".";
}

}  // namespace

std::string content_hash(std::string_view bytes) { return golden::sha256_hex(bytes); }

WritableFiles::WritableFiles(fs::path start_folder) : start_(normal(start_folder)) {}

std::optional<FileVersion> WritableFiles::read(const fs::path& file) {
  const std::optional<std::string> bytes = build::read_whole_file(file);
  if (!bytes) return std::nullopt;
  return FileVersion{normal(file), *bytes, content_hash(*bytes)};
}

FileVersion WritableFiles::open(const fs::path& file) {
  const std::optional<FileVersion> version = read(file);
  if (!version) throw build::IoError("cannot read " + file.string());
  std::lock_guard<std::mutex> lock(mutex_);
  allowed_[version->path] = false;
  return *version;
}

fs::path WritableFiles::admit(std::string_view name, const std::vector<std::string>& extensions, bool overwrite) {
  const std::string shown(name.substr(0, kMaxNameBytes));
  const bool plain = !name.empty() && name.size() <= kMaxNameBytes && name.front() != '.' &&
                     std::none_of(name.begin(), name.end(), [](char c) {
                       return c == '/' || c == '\\' || static_cast<unsigned char>(c) < 0x20 || c == 0x7f;
                     });
  if (!plain) throw WriteRefused(403, "\"" + shown + "\" is not a plain file name in " + start_.string());
  const bool named = std::any_of(extensions.begin(), extensions.end(), [&](const std::string& e) {
    return name.size() > e.size() && name.ends_with(e);
  });
  if (!named) throw WriteRefused(403, "\"" + shown + "\" must end in " + (extensions.empty() ? std::string("?") : extensions.front()));
  const fs::path path = start_ / std::string(name);
  std::error_code ec;
  const fs::file_status link = fs::symlink_status(path, ec);
  if (fs::is_symlink(link)) throw WriteRefused(403, path.string() + " is a link; write the file it names instead");
  if (!inside(start_, normal(path))) throw WriteRefused(403, path.string() + " is outside " + start_.string());
  if (fs::exists(link)) {
    if (!fs::is_regular_file(link)) throw WriteRefused(403, path.string() + " exists and is not a file");
    if (!overwrite) throw WriteRefused(409, path.string() + " exists; confirm to replace it");
  }
  std::lock_guard<std::mutex> lock(mutex_);
  allowed_[path] = overwrite;
  return path;
}

void WritableFiles::allow(const fs::path& file) {
  const fs::path path = normal(file);
  std::error_code ec;
  if (fs::is_symlink(fs::symlink_status(fs::absolute(file, ec), ec))) throw WriteRefused(403, file.string() + " is a link");
  if (!inside(start_, path)) throw WriteRefused(403, file.string() + " is outside " + start_.string());
  std::lock_guard<std::mutex> lock(mutex_);
  allowed_.try_emplace(path, false);
}

FileVersion WritableFiles::write(const fs::path& file, std::string_view bytes, const std::string& expected_hash) {
  const fs::path path = normal(file);
  std::lock_guard<std::mutex> lock(mutex_);
  const auto allowed = allowed_.find(path);
  if (allowed == allowed_.end()) throw WriteRefused(403, path.string() + " is not a file this page may write");
  const std::optional<FileVersion> now = read(path);
  if (expected_hash.empty()) {
    if (now && !allowed->second) throw WriteRefused(409, path.string() + " exists; confirm to replace it");
  } else if (!now) {
    throw WriteRefused(409, path.string() + " is gone from disk since it was read");
  } else if (now->hash != expected_hash) {
    throw WriteRefused(409, path.string() + " changed on disk since it was read");
  }
  build::write_file_atomically(path, bytes);
  allowed->second = false;  // from now on a file whose bytes are known
  return FileVersion{path, std::string(bytes), content_hash(bytes)};
}

void WritableFiles::remove(const fs::path& file, const std::string& expected_hash) {
  const fs::path path = normal(file);
  std::lock_guard<std::mutex> lock(mutex_);
  const auto allowed = allowed_.find(path);
  if (allowed == allowed_.end()) throw WriteRefused(403, path.string() + " is not a file this page may remove");
  const std::optional<FileVersion> now = read(path);
  if (!now) throw WriteRefused(409, path.string() + " is gone from disk since it was read");
  if (now->hash != expected_hash) throw WriteRefused(409, path.string() + " changed on disk since it was read");
  std::error_code ec;
  if (!fs::remove(path, ec) || ec) throw build::IoError("cannot remove " + path.string() + (ec ? ": " + ec.message() : ""));
  allowed->second = false;
}

}  // namespace iconsynth::render::serve
