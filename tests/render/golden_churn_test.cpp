// No churn: updating a golden set rewrites a frame only when its rendering is outside tolerance of
// the accepted one. In a git work tree: an update of the unchanged tree, or after a 1/64 px drift,
// leaves `git status` clean; a real change dirties only the changed variants' files.
#include "golden_support.h"

#include "render/golden/golden_accept.h"
#include "spec/loader.h"

#include <catch2/catch.hpp>

#include <set>
#include <sstream>

using namespace iconsynth;
using namespace iconsynth::render::golden;
namespace fs = std::filesystem;

namespace {

// `git` in `repo`; its output, or the test fails with what it said.
std::string git(const fs::path& repo, const std::string& args) {
  const auto r = test::run_command("git -C '" + repo.string() + "' -c user.name=test -c user.email=test@example.com " + args, repo.parent_path());
  INFO("git " << args << "\n" << r.out << r.err);
  REQUIRE(r.exit_code == 0);
  return r.out;
}

// The files `git status` names, as "XY path" lines.
std::set<std::string> git_status(const fs::path& repo) {
  std::set<std::string> out;
  std::istringstream lines(git(repo, "status --porcelain --untracked-files=all"));
  for (std::string line; std::getline(lines, line);) out.insert(line);
  return out;
}

GoldenUpdate drifted(const fs::path& set, bool rewrite) {
  UpdateOptions options;
  options.renderer = current_renderer(ICONSYNTH_VERSION);
  options.offset_px = Eigen::Vector2d::Constant(1.0 / 64);
  options.rewrite = rewrite;
  return plan_update(spec::load_spec_text(spec::builtin_spec_text()), set, options);
}

}  // namespace

TEST_CASE("Update of an unchanged tree or after a 1/64 px drift leaves git clean, and a real change dirties only its variants", "[golden]") {
  const fs::path work = test::copy_of_golden("golden-churn");
  const fs::path set = work / "set";
  git(set, "init -q");
  git(set, "add -A");
  git(set, "commit -q -m golden");

  const auto unchanged = test::run_cli("golden update --dir " + set.string(), work);
  INFO(unchanged.out << unchanged.err);
  REQUIRE(unchanged.exit_code == 0);
  CHECK(git_status(set).empty());

  // Every frame drawn a 64th of a pixel off: pixels move, but within tolerance, so nothing is written.
  const GoldenUpdate drift = drifted(set, false);
  CHECK(drift.frames.within > 0);
  CHECK(drift.frames.rewritten == 0);
  CHECK(drift.writes.empty());
  CHECK(drift.removals.empty());
  apply_update(drift);
  CHECK(git_status(set).empty());
  // --rewrite would have rewritten those frames: the tolerance is what kept them.
  const GoldenUpdate forced = drifted(set, true);
  CHECK(forced.frames.kept + forced.frames.within == 0);
  CHECK(forced.frames.rewritten == drift.frames.kept + drift.frames.within);
  CHECK(forced.writes.size() == 36 + 1);  // every sheet, and golden.json

  // A real change: the strong swell 2 % larger. Only the strong variants' files, the bundle and
  // the manifest change.
  const auto changed = test::run_cli("golden update --dir " + set.string() + " --set motions.strong.timeline.sequence.1.exchange.swell.scale=1.224", work);
  REQUIRE(changed.exit_code == 0);
  std::set<std::string> expected{" M golden.json", " M gpu-cluster.lottie"};
  for (const char* style : {"outline", "solid", "duotone"}) {
    for (const char* theme : {"light", "dark"}) {
      for (const char* weight : {"1.5", "2", "2.5"}) {
        const std::string id = std::string(style) + "-strong-" + theme + "-w" + weight;
        expected.insert(" M png/" + id + ".png");
        expected.insert(" M lottie/" + id + ".json");
      }
    }
  }
  CHECK(git_status(set) == expected);
}
