// The served golden review in headless Chromium, driven by role and accessible name
// (tests/review/browser/review_session.mjs), judged here by the set's bytes: Accept on a group and
// on one variant writes exactly what `golden update --only` writes for them (sha256 of every file),
// the page then shows them passing and `golden check` passes for them; Undo accept restores every
// byte; an undo is refused, nothing restored, when a file of the accept changed on disk; --report
// writes the static report as `golden check --report` does; SIGTERM stops the server cleanly.
#include "../render/golden_support.h"

#include "render/golden/sha256.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace iconsynth;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

const std::string kChange = "motions.strong.timeline.sequence.1.exchange.swell.scale=1.224";

std::string source(const std::string& relative) { return std::string(ICONSYNTH_SOURCE_DIR) + "/" + relative; }

json hashes_of(const fs::path& dir) {
  json out = json::object();
  for (const auto& [file, bytes] : test::files_of(dir)) out[file] = render::golden::sha256_hex(bytes);
  return out;
}

// The set's files' hashes once `golden update --only VARIANTS` has run on a fresh copy.
json updated_by_cli(const std::vector<std::string>& variants, const std::string& name) {
  const fs::path work = test::copy_of_golden(name);
  std::string only;
  for (const std::string& v : variants) only += " " + v;
  const auto r = test::run_cli("golden update --dir " + (work / "set").string() + " --only" + only + " --set " + kChange, work);
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  return hashes_of(work / "set");
}

struct Session {
  json record, original;
  fs::path work;
};

// One browser session serves every section (Catch2 reruns the test case once per section).
const Session& session() {
  static const Session s = [] {
    const fs::path work = test::copy_of_golden("review-browser");
    const json original = hashes_of(work / "set");
    const auto ran = test::run_command("bash '" + source("tests/browser/run.sh") + "' '" + source("tests/review/browser/review_session.mjs") +
                                           "' --cli '" + std::string(ICONSYNTH_CLI) + "' --set '" + (work / "set").string() + "' --change '" +
                                           kChange + "' --record '" + (work / "record.json").string() + "'",
                                       work);
    INFO(ran.out << ran.err);
    REQUIRE(ran.exit_code == 0);
    return Session{json::parse(test::read_file(work / "record.json")), original, work};
  }();
  return s;
}

}  // namespace

TEST_CASE("golden review in the browser: Accept and Undo accept per group and per variant, byte for byte", "[review][browser]") {
  const json& r = session().record;
  const json& steps = r["steps"];
  const json& original = session().original;
  const std::vector<std::string> group = r["groupVariants"];
  INFO(r.dump(1).substr(0, 4000));
  REQUIRE(group.size() >= 2);

  SECTION("it opens on the set as it is, the group failing, and nothing fails on the page") {
    CHECK(steps["opened"]["hashes"] == original);
    CHECK(steps["opened"]["group"] == "fails");
    CHECK(steps["opened"]["groupButtons"] == json::parse(R"(["Accept"])"));  // the spec differs: no other platform's image
    for (const std::string& v : group) CHECK(steps["opened"]["verdicts"][v] == "fails");
    CHECK(r["consoleErrors"].empty());
    CHECK(r["pageErrors"].empty());
    CHECK(r["refusedRequests"] == json::parse(R"(["409 /api/undo"])"));  // the refused undo alone
  }

  SECTION("the group's Accept writes what golden update --only writes for its variants, and they pass, on the page and in golden check") {
    const json& s = steps["groupAccepted"];
    CHECK(s["hashes"] == updated_by_cli(group, "review-browser-cli-group"));
    CHECK(s["hashes"] != original);
    CHECK(s["group"] == "passes");
    CHECK(s["groupButtons"] == json::parse(R"(["Undo accept"])"));
    for (const std::string& v : group) {
      INFO(v);
      CHECK(s["verdicts"][v] == "passes");
      CHECK(s["check"]["variants"][v] == true);
    }
    CHECK(s["check"]["exit"] == 1);  // the variants of other groups still fail
    CHECK_THAT(s["status"].get<std::string>(), Catch::StartsWith("accepted " + group[0]));
  }

  SECTION("Undo accept puts back every byte") {
    CHECK(steps["groupUndone"]["hashes"] == original);
    CHECK(steps["groupUndone"]["group"] == "fails");
    CHECK_THAT(steps["groupUndone"]["status"].get<std::string>(), Catch::StartsWith("undid the accept of"));
    CHECK(steps["variantUndone"]["hashes"] == original);
  }

  SECTION("a variant's Accept writes what golden update --only writes for it alone") {
    const json& s = steps["variantAccepted"];
    CHECK(s["hashes"] == updated_by_cli({group[0]}, "review-browser-cli-variant"));
    CHECK(s["verdicts"][group[0]] == "passes");
    CHECK(s["verdicts"][group[1]] == "fails");
    CHECK(s["check"]["variants"][group[0]] == true);
    CHECK(s["check"]["variants"][group[1]] == false);
    CHECK(s["group"] == "fails");
  }

  SECTION("an undo is refused, nothing restored, when a file of the accept changed on disk since") {
    CHECK(steps["undoRefused"]["hashes"] == steps["edited"]["hashes"]);
    CHECK_THAT(steps["undoRefused"]["status"].get<std::string>(), Catch::Contains("changed on disk") && Catch::Contains(r["edited"].get<std::string>()));
    CHECK(steps["undoRefused"]["groupButtons"] == json::parse(R"(["Undo accept"])"));
  }

  SECTION("--report writes the static report golden check --report writes, byte for byte") {
    const fs::path check = test::copy_of_golden("review-browser-check");
    const auto r = test::run_command("cd '" + check.string() + "' && " + ICONSYNTH_CLI + " golden check --dir set --report report --set " + kChange, check);
    INFO(r.out << r.err);
    REQUIRE(r.exit_code == 1);
    const auto written = test::files_of(session().work / "report");
    CHECK(written.count("index.html") == 1);
    CHECK(test::differing(written, test::files_of(check / "report")).empty());
  }

  SECTION("SIGTERM stops the review cleanly") {
    CHECK(r["stopped"]["code"] == 0);
    CHECK_THAT(r["said"].get<std::string>(), Catch::Contains("stopped serving"));
  }
}
