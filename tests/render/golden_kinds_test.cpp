// What moved a golden set, said where people and CI systems look: the spec values that differ
// from the set's, old → new, and each failure by its kind (frame count, frame rate, duration,
// missing or extra variant, markers, state machines), in the console, the report, JUnit and the
// GitHub summary.
#include "../ci/junit_support.h"
#include "golden_support.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <set>

namespace fs = std::filesystem;
using iconsynth::test::read_file;
using iconsynth::test::run_cli;
using iconsynth::test::xpath_values;

namespace {

const std::string kGoldenSet = iconsynth::test::golden_dir().string();

bool strong(const std::string& id) { return id.find("-strong-") != std::string::npos; }

}  // namespace

TEST_CASE("A check with two --set changes names both values, old → new, in the console, report, JUnit and GitHub summary", "[golden]") {
  const fs::path work = iconsynth::test::scratch_dir("golden-spec-values");
  const std::string args = "--set motions.strong.timeline.sequence.1.exchange.swell.scale=1.24 --set motions.light.lead=7";
  const std::string env = "GITHUB_ACTIONS=true GITHUB_STEP_SUMMARY='" + (work / "summary.md").string() + "'";
  const auto r = run_cli("golden check --dir " + kGoldenSet + " --report " + (work / "report").string() + " --junit " +
                             (work / "junit.xml").string() + " " + args,
                         work, env);
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);
  const std::string swell = "motions.strong.timeline.sequence.1.exchange.swell.scale: 1.2 → 1.24";
  const std::string lead = "motions.light.lead: 6 → 7";
  CHECK_THAT(r.out, Catch::Contains("spec values that differ from the set's (golden.json):\n  " + lead + "\n  " + swell + "\n"));
  // Each group names the values that can move it: the light groups the lead, the strong one the swell.
  CHECK_THAT(r.out, Catch::Contains("    moved by " + swell + "\n"));
  CHECK_THAT(r.out, Catch::Contains("    moved by " + lead + "\n"));

  const iconsynth::test::HtmlPage page(read_file(work / "report" / "index.html"));
  CHECK(page.texts("//h2[@id='spec']/following-sibling::ul[1]/li") == std::vector<std::string>{lead, swell});
  for (const std::string& moved : page.texts("//section[@class='group']//ul[@class='spec-values']/li")) {
    CHECK((moved == lead || moved == swell));
  }
  const auto summary = nlohmann::json::parse(read_file(work / "report" / "summary.json"));
  CHECK(summary["spec"]["differences"].size() == 2);
  CHECK(summary["spec"]["differences"][1]["path"] == "motions.strong.timeline.sequence.1.exchange.swell.scale");
  CHECK(summary["spec"]["differences"][1]["before"] == 1.2);
  CHECK(summary["spec"]["differences"][1]["after"] == 1.24);

  iconsynth::test::require_valid_junit(work / "junit.xml", work);
  const auto out = xpath_values(work / "junit.xml", "/testsuites/testsuite/system-out");
  REQUIRE(out.size() == 1);
  CHECK_THAT(out[0], Catch::Contains("spec values that differ from the set's (golden.json):\n  " + lead + "\n  " + swell + "\n"));

  const std::string md = read_file(work / "summary.md");
  CHECK_THAT(md, Catch::Contains("**spec values that differ from the set's (golden.json)**\n\n- " + lead + "\n- " + swell + "\n"));
}

TEST_CASE("A strong motion two frames longer fails as its own kind: frames 90 → 92 for the strong variants", "[golden]") {
  const fs::path work = iconsynth::test::scratch_dir("golden-frame-count");
  const auto r = run_cli("golden check --dir " + kGoldenSet + " --set motions.strong.lead=4 --junit " + (work / "junit.xml").string() +
                             " --report " + (work / "report").string(),
                         work);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.out, Catch::Contains("    frame count: frames 90 → 92\n    duration: 1500 ms → 1533.3 ms\n"));
  // JUnit: the kind is the failure's type, and its message says it first.
  const auto failing = xpath_values(work / "junit.xml", "//testcase[failure]/@name");
  std::set<std::string> failed(failing.begin(), failing.end());
  failed.erase("gpu-cluster.lottie");
  CHECK(failed.size() == 18);
  for (const std::string& id : failed) {
    INFO(id);
    CHECK(strong(id));
    CHECK(xpath_values(work / "junit.xml", "//testcase[@name='" + id + "']/failure/@type") == std::vector<std::string>{"frame-count"});
    CHECK_THAT(xpath_values(work / "junit.xml", "//testcase[@name='" + id + "']/failure/@message").at(0),
               Catch::StartsWith("frame count: frames 90 → 92; duration: 1500 ms → 1533.3 ms; frame "));
  }
  // The report: a row of the kinds table, and the kind in every strong group's list of failures.
  const iconsynth::test::HtmlPage page(read_file(work / "report" / "index.html"));
  CHECK_THAT(page.texts("//table[@class='kinds']//tr[@data-kind='frame-count']/td[2]").at(0), Catch::StartsWith("18: "));
  const auto groups = page.number("count(//section[@class='group'])");
  CHECK(page.texts("//section[@class='group']//li[@data-kind='frame-count']").size() == groups);
  for (const std::string& text : page.texts("//section[@class='group']//li[@data-kind='frame-count']")) CHECK(text == "frame count frames 90 → 92");
  const auto summary = nlohmann::json::parse(read_file(work / "report" / "summary.json"));
  for (const auto& v : summary["variants"]) {
    if (!strong(v["id"])) continue;
    CHECK(v["failures"][0] == nlohmann::json::parse(R"({"kind": "frame-count", "text": "frames 90 → 92"})"));
  }
}

TEST_CASE("Frame rate, markers, state machines, missing and extra variants are each their own kind in JUnit", "[golden]") {
  struct Case {
    std::string args, test, kind, message;
  };
  const Case cases[] = {
      {"--set frame_rate=30", "outline-light-dark-w2", "frame-rate", "frame rate: 60 → 30 fps; duration: 1000 ms → 2000 ms"},
      {"--set motions.strong.timeline.sequence.0.gather.hold=5", "outline-strong-dark-w2", "frame-count", "markers: "},
      {"--set interaction.hover=strong", "gpu-cluster.lottie", "state-machine", "state machine: "},
      {"--set 'stroke.presets=[1.5,2]'", "outline-light-dark-w2.5", "missing-variant", "missing variant: "},
      {"--set 'stroke.presets=[1.5,2,2.5,3]'", "outline-light-dark-w3", "extra-variant", "extra variant: "},
  };
  const fs::path work = iconsynth::test::scratch_dir("golden-kinds");
  for (const Case& c : cases) {
    INFO(c.args);
    const fs::path junit = work / "junit.xml";
    const auto r = run_cli("golden check --dir " + kGoldenSet + " " + c.args + " --junit " + junit.string(), work);
    CHECK(r.exit_code == 1);
    CHECK(xpath_values(junit, "//testcase[@name='" + c.test + "']/failure/@type") == std::vector<std::string>{c.kind});
    const auto message = xpath_values(junit, "//testcase[@name='" + c.test + "']/failure/@message");
    REQUIRE(message.size() == 1);
    CHECK_THAT(message[0], Catch::Contains(c.message));
  }
}
