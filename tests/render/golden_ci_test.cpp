// Golden checks as CI systems and reviewers read them: JUnit XML valid against the common schema,
// GitHub annotations and job summary, and an HTML report that groups variants that changed alike.
#include "../ci/junit_support.h"
#include "golden_support.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <map>
#include <set>

namespace fs = std::filesystem;
using iconsynth::test::read_file;
using iconsynth::test::run_cli;

namespace {

const std::string kProjectGolden = std::string(ICONSYNTH_SOURCE_DIR) + "/tests/golden";
// A one-parameter change: the strong motion's first swell 2 % larger (1.2 → 1.224).
const std::string kSwellArgs = "--set motions.strong.timeline.sequence.1.exchange.swell.scale=1.224";

struct Junit {
  int exit_code;
  std::string out;
  fs::path file;
};

Junit check_with_junit(const fs::path& work, const std::string& args) {
  const fs::path file = work / "junit.xml";
  const auto r = run_cli("golden check --dir " + kProjectGolden + " --junit " + file.string() + " " + args, work);
  INFO(r.out << r.err);
  REQUIRE(fs::exists(file));
  return {r.exit_code, r.out, file};
}

std::set<std::string> strong_variants() {
  std::set<std::string> ids;
  for (const char* style : {"outline", "solid", "duotone"}) {
    for (const char* theme : {"light", "dark"}) {
      for (const char* weight : {"1.5", "2", "2.5"}) ids.insert(std::string(style) + "-strong-" + theme + "-w" + weight);
    }
  }
  return ids;
}

}  // namespace

TEST_CASE("JUnit from a passing golden check validates and counts every variant, the bundle and the set's files", "[golden][ci]") {
  const fs::path work = iconsynth::test::scratch_dir("golden-junit-pass");
  const Junit j = check_with_junit(work, "");
  CHECK(j.exit_code == 0);
  iconsynth::test::require_valid_junit(j.file, work);
  CHECK(iconsynth::test::xpath_values(j.file, "/testsuites/@tests") == std::vector<std::string>{"38"});  // 36 variants, bundle, set files
  CHECK(iconsynth::test::xpath_values(j.file, "/testsuites/testsuite/@failures") == std::vector<std::string>{"0"});
  CHECK(iconsynth::test::xpath_values(j.file, "//testcase/@name").size() == 38);
  CHECK(iconsynth::test::xpath_values(j.file, "//testcase[@name='outline-light-dark-w2']/@classname") == std::vector<std::string>{"golden.gpu-cluster"});
  CHECK(iconsynth::test::xpath_values(j.file, "//failure").empty());
}

TEST_CASE("JUnit from a failing golden check names each failing variant, its worst frame, score and limit", "[golden][ci]") {
  const fs::path work = iconsynth::test::scratch_dir("golden-junit-fail");
  const Junit j = check_with_junit(work, kSwellArgs);
  CHECK(j.exit_code == 1);
  CHECK(j.out.find("::error") == std::string::npos);  // annotations only under GitHub Actions or --github
  iconsynth::test::require_valid_junit(j.file, work);
  CHECK(iconsynth::test::xpath_values(j.file, "/testsuites/@tests") == std::vector<std::string>{"38"});
  CHECK(iconsynth::test::xpath_values(j.file, "/testsuites/testsuite/@failures") == std::vector<std::string>{"19"});
  const auto failing = iconsynth::test::xpath_values(j.file, "//testcase[failure]/@name");
  std::set<std::string> expected = strong_variants();
  expected.insert("gpu-cluster.lottie");
  CHECK(std::set<std::string>(failing.begin(), failing.end()) == expected);
  for (const std::string& message : iconsynth::test::xpath_values(j.file, "//testcase[starts-with(@name, 'outline-strong')]/failure/@message")) {
    CHECK_THAT(message, Catch::Matches("frame \\d+ differs: [0-9.]+% of pixels beyond 20 levels \\(limit 0\\.50%\\); Lottie: 4 changes, first: .*"));
  }
  // Its structural changes are the case's output, named by layer.
  const auto out = iconsynth::test::xpath_values(j.file, "//testcase[@name='solid-strong-dark-w2']/system-out");
  REQUIRE(out.size() == 1);
  CHECK_THAT(out[0], Catch::Contains("/layers[module-") && Catch::Contains("/ks/s/k[") && Catch::Contains("→ [122.4,122.4]"));
}

