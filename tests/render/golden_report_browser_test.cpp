// The golden report's views in a real browser: a check's report, opened from disk in headless
// Chromium and driven by role and accessible name (tests/render/browser/golden_report_session.mjs),
// judged here against the set's own images and a fresh rendering: every view shows the right
// frame, whole pixels (each image pixel an 8 × 8 square of one colour), the slider's edge where it
// says, the strobe flipping, and the motion's two sides on one clock.
#include "golden_support.h"

#include "render/cairo/raster.h"
#include "render/golden/golden_images.h"
#include "spec/color.h"
#include "spec/loader.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <regex>

using namespace iconsynth;
namespace fs = std::filesystem;

namespace {

constexpr int kSize = 48;
constexpr int kZoom = 8;  // the session's
// Chromium composites the report's PNGs itself; a level or two from Cairo's compositing is rounding.
constexpr int kLevels = 2;
const std::vector<std::string> kChange = {"motions.strong.lead=4", "motions.strong.timeline.sequence.1.exchange.swell.scale=1.25"};

std::string source(const std::string& relative) { return std::string(ICONSYNTH_SOURCE_DIR) + "/" + relative; }

struct Session {
  fs::path report, shots;
  nlohmann::json record, group;  // what the session saw; the report's data of its first group
  std::size_t groups;             // how many groups the report's data holds
};

// One report and one browser session serve every section (Catch2 reruns the test case once per section).
const Session& session() {
  static const Session s = [] {
    const fs::path work = test::scratch_dir("golden-report-browser");
    std::string args = "golden check --dir " + test::golden_dir().string() + " --report " + (work / "report").string();
    for (const std::string& c : kChange) args += " --set " + c;
    const auto checked = test::run_cli(args, work);
    INFO(checked.out << checked.err);
    REQUIRE(checked.exit_code == 1);
    const auto ran = test::run_command("bash '" + source("tests/browser/run.sh") + "' '" + source("tests/render/browser/golden_report_session.mjs") +
                                           "' --page '" + (work / "report" / "index.html").string() + "' --out '" + (work / "shots").string() + "'",
                                       work);
    INFO(ran.out << ran.err);
    REQUIRE(ran.exit_code == 0);
    const std::string html = test::read_file(work / "report" / "index.html");
    std::smatch data;
    REQUIRE(std::regex_search(html, data, std::regex("<script type=\"application/json\" id=\"golden-report-data\">([^<]*)</script>")));
    const nlohmann::json report = nlohmann::json::parse(data[1].str());
    return Session{work / "report", work / "shots", nlohmann::json::parse(test::read_file(work / "shots" / "session.json")),
                   report["groups"][0], report["groups"].size()};
  }();
  return s;
}

render::ImageSurface cell(const render::ImageSurface& strip, std::size_t index) {
  const render::ImageView v = strip.view();
  return render::image_from_pixels(render::pixels_of({kSize, kSize, v.stride, v.data + index * kSize * 4}).data(), kSize, kSize);
}

spec::Rgba colour(const std::string& hex) {
  const auto c = spec::parse_hex_color(hex);
  REQUIRE(c.has_value());
  return *c;
}

// Key frame `index` of the group's variant as the set accepted it, over the backdrop.
render::ImageSurface expected(std::size_t index) {
  const nlohmann::json& g = session().group;
  const auto sheet = render::decode_png(test::read_file(test::golden_dir() / "png" / (g["variant"].get<std::string>() + ".png")));
  return render::over_background(cell(sheet, index), colour(g["backdrop"]));
}

// The same key frame as the changed spec draws it now, over the backdrop.
render::ImageSurface actual(std::size_t index) {
  const nlohmann::json& g = session().group;
  const spec::IconSpec spec = spec::load_spec_with_overrides({}, kChange);
  const auto variants = spec::VariantSpace(spec).variants();
  const auto variant = std::find_if(variants.begin(), variants.end(), [&](const spec::Variant& v) {
    return spec::VariantSpace::golden_id(v) == g["variant"].get<std::string>();
  });
  REQUIRE(variant != variants.end());
  render::golden::VariantFrames frames(spec, *variant, kSize, render::Geometry::Hinted);
  const auto& f = frames.frame(g["keyFrames"][index]["frame"].get<int>());
  return render::over_background(render::image_from_pixels(f.pixels.data(), kSize, kSize), colour(g["backdrop"]));
}

render::ImageSurface shot(const std::string& name) { return render::decode_png(test::read_file(session().shots / (name + ".png"))); }

// The largest channel difference between a screenshot and `truth` enlarged kZoom times, over
// columns [x0, x1) of the screenshot; and whether every kZoom × kZoom block is one colour.
struct Match {
  int worst = 0;
  bool whole_pixels = true;
};
Match compare(const render::ImageSurface& screenshot, const render::ImageSurface& truth, int x0 = 0, int x1 = kSize * kZoom) {
  REQUIRE(screenshot.width() == kSize * kZoom);
  REQUIRE(screenshot.height() == kSize * kZoom);
  Match m;
  for (int y = 0; y < screenshot.height(); ++y) {
    for (int x = x0; x < x1; ++x) {
      const std::uint32_t s = screenshot.pixel(x, y), t = truth.pixel(x / kZoom, y / kZoom);
      for (int shift = 0; shift < 32; shift += 8) m.worst = std::max(m.worst, std::abs(int(s >> shift & 255) - int(t >> shift & 255)));
      m.whole_pixels = m.whole_pixels && s == screenshot.pixel(x / kZoom * kZoom, y / kZoom * kZoom);
    }
  }
  return m;
}

// The index of the last key frame at or before `frame`.
std::size_t key_index_at(int frame) {
  std::size_t index = 0;
  const auto& keys = session().group["keyFrames"];
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (keys[i]["frame"].get<int>() <= frame) index = i;
  }
  return index;
}

}  // namespace

