// Golden-frame regression, as a user runs it: `iconsynth golden check` against the project's own
// set (tests/golden), with edits that must be caught and noise that must not.
#include "golden_support.h"

#include "render/cairo/surface.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <regex>
#include <set>

namespace fs = std::filesystem;
using nlohmann::json;
using iconsynth::test::run_cli;

namespace {

const std::string kGoldenDir = std::string(ICONSYNTH_SOURCE_DIR) + "/tests/golden";

struct Outcome {
  int exit_code;
  json summary;
  fs::path report;
};

// Runs a check with extra arguments and reads the JSON summary it writes.
Outcome golden_check(const std::string& name, const std::string& args) {
  const fs::path work = iconsynth::test::scratch_dir("golden-" + name);
  const fs::path report = work / "report";
  const auto r = run_cli("golden check --dir " + kGoldenDir + " --report " + report.string() + " " + args, work);
  INFO(r.out << r.err);
  REQUIRE(fs::exists(report / "summary.json"));
  return {r.exit_code, json::parse(iconsynth::test::read_file(report / "summary.json")), report};
}

std::set<std::string> failing_variants(const json& summary) {
  std::set<std::string> out;
  for (const json& v : summary["variants"]) {
    if (!v["passed"].get<bool>()) out.insert(v["id"]);
  }
  return out;
}

// Ids of the golden variants whose id ("style-motion-theme-wN") matches the regular expression.
std::set<std::string> variants_matching(const json& summary, const std::string& pattern) {
  const std::regex re(pattern);
  std::set<std::string> out;
  for (const json& v : summary["variants"]) {
    const std::string id = v["id"];
    if (std::regex_match(id, re)) out.insert(id);
  }
  return out;
}

std::string frame_status(const json& summary, const std::string& variant, int frame) {
  for (const json& v : summary["variants"]) {
    if (v["id"] != variant) continue;
    for (const json& f : v["frames"]) {
      if (f["frame"] == frame) return f["status"];
    }
  }
  return "absent";
}

}  // namespace

TEST_CASE("The unchanged tree matches its goldens with exact hashes", "[golden]") {
  const Outcome o = golden_check("unchanged", "");
  CHECK(o.exit_code == 0);
  CHECK(o.summary["passed"] == true);
  CHECK(o.summary["variants"].size() == 36);
  for (const json& v : o.summary["variants"]) {
    CHECK(v["lottie"]["exact"] == true);
    for (const json& f : v["frames"]) CHECK(f["status"] == "exact");
  }
  CHECK(o.summary["bundle"]["exact"] == true);
}

TEST_CASE("A packet leaving one frame later is caught in the light variants only", "[golden]") {
  const Outcome o = golden_check("late-packet", "--set motions.light.lead=7");
  CHECK(o.exit_code == 1);
  CHECK(failing_variants(o.summary) == variants_matching(o.summary, "[a-z]+-light-.*"));
  // Frames before the old departure are untouched; the landing frame differs.
  CHECK(frame_status(o.summary, "outline-light-dark-w2", 0) == "exact");
  CHECK(frame_status(o.summary, "outline-light-dark-w2", 5) == "exact");
  CHECK(frame_status(o.summary, "outline-light-dark-w2", 30) == "differs");
  CHECK(frame_status(o.summary, "solid-strong-light-w1.5", 46) == "exact");
}

TEST_CASE("A light swell 2% larger is caught at its peak, and the Lottie diff names the keyframe", "[golden]") {
  const Outcome o = golden_check("swell", "--set motions.light.timeline.exchange.swell.scale=1.1424");
  CHECK(o.exit_code == 1);
  CHECK(failing_variants(o.summary) == variants_matching(o.summary, "[a-z]+-light-.*"));
  for (const std::string& id : variants_matching(o.summary, "[a-z]+-light-.*")) {
    INFO(id);
    CHECK(frame_status(o.summary, id, 38) == "differs");  // the swell peak
    CHECK(frame_status(o.summary, id, 30) == "exact");    // the landing, before the swell
  }
  const json& v = o.summary["variants"][0];
  REQUIRE(!v["lottie"]["changes"].empty());
  CHECK_THAT(v["lottie"]["changes"][0].get<std::string>(),
             Catch::Contains("/layers[module-") && Catch::Contains("/ks/s/k[1]/s: [112,112] → [114.24,114.24]"));
}

TEST_CASE("A changed duotone secondary tone is caught in the duotone variants of that theme", "[golden]") {
  const Outcome o = golden_check("secondary", "--set themes.dark.secondary_mix=0.45");
  CHECK(o.exit_code == 1);
  CHECK(failing_variants(o.summary) == variants_matching(o.summary, "duotone-.*-dark-.*"));
  for (const json& f : o.summary["variants"][0]["frames"]) CHECK(f["status"] == "exact");  // outline untouched
}