TEST_CASE("Under GITHUB_ACTIONS=true, golden check annotates failures and appends a job summary", "[golden][ci]") {
  const fs::path work = iconsynth::test::scratch_dir("golden-github");
  const fs::path summary = work / "step-summary.md";
  const std::string env = "GITHUB_ACTIONS=true GITHUB_STEP_SUMMARY='" + summary.string() + "'";
  const auto failed = run_cli("golden check --dir " + kProjectGolden + " " + kSwellArgs, work, env);
  CHECK(failed.exit_code == 1);
  std::vector<std::string> annotations;
  std::istringstream lines(failed.out);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("::error ", 0) == 0) annotations.push_back(line);
  }
  REQUIRE(annotations.size() == 10);  // GitHub shows ten a step: nine variants, then the count of the rest
  CHECK_THAT(annotations[0], Catch::StartsWith("::error file=" + kProjectGolden + "/png/outline-strong-light-w1.5.png,title=golden check of "
                                               "gpu-cluster%3A outline-strong-light-w1.5::frame "));
  CHECK(annotations[9] == "::error title=golden check of gpu-cluster::10 more failed (see the job summary or the JUnit report)");

  const auto passed = run_cli("golden check --dir " + kProjectGolden, work, env);
  CHECK(passed.exit_code == 0);
  CHECK(passed.out.find("::error") == std::string::npos);
  const std::string md = read_file(summary);  // both runs, appended
  CHECK(md.find("### golden check of gpu-cluster: **failed**\n\n38 tests: 19 passed, 19 failed, 0 errors, 0 skipped") == 0);
  CHECK(md.find("| solid-strong-dark-w2 | failed | frame ") != std::string::npos);
  CHECK(md.find("### golden check of gpu-cluster: passed\n\n38 tests: 38 passed, 0 failed") != std::string::npos);
  // Without the variable, no annotation (the JUnit test's run); --github asks for them anyway (the --json test's).
}

TEST_CASE("golden check --json prints the summary on stdout, annotations going to stderr", "[golden][ci]") {
  const fs::path work = iconsynth::test::scratch_dir("golden-json");
  const auto r = run_cli("golden check --dir " + kProjectGolden + " --json --github " + kSwellArgs, work);
  CHECK(r.exit_code == 1);
  const auto summary = nlohmann::json::parse(r.out);  // nothing but the document
  CHECK(summary["passed"] == false);
  CHECK(summary["variants"].size() == 36);
  CHECK(r.err.find("::error file=") != std::string::npos);
}

TEST_CASE("The console lists each group's structural changes, first five then a count, and frame-count changes", "[golden][ci]") {
  const fs::path work = iconsynth::test::scratch_dir("golden-console");
  // Four more lead frames: every light variant is 64 frames long instead of 60.
  const auto r = run_cli("golden check --dir " + kProjectGolden + " --set motions.light.lead=10", work);
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("what changed (2 groups of variants that changed alike):") != std::string::npos);
  CHECK(r.out.find("(12 variants)\n    frame count: frames 60 → 64\n    duration: 1000 ms → 1066.7 ms\n"
                   "    frames: 11 of 15 key frames differ: ") != std::string::npos);
  CHECK(r.out.find("    moved by motions.light.lead: 6 → 10\n") != std::string::npos);
  CHECK(r.out.find("      changed /op: 60 → 64\n") != std::string::npos);
  CHECK(r.out.find("      … and 53 more (--json or --report lists them all)") != std::string::npos);
  CHECK(r.out.find("  bundle gpu-cluster.lottie: 169 changes") != std::string::npos);
}

TEST_CASE("A one-parameter change gives a report of at most 5 groups, each with images and a strip", "[golden][ci]") {
  const fs::path work = iconsynth::test::scratch_dir("golden-grouped");
  std::map<std::string, int> groups_of;
  for (const std::string& change : {kSwellArgs, std::string("--set motions.light.lead=10")}) {
    INFO(change);
    const fs::path report = work / "report";
    fs::remove_all(report);
    REQUIRE(run_cli("golden check --dir " + kProjectGolden + " --report " + report.string() + " " + change, work).exit_code == 1);
    const iconsynth::test::HtmlPage page(read_file(report / "index.html"));
    const int groups = groups_of[change] = static_cast<int>(page.number("count(//section[@class='group'])"));
    CHECK(groups >= 1);
    CHECK(groups <= 5);
    for (const char* alt : {"expected", "actual", "difference"}) {
      CHECK(page.number(std::string("count(//section[@class='group']//img[@alt='") + alt + "'])") == groups);
    }
    CHECK(page.number("count(//section[@class='group']//ol[@class='strip'])") == groups);
    CHECK(page.number("count(//section[@class='group']//li[@class='cell changed'])") >= groups);
    // Where the script builds each group's views, and where a served page puts its buttons.
    CHECK(page.number("count(//section[@class='group']/div[@class='views'])") == groups);
    CHECK(page.number("count(//section[@class='group']/div[@class='actions'][@data-variants])") == groups);
    // All 18 variants of the motion are named, each once.
    CHECK(page.number("count(//section[@class='group']//ul[@class='variants']/li[@data-variant]/code)") == 18);
  }
  // Every strong variant changed alike; a longer light motion moves the solid style's fewer
  // layers otherwise than the outline and duotone ones'.
  CHECK(groups_of[kSwellArgs] == 1);
  CHECK(groups_of["--set motions.light.lead=10"] == 2);
}