TEST_CASE("The golden report's views show a changed frame whole-pixel exact, and the motion on one clock", "[golden][browser]") {
  const nlohmann::json& record = session().record;
  const nlohmann::json& group = session().group;
  INFO("screenshots in " << session().shots.string());

  SECTION("from disk, nothing else is fetched and nothing fails; the script's views replace the still images") {
    CHECK(record["requests"].empty());
    CHECK(record["consoleErrors"].empty());
    CHECK(record["pageErrors"].empty());
    CHECK(session().groups >= 2);  // the change moves the strong variants in more than one way
    CHECK(record["groups"] == session().groups);
    CHECK(record["stillHidden"] == true);
  }

  const auto index = record["views"]["frameIndex"].get<std::size_t>();
  SECTION("it opens on the worst frame side by side at 4×; at 8× each image pixel is an 8 × 8 square of its colour") {
    CHECK(record["views"]["opened"]["selectedTab"] == "Side by side");
    CHECK(record["views"]["opened"]["frameIndex"] == group["worst"]);
    CHECK(record["views"]["opened"]["zoom"] == "4");
    CHECK(record["views"]["frame"] == group["keyFrames"][index]["frame"]);
    const Match e = compare(shot("side-expected"), expected(index));
    const Match a = compare(shot("side-actual"), actual(index));
    CHECK(e.whole_pixels);
    CHECK(a.whole_pixels);
    CHECK(e.worst <= kLevels);
    CHECK(a.worst <= kLevels);
    CHECK(compare(shot("side-actual"), expected(index)).worst > 100);  // the frame did change: the two are told apart
  }

  SECTION("the slider at 25 % shows expected left of a whole-pixel edge, actual right of it") {
    const int edge = record["views"]["sliderEdge"];
    CHECK(edge == 12 * kZoom);  // a quarter of 48 px, at 8×
    const render::ImageSurface stage = shot("slider-25");
    const Match left = compare(stage, expected(index), 0, edge - 1);  // the divider covers column edge - 1
    const Match right = compare(stage, actual(index), edge, kSize * kZoom);
    CHECK(left.worst <= kLevels);
    CHECK(right.worst <= kLevels);
    CHECK(left.whole_pixels);
    CHECK(right.whole_pixels);
  }

  SECTION("the strobe flips between expected and actual every 500 ms; the difference is the report's") {
    CHECK(record["views"]["strobe"] == nlohmann::json::parse(R"(["expected", "actual", "expected", "actual"])"));
    CHECK(compare(shot("strobe-0"), expected(index)).worst <= kLevels);
    CHECK(compare(shot("strobe-1"), actual(index)).worst <= kLevels);
    const auto strip = render::decode_png(test::read_file(session().report / group["images"]["difference"].get<std::string>()));
    const Match d = compare(shot("difference"), render::over_background(cell(strip, index), {255, 255, 255, 255}));
    CHECK(d.whole_pixels);
    CHECK(d.worst <= kLevels);
    CHECK(record["views"]["afterArrowLeft"] == "Strobe");
  }

  SECTION("the motion plays both sides on one clock, pauses, runs at a quarter speed, scrubs, and jumps to a marked frame") {
    const auto& m = record["motion"];
    const int length = std::max(group["frameCount"]["expected"].get<int>(), group["frameCount"]["actual"].get<int>());
    CHECK(length == 92);  // the strong motion is 92 frames now, 90 in the set
    CHECK(m["opened"]["frame"] == 0);
    CHECK(m["opened"]["playing"] == false);
    CHECK(m["opened"]["max"] == length - 1);
    // 500 ms at 60 fps: 30 frames, less the one frame the first animation callback waits for.
    CHECK(m["after500ms"]["frame"].get<int>() >= 27);
    CHECK(m["after500ms"]["frame"].get<int>() <= 30);
    CHECK(m["after500ms"]["playing"] == true);
    CHECK(m["pausedLater"]["frame"] == m["paused"]["frame"]);
    CHECK(m["pausedLater"]["playing"] == false);
    const int quarter = m["quarterSpeed"]["frame"].get<int>() - m["quarterSpeedStart"].get<int>();
    CHECK(quarter >= 27);  // 2 s at a quarter of 60 fps
    CHECK(quarter <= 30);
    for (const char* stop : {"after500ms", "paused", "quarterSpeed", "scrubbed", "jumped"}) {
      INFO(stop);
      CHECK(m[stop]["expected"] == m[stop]["actual"]);  // one clock: the same key frame on both sides
      CHECK(m[stop]["expectedPosition"] == m[stop]["actualPosition"]);
      CHECK(m[stop]["scrubber"] == m[stop]["frame"]);
      CHECK(m[stop]["expected"] == group["keyFrames"][key_index_at(m[stop]["frame"])]["frame"]);
    }
    CHECK(m["scrubbed"]["frame"] == 46);
    const std::size_t at46 = key_index_at(46);
    CHECK(compare(shot("motion-expected"), expected(at46)).worst <= kLevels);
    CHECK(compare(shot("motion-actual"), actual(at46)).worst <= kLevels);

    // Every differing key frame is marked on the scrubber where it falls, and has its button.
    std::vector<int> differing;
    for (const auto& k : group["keyFrames"]) {
      if (k["status"] == "differs" || k["status"] == "missing") differing.push_back(k["frame"]);
    }
    REQUIRE(m["marks"].size() == differing.size());
    REQUIRE(m["jumps"].size() == differing.size());
    for (std::size_t i = 0; i < differing.size(); ++i) {
      CHECK(m["marks"][i]["frame"] == differing[i]);
      CHECK(m["marks"][i]["left"].get<double>() == Approx(100.0 * differing[i] / (length - 1)));
      CHECK(m["jumps"][i] == "Go to frame " + std::to_string(differing[i]));
    }
    // Jumping pauses on that frame, and the frame views follow it.
    CHECK(m["jumped"]["frame"] == differing.back());
    CHECK(m["jumped"]["playing"] == false);
    CHECK(m["jumped"]["frameIndex"] == key_index_at(differing.back()));
  }
}
