// The preview page written and watched, in-process: the watch loop runs on a thread while the
// test edits the spec file, as a user's editor would.
#include "../render/support.h"
#include "../tools/preview_support.h"
#include "render/preview/preview_site.h"
#include "spec/loader.h"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

namespace fs = std::filesystem;
using namespace iconsynth;
using Clock = std::chrono::steady_clock;

namespace {

// Generous: a rebuild takes about a second here, far more under the sanitizers.
constexpr auto kRebuildBound = std::chrono::seconds(60);

render::PreviewSiteOptions options_for(const fs::path& dir) {
  render::PreviewSiteOptions o;
  o.out = dir / "page";
  o.size = 32;
  o.spec_file = dir / "spec.json";
  o.poll = std::chrono::milliseconds(20);
  return o;
}

void save(const fs::path& path, const std::string& text) {
  std::ofstream(path.string() + ".tmp") << text;
  fs::rename(path.string() + ".tmp", path);  // editors save by rename too
}

// Waits for `done` (polling); returns how long it took, or fails the test after kRebuildBound.
template <class Done>
double wait_ms(Done done) {
  const auto start = Clock::now();
  while (!done()) {
    REQUIRE(Clock::now() - start < kRebuildBound);
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// The stand-in lottie-web package's files.
render::LottieWebPackage lottie_web_in(const fs::path& dir) {
  const fs::path folder = test::fake_lottie_web(dir);
  return {folder, folder / "build/player/lottie_light_canvas.min.js", folder / "LICENSE.md", "9.9.9"};
}

}  // namespace

TEST_CASE("write_preview writes the page beside a copy of lottie-web, and rewrites only what changed", "[preview][site]") {
  const fs::path dir = test::scratch_dir("preview-write");
  const auto lottie_web = lottie_web_in(dir);
  render::PreviewSiteOptions o = options_for(dir);
  o.spec_file.clear();  // the built-in spec
  const std::string build = render::write_preview(o, lottie_web, render::PreviewMode::Static).build;
  const fs::path page(o.out);
  for (const char* name : {"index.html", "preview.js", "preview.css", "data.js", "status.js", "plots/strong.svg",
                           "frames/duotone-strong-light.png", "lottie-web/lottie_light_canvas.min.js", "lottie-web/LICENSE.md"}) {
    INFO(name);
    CHECK(fs::is_regular_file(page / name));
  }
  CHECK(test::read_file(page / "lottie-web/lottie_light_canvas.min.js") == "/* stand-in player */\n");
  CHECK(test::read_file(page / "status.js").find("\"watch\":false,\"serve\":false,\"build\":\"" + build + "\"") != std::string::npos);

  // A second run with the same spec leaves the files alone (an open page sees no change).
  const auto before = fs::last_write_time(page / "frames/outline-light-dark.png");
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  CHECK(render::write_preview(o, lottie_web, render::PreviewMode::Static).build == build);
  CHECK(fs::last_write_time(page / "frames/outline-light-dark.png") == before);
}

TEST_CASE("Watch rebuilds on a spec edit, and a broken edit keeps the last good page and reports why", "[preview][site][watch]") {
  const fs::path dir = test::scratch_dir("preview-watch");
  const auto lottie_web = lottie_web_in(dir);
  const render::PreviewSiteOptions o = options_for(dir);
  const fs::path page(o.out);
  save(o.spec_file, std::string(spec::builtin_spec_text()));

  std::atomic<bool> running{true};
  std::FILE* log = std::tmpfile();
  REQUIRE(log != nullptr);
  std::thread watcher([&] { render::watch_preview(o, lottie_web, render::PreviewMode::Watch, [&] { return running.load(); }, log); });
  const auto status = [&] { return test::read_file(page / "status.js"); };

  wait_ms([&] { return fs::exists(page / "data.js") && status().find("\"error\":null") != std::string::npos; });
  const std::string first_data = test::read_file(page / "data.js");
  CHECK(first_data.find("\"light\":{\"frames\":60") != std::string::npos);

  // A longer tail: the light motion gains 6 frames.
  save(o.spec_file, iconsynth::test::builtin_spec_with("\"tail\": 4", "\"tail\": 10"));
  const double rebuild_ms = wait_ms([&] { return test::read_file(page / "data.js") != first_data; });
  const std::string second_data = test::read_file(page / "data.js");
  CHECK(second_data.find("\"light\":{\"frames\":66") != std::string::npos);
  WARN("watch rebuilt the page " << rebuild_ms << " ms after the edit");

  // Out of range: the error reaches status.js with its JSON pointer, the page's files stay as they were.
  save(o.spec_file, iconsynth::test::builtin_spec_with("\"scale\": 1.12", "\"scale\": 3"));
  wait_ms([&] { return status().find("out of range") != std::string::npos; });
  CHECK(status().find("/motions/light/timeline/exchange/swell/scale") != std::string::npos);
  CHECK(test::read_file(page / "data.js") == second_data);
  const std::string build = second_data.substr(second_data.find("\"build\":\""), 26);  // "build":"<16 hex>"
  CHECK(status().find(build) != std::string::npos);  // status still names the last good build

  // Mid-save garbage, then a good spec again: the page comes back, the error clears.
  save(o.spec_file, "{\"id\": ");
  wait_ms([&] { return status().find("invalid JSON") != std::string::npos; });
  save(o.spec_file, std::string(spec::builtin_spec_text()));
  wait_ms([&] { return status().find("\"error\":null") != std::string::npos; });
  CHECK(test::read_file(page / "data.js") == first_data);

  running = false;
  watcher.join();
  std::rewind(log);
  std::string said(4096, '\0');
  said.resize(std::fread(said.data(), 1, said.size(), log));
  std::fclose(log);
  CHECK(said.find("preview: error: /motions/light/timeline/exchange/swell/scale") != std::string::npos);
  CHECK(said.find("preview: built ") != std::string::npos);
}

TEST_CASE("Watch refuses to start without a spec file to watch", "[preview][site][watch]") {
  const fs::path dir = test::scratch_dir("preview-watch-builtin");
  const auto lottie_web = lottie_web_in(dir);
  render::PreviewSiteOptions o = options_for(dir);
  o.spec_file.clear();
  CHECK_THROWS_WITH(render::watch_preview(o, lottie_web, render::PreviewMode::Watch, [] { return true; }, stdout),
                    Catch::Contains("--watch needs --spec"));
  CHECK_FALSE(fs::exists(o.out));
}

TEST_CASE("A rebuild draws only the flipbooks an edit changed: light-only and one theme's colour", "[preview][site][watch]") {
  const fs::path dir = test::scratch_dir("preview-incremental");
  const auto lottie_web = lottie_web_in(dir);
  const render::PreviewSiteOptions o = options_for(dir);
  const fs::path page(o.out);
  save(o.spec_file, std::string(spec::builtin_spec_text()));

  std::mutex mutex;
  std::vector<nlohmann::json> updates;
  const auto count = [&] {
    std::lock_guard<std::mutex> lock(mutex);
    return updates.size();
  };
  std::atomic<bool> running{true};
  std::FILE* log = std::tmpfile();
  REQUIRE(log != nullptr);
  std::thread watcher([&] {
    render::watch_preview(o, lottie_web, render::PreviewMode::Serve, [&] { return running.load(); }, log, [&](const std::string& u) {
      std::lock_guard<std::mutex> lock(mutex);
      updates.push_back(nlohmann::json::parse(u));
    });
  });
  wait_ms([&] { return count() == 1; });
  const auto strong_strip = page / "frames/outline-strong-dark.png";
  const auto strong_written = fs::last_write_time(strong_strip);

  // The light swell grows: light's six flipbooks (3 styles x 2 themes) are drawn again, strong's are not.
  const std::string bigger_swell = iconsynth::test::builtin_spec_with("\"scale\": 1.12", "\"scale\": 1.15");
  save(o.spec_file, bigger_swell);
  wait_ms([&] { return count() == 2; });
  // Then the dark theme's colour: its six flipbooks, none of the light theme's.
  std::string recoloured = bigger_swell;
  const std::size_t white = recoloured.find("\"primary\": \"#FFFFFF\"");
  REQUIRE(white != std::string::npos);
  recoloured.replace(white, 20, "\"primary\": \"#FFD166\"");
  save(o.spec_file, recoloured);
  wait_ms([&] { return count() == 3; });
  // Saved again without a change: no build at all.
  save(o.spec_file, recoloured);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  running = false;
  watcher.join();
  std::fclose(log);

  std::lock_guard<std::mutex> lock(mutex);
  REQUIRE(updates.size() == 3);
  const int total = 6 * 60 + 6 * 90;  // light 60 frames, strong 90, each in 3 styles x 2 themes
  CHECK(updates[0]["framesRendered"] == total);
  CHECK(updates[0]["framesTotal"] == total);
  CHECK(updates[1]["framesRendered"] == 6 * 60);
  CHECK(updates[1]["framesRendered"].get<int>() <= 0.4 * total);
  CHECK(updates[2]["framesRendered"] == 3 * 60 + 3 * 90);
  for (const auto& u : updates) CHECK(u["error"].is_null());
  CHECK(updates[1]["build"] != updates[0]["build"]);
  CHECK(fs::last_write_time(strong_strip) != strong_written);  // the colour edit redrew dark strong
}
