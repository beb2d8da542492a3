#pragma once
// A golden set under review: the check it starts with (its report is the page), Accept and Undo
// accept as the page asks for them, and what the set's check says after each. Apart from HTTP, so
// it can be tested and driven alone (review_server.h serves it).
//
//   Accept        writes exactly what `golden update --only SELECTOR…` writes (or, as another
//                 platform's image, `--only … --add`), then checks the whole set again;
//   Undo accept   puts back every byte the latest accept changed, added or removed, then checks
//                 again.
//
// Writes go through the server core's file rules (render/serve/writable_files.h), with the set's
// folder as the one folder written: nothing outside it, each file whole, and never over bytes that
// changed on disk since the review read or wrote them. So an accept is refused when the set changed
// on disk since (another `golden update`, a checkout), and an undo when the accept's files did;
// either is refused whole, before any file is written.

#include "render/golden/golden_accept.h"
#include "render/serve/writable_files.h"

#include <Eigen/Core>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace iconsynth::render::review {

struct ReviewOptions {
  std::filesystem::path dir;  // the set's folder
  // For the commands the page shows, each as a POSIX shell reads it (golden_report.h):
  std::string set_dir;    // the folder as the user named it
  std::string spec_args;  // the spec as options
  golden::Renderer renderer;                             // what renders now: labels the images an accept writes
  Eigen::Vector2d offset_px = Eigen::Vector2d::Zero();  // shift renderings (another platform's drift, in tests)
};

// How an accept takes what renders now: in place of the accepted images, or beside them as another
// platform's (the spec must be the set's: only the renderer differs).
enum class AcceptAs { Replacement, AnotherPlatform };

// A request the review refuses; `status` is what a route answers with: 400 (a bad request: no such
// variant, an accept as another platform's image of a changed spec), 409 (the files changed on
// disk, or a later accept must be undone first), 403 (a file outside the set).
using Refused = serve::WriteRefused;

class ReviewSession {
 public:
  // Reads the set in options.dir and checks `spec` against it. std::invalid_argument when there is
  // no set there or its manifest is malformed.
  ReviewSession(spec::IconSpec spec, ReviewOptions options);

  // The check the review started with: the page shows its report.
  const golden::CheckReport& first_check() const { return first_; }
  // The page's files by their path in it ("index.html", "report.js", "img/…"): the report of the
  // first check with the review's script and style.
  const std::map<std::string, std::string>& page_files() const { return page_; }

  // Accepts what `selectors` name (golden ids, build ids, animation ids, the bundle's file name) and
  // checks the set again. Returns what it did ("accepted a, b: 4 files changed, 0 added, 0 removed").
  // Refused (400, 409; see above), nothing written; IoError when a file cannot be written, the
  // files written before it put back.
  std::string accept(const std::vector<std::string>& selectors, AcceptAs as);
  // Undoes accept `id`, which must be the latest not undone, and checks again. Returns what it did.
  // Refused: no such accept (404), a later one not undone (409), the accept's files changed on disk
  // since (409, naming them); nothing written.
  std::string undo(int id);

  // What the set's check says now, for the page:
  //   {"passed": bool, "variants": {ID: {"passed": bool, "failure": "frame count: frames 90 → 92"}},
  //    "bundle": {"name": "gpu-cluster.lottie", "passed": bool}, "addable": bool (the spec is the
  //    set's: accepting as another platform's image applies), "accepts": [{"id", "variants", "as",
  //    "files"}, …] (oldest first; the last is the one to undo)}
  nlohmann::json state() const;

 private:
  struct Accepted {
    int id;
    std::vector<std::string> selectors;
    AcceptAs as;
    golden::FileSnapshot before;          // every file it wrote or removed, as it was
    golden::FileSnapshot after;           // the same files as it left them
    std::vector<std::string> changes;     // "changed png/…", in set order
  };

  golden::FileWriter guarded_writer();
  std::vector<std::string> changed_since_read(const golden::FileSnapshot& disk) const;
  void check_again();
  static nlohmann::json verdicts_of(const golden::CheckReport& report);
  std::string relative(const std::filesystem::path& path) const;

  spec::IconSpec spec_;
  ReviewOptions options_;  // dir absolute
  golden::CheckReport first_;
  std::map<std::string, std::string> page_;

  mutable std::mutex mutex_;  // everything below
  serve::WritableFiles files_;
  std::map<std::filesystem::path, std::optional<std::string>> known_;  // sha256 of each file as read or written; nullopt: none there
  std::vector<Accepted> accepts_;
  int next_id_ = 1;
  nlohmann::json verdicts_;  // the latest check's, as state() gives them
};

// "replacement", "another-platform": as the page names them.
std::string_view accept_as_name(AcceptAs as);
// The AcceptAs `name` names; std::invalid_argument otherwise.
AcceptAs accept_as_named(std::string_view name);

}  // namespace iconsynth::render::review
