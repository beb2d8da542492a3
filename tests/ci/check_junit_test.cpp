// `iconsynth check --junit` and under GitHub Actions: one test case per animation and player.
#include "junit_support.h"

#include <set>

namespace fs = std::filesystem;
using iconsynth::test::run_cli;
using iconsynth::test::xpath_values;

TEST_CASE("check --junit has a case per animation and player, failures naming the worst frame, score and limits", "[ci][check]") {
  const fs::path work = iconsynth::test::scratch_dir("check-junit");
  const std::string bundle = (work / "swell.lottie").string();
  REQUIRE(run_cli("export --format dotlottie --set motions.strong.timeline.sequence.1.exchange.swell.scale=1.24 -o " + bundle, work)
              .exit_code == 0);
  const fs::path junit = work / "check.xml", summary = work / "summary.md";
  const auto r = run_cli("check " + bundle + " --player rlottie --size 48 --junit " + junit.string(), work,
                         "GITHUB_ACTIONS=true GITHUB_STEP_SUMMARY='" + summary.string() + "'");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);
  iconsynth::test::require_valid_junit(junit, work);
  CHECK(xpath_values(junit, "/testsuites/@tests") == std::vector<std::string>{"6"});
  CHECK(xpath_values(junit, "/testsuites/@failures") == std::vector<std::string>{"3"});
  const auto failing = xpath_values(junit, "//testcase[failure]/@name");
  CHECK(std::set<std::string>(failing.begin(), failing.end()) ==
        std::set<std::string>{"outline-strong (rlottie)", "solid-strong (rlottie)", "duotone-strong (rlottie)"});
  for (const std::string& message : xpath_values(junit, "//failure/@message")) {
    CHECK_THAT(message, Catch::Matches("frame \\d+: score [0-9.]+, over the limit 1 \\(edge shift [0-9.]+ px, limit 0\\.160; ink "
                                       "change [0-9.]+ levels, limit 6\\.0\\) against [a-z]+-strong, weight 2"));
  }
  CHECK(r.out.find("::error title=check of swell.lottie%3A outline-strong (rlottie)::frame ") != std::string::npos);
  CHECK(iconsynth::test::read_file(summary).find("### check of swell.lottie: **failed**\n\n6 tests: 3 passed, 3 failed") == 0);
}
