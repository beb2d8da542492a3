// The preview page's files, without a browser: what the page is told matches what we export and
// render, every reference resolves inside the page folder, and the output is reproducible.
#include "../render/support.h"

#include "geometry/ring.h"
#include "render/cairo/motion_plot.h"
#include "render/cairo/raster.h"
#include "render/cairo/sized_scene.h"
#include "render/lottie/lottie_writer.h"
#include "render/preview/preview_page.h"
#include "spec/overrides.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <map>
#include <regex>
#include <set>

using namespace iconsynth;
using Json = nlohmann::ordered_json;

namespace {

constexpr int kSize = 48;  // small: the test renders every filmstrip

render::PreviewPage page_for(const spec::IconSpec& spec, int size = kSize) {
  render::PreviewPageOptions options;
  options.size = size;
  options.generator = "iconsynth test";
  options.lottie_web_version = "5.13.0";
  return render::preview_page(spec, options);
}

std::map<std::string, std::string> by_path(const render::PreviewPage& page) {
  std::map<std::string, std::string> files;
  for (const render::PageFile& f : page.files) files[f.path] = f.bytes;
  return files;
}

// data.js is `window.ICONSYNTH_PREVIEW = {json};`: the JSON part.
Json page_data(const std::map<std::string, std::string>& files) {
  const std::string& js = files.at("data.js");
  const std::string prefix = "window.ICONSYNTH_PREVIEW = ";
  REQUIRE(js.rfind(prefix, 0) == 0);
  REQUIRE(js.size() > prefix.size() + 2);
  REQUIRE(js.substr(js.size() - 2) == ";\n");
  return Json::parse(js.substr(prefix.size(), js.size() - prefix.size() - 2));
}

}  // namespace

TEST_CASE("Preview page: same spec, same bytes, and any tweak gives another build id", "[preview][page]") {
  const render::PreviewPage a = page_for(test::builtin_spec());
  const render::PreviewPage b = page_for(test::builtin_spec());
  REQUIRE(a.files.size() == b.files.size());
  for (std::size_t i = 0; i < a.files.size(); ++i) {
    CHECK(a.files[i].path == b.files[i].path);
    CHECK(a.files[i].bytes == b.files[i].bytes);
  }
  CHECK(a.build == b.build);
  CHECK(a.files.back().path == "data.js");  // written last, after what it points at

  const spec::IconSpec tweaked = spec::load_spec_with_overrides("", {"motions.light.timeline.exchange.swell.scale=1.15"});
  CHECK(page_for(tweaked).build != a.build);
  CHECK(page_for(test::builtin_spec(), 64).build != a.build);
}

