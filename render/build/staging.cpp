#include "render/build/staging.h"

#include "render/build/atomic_file.h"
#include "render/build/manifest.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>

namespace iconsynth::render::build {

namespace fs = std::filesystem;

namespace {

// Staging folders are named after their target: ".out.staging-" and mkdtemp's six characters.
std::string staging_prefix(const fs::path& target) {
  std::string prefix(1, '.');  // appended, not "." + …: GCC 12 reports a false -Wrestrict on that
  prefix += target.filename().string();
  prefix += ".staging-";
  return prefix;
}

fs::path resolved(const fs::path& path) {
  std::error_code ec;
  const fs::path out = fs::weakly_canonical(fs::absolute(path), ec);
  return ec ? fs::absolute(path).lexically_normal() : out;
}

// Whether `inner` is `outer` or lies inside it.
bool within(const fs::path& inner, const fs::path& outer) {
  auto o = outer.begin(), i = inner.begin();
  for (; o != outer.end(); ++o, ++i) {
    if (i == inner.end() || *o != *i) return false;
  }
  return true;
}

// The first entry under `target` that its manifest does not account for, or "".
std::string unlisted_entry(const fs::path& target, const Manifest& manifest) {
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(target, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    const std::string relative = it->path().lexically_relative(target).generic_string();
    if (it->is_symlink()) return relative;
    if (it->is_directory()) {
      bool holds_listed = false;
      for (const ManifestFile& f : manifest.files) holds_listed = holds_listed || f.path.rfind(relative + "/", 0) == 0;
      if (!holds_listed) return relative + "/";
      continue;
    }
    if (relative != kManifestName && manifest.find(relative) == nullptr) return relative;
  }
  return ec ? "(unreadable: " + ec.message() + ")" : "";
}

}  // namespace

namespace {

// What refuses replacing `target` whoever owns it, or "": a link, a folder holding the current
// one or `keep`, a file. `settled` is set when nothing more need be asked (missing, empty, forced).
std::string unsafe_target(const fs::path& target, bool force, const fs::path& keep, std::string_view command, bool& settled) {
  const std::string named = target.string(), whole = "; " + std::string(command) + " replaces its folder whole";
  settled = false;
  std::error_code ec;
  const fs::file_status status = fs::symlink_status(target, ec);
  if (fs::is_symlink(status)) return named + " is a symbolic link" + whole + ": name the folder itself";
  const fs::path where = resolved(target);
  if (within(resolved(fs::current_path()), where)) return named + " holds the current folder" + whole + ": choose another";
  if (!keep.empty() && within(resolved(keep), where)) return named + " holds " + keep.string() + whole + ": choose another";
  if (!fs::exists(status)) return settled = true, "";
  if (!fs::is_directory(status)) return named + " exists and is not a folder";
  settled = force || fs::is_empty(target, ec);
  return "";
}

std::string how_to_force(std::string_view command, std::string_view option) {
  return "; " + std::string(command) + " replaces its folder whole: pass --force to replace it anyway, or choose another " + std::string(option);
}

}  // namespace

std::string replace_refusal(const fs::path& target, const std::string& spec_id, bool force, const fs::path& keep) {
  bool settled = false;
  if (std::string unsafe = unsafe_target(target, force, keep, "build", settled); !unsafe.empty() || settled) return unsafe;
  const std::string named = target.string(), how = how_to_force("build", "--out");
  Manifest manifest;
  try {
    manifest = read_manifest(target);
  } catch (const std::invalid_argument& e) {
    return named + " holds files no build wrote (" + e.what() + ")" + how;
  }
  if (manifest.spec_id != spec_id) return named + " holds the build of " + manifest.spec_id + ", not of " + spec_id + how;
  const std::string stranger = unlisted_entry(target, manifest);
  if (!stranger.empty()) return named + " holds " + stranger + ", which its build did not write" + how;
  return "";
}

std::string replace_refusal(const fs::path& target, const std::set<std::string>& ours, bool force, std::string_view command,
                            std::string_view option) {
  bool settled = false;
  if (std::string unsafe = unsafe_target(target, force, {}, command, settled); !unsafe.empty() || settled) return unsafe;
  // A folder is ours when a path of ours lies inside it ("masters/" for "masters/x.lottie").
  const auto our_folder = [&](const std::string& name) {
    const auto at = ours.lower_bound(name + "/");
    return at != ours.end() && at->rfind(name + "/", 0) == 0;
  };
  std::error_code ec;
  for (auto e = fs::recursive_directory_iterator(target, ec); !ec && e != fs::recursive_directory_iterator(); e.increment(ec)) {
    const std::string name = e->path().lexically_relative(target).generic_string();
    const bool folder = !e->is_symlink() && e->is_directory();
    if (folder ? !our_folder(name) : e->is_symlink() || !e->is_regular_file() || !ours.contains(name)) {
      return target.string() + " holds " + name + (folder ? "/" : "") + ", which " + std::string(command) + " does not write" +
             how_to_force(command, option);
    }
  }
  return ec ? target.string() + " cannot be read: " + ec.message() : "";
}

StagingFolder::StagingFolder(fs::path target) : target_(std::move(target)) {
  // "out/" is the folder "out": its parent is the folder's own, not the folder (staging inside the
  // target could never be swapped with it).
  target_ = target_.lexically_normal();
  if (!target_.has_filename() && target_.has_relative_path()) target_ = target_.parent_path();
  const fs::path parent = target_.has_parent_path() ? target_.parent_path() : fs::path(".");
  ensure_directory(parent);
  // A killed build leaves its staging folder: nothing else is named like one.
  const std::string prefix = staging_prefix(target_);
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(parent, ec)) {
    const std::string name = e.path().filename().string();
    if (name.size() == prefix.size() + 6 && name.rfind(prefix, 0) == 0 && e.is_directory()) fs::remove_all(e.path(), ec);
  }
  std::string name = (parent / (prefix + "XXXXXX")).string();
  if (::mkdtemp(name.data()) == nullptr) throw IoError("cannot create a staging folder beside " + target_.string() + ": " + std::strerror(errno));
  staging_ = name;
  // mkdtemp makes it 0700; the build is meant to be shared, as files are.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  ::chmod(staging_.c_str(), 0777 & ~mask);
}