TEST_CASE("Stroke weight 2 rendered as 2.1 is caught in every weight-2 variant", "[golden]") {
  const Outcome o = golden_check("weight", "--set stroke.presets.1=2.1");
  CHECK(o.exit_code == 1);
  CHECK(failing_variants(o.summary) == variants_matching(o.summary, ".*-w2"));
  for (const json& v : o.summary["variants"]) {
    if (!std::regex_match(v["id"].get<std::string>(), std::regex(".*-w2"))) continue;
    CHECK(v["weight"] == 2.1);
    CHECK(v["golden_weight"] == 2);
  }
}

TEST_CASE("Markers, state machines and metadata are in the structural diff, by entry and field", "[golden]") {
  // Hovering plays strong now: the state machines and the manifest change; no frame does.
  const Outcome hover = golden_check("interaction", "--set interaction.hover=strong");
  CHECK(hover.exit_code == 1);
  std::set<std::string> changed_entries;
  for (const json& c : hover.summary["bundle"]["changes"]) {
    const std::string text = c;
    changed_entries.insert(text.substr(text.find(' ') + 1, text.find(':') - text.find(' ') - 1));
  }
  CHECK(changed_entries == std::set<std::string>{"manifest.json", "s/outline.json", "s/solid.json", "s/duotone.json"});
  CHECK(failing_variants(hover.summary).empty());
  // A longer gather moves the strong animations' markers, and the Lottie diff names them.
  const Outcome gather = golden_check("gather", "--set motions.strong.timeline.sequence.0.gather.hold=5");
  bool marker_named = false;
  for (const json& v : gather.summary["variants"]) {
    for (const json& c : v["lottie"]["changes"]) {
      marker_named = marker_named || c.get<std::string>().find("/markers") != std::string::npos;
    }
  }
  CHECK(marker_named);
  // The title is in every animation's meta and the manifest.
  const Outcome title = golden_check("title", "--set meta.title=Cluster");
  CHECK_THAT(title.summary["variants"][0]["lottie"]["changes"][0].get<std::string>(), Catch::Contains("/meta/d"));
  CHECK_THAT(title.summary["bundle"]["changes"].dump(), Catch::Contains("manifest.json:/custom/title"));
}

TEST_CASE("Anti-aliasing noise (a 1/64 px offset) passes within tolerance", "[golden]") {
  const Outcome o = golden_check("offset", "--offset 0.015625");
  CHECK(o.exit_code == 0);
  int within = 0;
  for (const json& v : o.summary["variants"]) {
    for (const json& f : v["frames"]) within += f["status"] == "within";
  }
  CHECK(within > 0);  // the offset did change pixels: this is tolerance at work, not a no-op
}

TEST_CASE("The report is valid HTML and every image it shows exists", "[golden]") {
  const Outcome o = golden_check("report", "--set motions.light.lead=7");
  const std::string html = iconsynth::test::read_file(o.report / "index.html");
  CHECK(iconsynth::test::html_errors(html) == std::vector<std::string>{});
  const iconsynth::test::HtmlPage page(html);
  CHECK(page.number("count(//section[@class='group'])") == 2);
  // What the page shows: its <img> elements (the worst frames, for a page without its script),
  // the strips its cells and views cut, and its script and style.
  std::set<std::string> shown;
  for (const std::string& src : page.texts("//img/@src | //script/@src | //link/@href")) shown.insert(src);
  const std::regex url("url\\('([^']+)'\\)");
  for (const std::string& style : page.texts("//@style")) {
    for (std::sregex_iterator m(style.begin(), style.end(), url), end; m != end; ++m) shown.insert((*m)[1]);
  }
  const json data = json::parse(page.texts("//script[@id='golden-report-data']").at(0));
  for (const json& group : data["groups"]) {
    for (const auto& [name, strip] : group["images"].items()) {
      shown.insert(strip.get<std::string>());
      const auto image = iconsynth::render::decode_png(iconsynth::test::read_file(o.report / strip.get<std::string>()));
      CHECK(image.width() == 48 * static_cast<int>(group["keyFrames"].size()));  // one cell a key frame
      CHECK(image.height() == 48);
    }
  }
  CHECK(shown.size() == 2 * (3 + 3) + 2);  // per group the worst frame's three images and three strips; report.js and .css
  for (const std::string& file : shown) {
    INFO(file);
    CHECK(fs::is_regular_file(o.report / file));
  }
  // The page says which command reviews it, on the set and with the spec it checked.
  CHECK_THAT(html, Catch::Contains("<code>iconsynth golden review --dir " + kGoldenDir + " --set motions.light.lead=7</code>"));
}