TEST_CASE("Preview page: every reference resolves inside the page, nothing reaches the network", "[preview][page]") {
  const auto files = by_path(page_for(test::builtin_spec()));
  std::set<std::string> available;
  for (const auto& [path, bytes] : files) {
    CHECK(path.find("..") == std::string::npos);
    CHECK(path.front() != '/');
    available.insert(path);
  }
  available.insert(std::string(render::kLottieWebPlayer));
  available.insert("status.js");

  const std::string& html = files.at("index.html");
  const std::regex reference(R"re((?:src|href)="([^"]*)")re");
  int references = 0;
  for (auto m = std::sregex_iterator(html.begin(), html.end(), reference); m != std::sregex_iterator(); ++m) {
    if ((*m)[1].str() == "data:,") continue;  // the empty icon, so the browser asks for no favicon
    ++references;
    INFO((*m)[1].str());
    CHECK(available.count((*m)[1].str()) == 1);
  }
  CHECK(references == 10);  // the stylesheet and nine scripts (the player, data, status, the viewer, the editor's five)
  for (const char* name : {"index.html", "preview.js", "preview.css", "editor.js", "controls.js", "plot_editor.js", "live_players.js", "against.js"}) {
    INFO(name);
    // No URL but SVG's namespace name, which names elements and is never fetched.
    const std::string text = std::regex_replace(files.at(name), std::regex("'http://www\\.w3\\.org/2000/svg'"), "");
    CHECK(text.find("://") == std::string::npos);
  }
  // Classic scripts only: modules are blocked on file:// pages.
  CHECK(html.find("type=\"module\"") == std::string::npos);

  const Json data = page_data(files);
  for (const auto& [key, variant] : data["variants"].items()) {
    for (const auto& [theme, src] : variant["filmstrips"].items()) CHECK(available.count(src.get<std::string>()) == 1);
  }
  for (const auto& [name, motion] : data["motions"].items()) CHECK(available.count(motion["plot"]["src"].get<std::string>()) == 1);
}

TEST_CASE("Preview page: the Lottie side is our export and each flipbook cell is our frame", "[preview][page]") {
  const spec::IconSpec& spec = test::builtin_spec();
  const auto files = by_path(page_for(spec));
  const Json data = page_data(files);
  CHECK(data["size"] == kSize);
  CHECK(data["fps"] == spec.frame_rate);
  CHECK(data["cairo"]["weight"] == spec.default_weight);
  CHECK(data["themes"]["dark"]["primary"] == "#ffffff");
  CHECK(data["themes"]["light"]["secondaryMix"] == spec.theme_rule("light").secondary_mix);

  for (const std::string& motion : test::builtin_space().motions()) {
    const motion::Choreography c = motion::choreograph(spec.choreography(motion), spec.module_count());
    const Json& m = data["motions"][motion];
    CHECK(m["frames"] == c.frame_count);
    // The page draws its cursor at the chart's own frame mapping.
    const render::PlotLayout layout(c, {});
    CHECK(m["plot"]["x0"].get<double>() == Approx(layout.x(0)));
    CHECK(m["plot"]["x1"].get<double>() == Approx(layout.x(c.frame_count - 1)));
    // Each event's hover mark names the tunable value that places it, with its --set path.
    REQUIRE(m["events"].is_array());
    CHECK(m["events"].size() >= 3);
    for (const Json& e : m["events"]) CHECK_THAT(e["title"].get<std::string>(), Catch::Contains("motions." + motion + ".timeline"));
  }
  const Json& landing = data["motions"]["strong"]["events"][5];
  CHECK(landing["title"] == "land r2 @61 · strong · round 2 · travel frames: motions.strong.timeline.sequence.2.exchange.travel.frames = 20 frames");

  for (render::Variant v : test::all_style_motion_variants(spec.default_weight)) {
    const std::string key = spec::VariantSpace::animation_id(v);  // "<style>-<motion>"
    INFO(key);
    const Json& entry = data["variants"][key];
    // The page is written for its size: both sides draw the scene for that size (hinted up to the
    // spec's hinting.up_to).
    const render::AnimatedScene scene = render::scene_for_size(spec, v, kSize);
    CHECK(entry["lottie"] == render::lottie::write_animation(scene, {kSize}));
    // The weight slot the page writes for the default weight is the export's own value.
    CHECK((spec.default_weight - data["weights"]["min"].get<double>()) * data["weights"]["secondsPerUnit"].get<double>() ==
          Approx(entry["lottie"]["slots"]["weight"]["p"]["k"].get<double>()));

    const int columns = entry["columns"];
    for (const std::string& theme : test::builtin_space().themes()) {
      v.theme = theme;
      const render::AnimatedScene themed = render::scene_for_size(spec, v, kSize);
      const render::ImageSurface strip = render::decode_png(files.at(entry["filmstrips"][theme]));
      for (int f : {0, scene.frame_count / 2, scene.frame_count - 1}) {
        // The cell the page shows for frame f: column f % columns, row f / columns.
        const render::ImageSurface expected = render::render_frame(render::evaluate(themed, f), kSize);
        const int x0 = (f % columns) * kSize, y0 = (f / columns) * kSize;
        int differing = 0;
        for (int y = 0; y < kSize; ++y) {
          for (int x = 0; x < kSize; ++x) differing += strip.pixel(x0 + x, y0 + y) != expected.pixel(x, y);
        }
        INFO(theme << " frame " << f);
        CHECK(differing == 0);
      }
    }
  }
}

TEST_CASE("Preview page: sizes outside the page's range are refused", "[preview][page]") {
  CHECK_THROWS_WITH(page_for(test::builtin_spec(), render::kMaxPreviewSize + 1),
                    Catch::Contains("preview size 513 is outside [16, 512]"));
  CHECK_THROWS_AS(page_for(test::builtin_spec(), render::kMinPreviewSize - 1), std::invalid_argument);
}

TEST_CASE("Preview status script names the build and carries the error as a JSON string", "[preview][page]") {
  const std::string ok = render::preview_status_script(true, "abc", "");
  CHECK(ok == "window.ICONSYNTH_STATUS = {\"watch\":true,\"serve\":false,\"build\":\"abc\",\"error\":null};\n");
  CHECK(render::preview_status_script(true, "abc", "", true).find("\"serve\":true") != std::string::npos);
  const std::string bad = render::preview_status_script(true, "abc", "/motions/light: \"x\" </script>\n");
  const std::string prefix = "window.ICONSYNTH_STATUS = ";
  const Json status = Json::parse(bad.substr(prefix.size(), bad.size() - prefix.size() - 2));
  CHECK(status["error"] == "/motions/light: \"x\" </script>\n");
  CHECK(status["watch"] == true);
}