StagingFolder::~StagingFolder() {
  if (committed_) return;
  std::error_code ec;
  fs::remove_all(staging_, ec);
}

void StagingFolder::write(const std::string& relative, std::string_view bytes) const {
  const fs::path path = staging_ / relative;
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  if (ec) throw IoError("cannot write " + (target_ / relative).string() + ": " + ec.message());
  try {
    write_new_file(path, bytes);
  } catch (const IoError& e) {
    // Name the file the user asked for, not its staging path.
    std::string what = e.what();
    const std::string staged = path.string();
    if (const std::size_t at = what.find(staged); at != std::string::npos) what.replace(at, staged.size(), (target_ / relative).string());
    throw IoError(what);
  }
}

std::string StagingFolder::commit() {
  std::error_code ec;
  const bool replacing = fs::exists(fs::symlink_status(target_, ec));
  if (!replacing) {
    if (::rename(staging_.c_str(), target_.c_str()) != 0) throw IoError("cannot move the build into " + target_.string() + ": " + std::strerror(errno));
    committed_ = true;
    return "";
  }
  if (::renameat2(AT_FDCWD, staging_.c_str(), AT_FDCWD, target_.c_str(), RENAME_EXCHANGE) != 0) {
    if (errno != EINVAL && errno != ENOSYS) throw IoError("cannot swap the build into " + target_.string() + ": " + std::strerror(errno));
    // A file system without exchange: the previous build steps aside first, and comes back if the new one cannot go in.
    const fs::path aside = staging_.string() + "-previous";
    if (::rename(target_.c_str(), aside.c_str()) != 0) throw IoError("cannot move " + target_.string() + " aside: " + std::strerror(errno));
    if (::rename(staging_.c_str(), target_.c_str()) != 0) {
      const std::string why = std::strerror(errno);
      ::rename(aside.c_str(), target_.c_str());
      throw IoError("cannot move the build into " + target_.string() + ": " + why);
    }
    staging_ = aside;
  }
  committed_ = true;
  // The staging name now holds the previous build.
  fs::remove_all(staging_, ec);
  return ec ? "the previous build is left in " + staging_.string() + " (" + ec.message() + ")" : "";
}

}  // namespace iconsynth::render::build
