#pragma once
// A build's folder is replaced whole. Files go into a staging folder beside it
// (PARENT/.NAME.staging-XXXXXX), which is swapped in at the end with one rename (Linux's
// renameat2 RENAME_EXCHANGE), and the previous build removed after. Until that rename the folder
// holds the previous build untouched, whatever fails in between: a bad size, a full disk, a
// killed process (whose staging folder the next build removes).
//
// The folder is the build's own: it may be replaced only when it is missing, empty, or holds a
// build of the same spec and nothing else (every file listed in its manifest.json).

#include <filesystem>
#include <set>
#include <string>
#include <string_view>

namespace iconsynth::render::build {

// Why `target` may not be replaced by a build of `spec_id`, or "" when it may: a file no build
// wrote (or no manifest at all), or another spec's build. With `force` only a target that would
// take the current folder or `keep` (the spec file) with it is refused.
std::string replace_refusal(const std::filesystem::path& target, const std::string& spec_id, bool force,
                            const std::filesystem::path& keep = {});

// The same for a folder of files that `command` writes whole (export's web package): it may be
// replaced when missing, empty, or holding only the files named in `ours` (paths inside it, '/'
// between parts) and the folders they are in; a refusal names the first other entry and says to
// pass --force or choose another `option`.
std::string replace_refusal(const std::filesystem::path& target, const std::set<std::string>& ours, bool force,
                            std::string_view command, std::string_view option);

class StagingFolder {
 public:
  // Creates the staging folder beside `target` (and removes staging folders a killed build left
  // there). IoError when it cannot.
  explicit StagingFolder(std::filesystem::path target);
  ~StagingFolder();  // removes the staging folder unless it was swapped in
  StagingFolder(const StagingFolder&) = delete;
  StagingFolder& operator=(const StagingFolder&) = delete;

  const std::filesystem::path& path() const { return staging_; }

  // Writes one file of the build, `relative` to the folder ('/' between parts); IoError on failure.
  // Safe to call from several threads for different files.
  void write(const std::string& relative, std::string_view bytes) const;

  // Swaps the staging folder in for the target, then removes the previous build. Returns "" or,
  // when the previous build could not be removed, where it was left and why (the new build is in
  // place either way). IoError when the swap fails (the target is then untouched).
  std::string commit();

 private:
  std::filesystem::path target_, staging_;
  bool committed_ = false;
};

}  // namespace iconsynth::render::build
