// The editor's model: an edit rebuilds what it touches and nothing else, a refused value keeps the
// last good build, frames and flipbooks are drawn from the revision's own spec, and rebuilds
// coalesce (at most one runs, the latest waits, nothing queues); a target is scored as check scores
// it, and a fit's result becomes proposed changes.
#include "render/cairo/raster.h"
#include "render/lottie/lottie_writer.h"
#include "render/preview/against_target.h"
#include "editor_support.h"
#include "render/preview/editor_session.h"
#include "render/preview/fit_job.h"
#include "render/preview/latest_only.h"
#include "render/preview/page_data.h"
#include "render/scene/evaluate.h"
#include "spec/loader.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <set>
#include <thread>

using namespace iconsynth;
using Json = nlohmann::ordered_json;

namespace {

std::set<std::string> rebuilt(const Json& response) {
  std::set<std::string> ids;
  for (const Json& id : response["rebuilt"]) ids.insert(id.get<std::string>());
  return ids;
}

// The keys of every animation a response leaves the page holding.
std::set<std::string> keys(const Json& response) {
  std::set<std::string> out;
  for (const auto& [id, v] : response["data"]["variants"].items()) out.insert(v["key"].get<std::string>());
  return out;
}

std::string key_of(const Json& response, const std::string& id, const std::string& theme) {
  const std::string url = response["data"]["variants"][id]["frames"][theme];
  return url.substr(url.find("key=") + 4);
}

}  // namespace

TEST_CASE("An edit rebuilds the animations it touches, and only those", "[preview][editor]") {
  render::EditorSession session(std::string(spec::builtin_spec_text()), test::small_editor_page());
  const Json first = session.edit({});
  REQUIRE(first["ok"] == true);
  CHECK(rebuilt(first).size() == 6);  // a page with nothing yet gets every card
  const std::set<std::string> have = keys(first);

  const Json light = session.edit({{"motions.light.timeline.exchange.swell.scale", 1.2}}, have);
  REQUIRE(light["ok"] == true);
  CHECK(rebuilt(light) == std::set<std::string>{"outline-light", "solid-light", "duotone-light"});
  CHECK(light["changes"][0]["set"] == "--set motions.light.timeline.exchange.swell.scale=1.2");
  CHECK(light["changes"][0]["was"] == 1.12);
  CHECK(light["data"]["variants"]["outline-strong"].contains("lottie") == false);

  // A layout value is every card's; the light theme's colour none of the cards' animations (the
  // page opens in the dark theme; the light theme's flipbooks get new keys, drawn when asked for).
  const Json layout = session.edit({{"layout.die.size", 1.5}}, keys(light));
  CHECK(rebuilt(layout).size() == 6);
  const Json colour = session.edit({{"layout.die.size", 1.5}, {"themes.light.primary", "#E5484D"}}, keys(layout));
  CHECK(rebuilt(colour).empty());
  CHECK(key_of(colour, "outline-light", "light") != key_of(layout, "outline-light", "light"));
  CHECK(key_of(colour, "outline-light", "dark") == key_of(layout, "outline-light", "dark"));
  CHECK(session.work().lotties_written == 6 + 3 + 6);

  // The answer as sent: each rebuilt card's animation in place, as the exporter writes it.
  const Json again = session.edit({{"layout.die.size", 1.75}}, keys(colour));
  const Json sent = Json::parse(session.answer_text(again));
  const spec::IconSpec die = spec::load_spec_with_overrides("", {"layout.die.size=1.75"});
  render::lottie::LottieOptions lottie;
  lottie.size = 32;
  CHECK(Json::parse(sent["data"]["variants"]["solid-strong"]["lottie"].get<std::string>()) ==
        render::lottie::write_animation(render::card_scene(die, test::small_editor_page(), "solid", "strong", "dark"), lottie));
}

TEST_CASE("A value the spec refuses keeps the last good build and says why in the spec's words", "[preview][editor]") {
  render::EditorSession session(std::string(spec::builtin_spec_text()), test::small_editor_page());
  const Json good = session.edit({{"motions.light.timeline.exchange.swell.scale", 1.2}});
  const Json bad = session.edit({{"motions.light.timeline.exchange.swell.scale", 1.3}});
  CHECK(bad["ok"] == false);
  CHECK(bad["rev"] == good["rev"]);
  CHECK(bad["error"]["message"] ==
        "/motions/light/timeline/exchange/swell/scale: 1.3 would push the modules off the 24-unit grid; at most 1.25 with padding 1");
  CHECK(bad["error"]["path"] == "motions.light.timeline.exchange.swell.scale");
  CHECK(session.changes().at(0).value == 1.2);  // the last good
  const Json unknown = session.edit({{"motions.light.timeline.exchange.swel.scale", 1.1}});
  CHECK_THAT(unknown["error"]["message"].get<std::string>(), Catch::Contains("--set names no existing field"));
  // The good revision's frames are still drawn.
  CHECK(session.frame_png(key_of(good, "outline-light", "dark"), 30).has_value());
}

TEST_CASE("A value the icon draws as another is said beside its control, with what is drawn", "[preview][editor]") {
  render::EditorSession session(std::string(spec::builtin_spec_text()), test::small_editor_page());
  CHECK(session.edit({})["drawn"].empty());  // the built-in spec draws every value as written
  const Json die = session.edit({{"layout.die.size", 1.75}});
  REQUIRE(die["ok"] == true);
  REQUIRE(die["drawn"].size() == 1);
  CHECK(die["drawn"][0]["path"] == "layout.die.size");
  CHECK(die["drawn"][0]["written"] == 1.75);
  CHECK(die["drawn"][0]["drawn"] == 2);
  CHECK(die["drawn"][0]["why"] == "on the keylines");
}

TEST_CASE("Frames and flipbooks are drawn from the revision's spec, and only for keys of recent revisions", "[preview][editor]") {
  render::EditorSession session(std::string(spec::builtin_spec_text()), test::small_editor_page());
  const Json r = session.edit({{"motions.light.timeline.exchange.swell.scale", 1.2}});
  const std::string key = key_of(r, "solid-light", "dark");
  const auto png = session.frame_png(key, 34);
  REQUIRE(png.has_value());
  const spec::IconSpec edited = spec::load_spec_with_overrides("", {"motions.light.timeline.exchange.swell.scale=1.2"});
  const render::AnimatedScene scene = render::card_scene(edited, test::small_editor_page(), "solid", "light", "dark");
  CHECK(*png == render::render_frame(render::evaluate(scene, 34), 32).png_bytes());
  CHECK_FALSE(session.frame_png(key, scene.frame_count).has_value());
  CHECK(session.filmstrip_png(key).has_value());
  // Each motion's own plot.
  const auto plot = [&](const char* motion) { return session.plot_png(r["data"]["motions"][motion]["plot"]["src"].get<std::string>().substr(13)); };
  CHECK(plot("light") == render::page_motion_plot(edited, "light", render::PlotFormat::Png));
  CHECK(plot("strong") == render::page_motion_plot(edited, "strong", render::PlotFormat::Png));
  CHECK_FALSE(session.frame_png("0000000000000000", 0).has_value());
  // Kept for a while after later edits (a page on a busy machine asks late), then gone.
  for (int i = 0; i < 63; ++i) session.edit({{"motions.light.timeline.exchange.swell.scale", 1.13 + 0.001 * i}});
  CHECK(session.frame_png(key, 34).has_value());
  session.edit({{"motions.light.timeline.exchange.swell.scale", 1.16}});
  CHECK_FALSE(session.frame_png(key, 34).has_value());
}

TEST_CASE("Save's text is the base with the changed tokens, and a rebase starts from the new text", "[preview][editor]") {
  const std::string base(spec::builtin_spec_text());
  render::EditorSession session(base, test::small_editor_page());
  const std::string saved = session.edited_text({{"motions.strong.timeline.sequence.1.exchange.swell.scale", 1.25}});
  CHECK(saved.size() == base.size() + 1);  // "1.2" → "1.25"
  CHECK_THROWS_AS(session.edited_text({{"motions.strong.timeline.sequence.1.exchange.swell.scale", 9}}), spec::SpecError);
  session.rebase(saved);
  CHECK(session.base_text() == saved);
  // Undone after a save: written back as the file first had it.
  CHECK(session.edited_text({{"motions.strong.timeline.sequence.1.exchange.swell.scale", 1.2}}) == base);
}

TEST_CASE("Rebuilds coalesce: one at a time, the latest value next, superseded ones answered at once", "[preview][editor]") {
  std::atomic<int> running{0}, most{0};
  render::LatestOnly<int, int> latest([&](const int& v) {
    most = std::max(most.load(), ++running);
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    --running;
    return v;
  });
  std::vector<std::thread> threads;
  std::vector<std::optional<int>> results(12);
  for (int i = 0; i < 12; ++i) {
    threads.emplace_back([&, i] { results[i] = latest.submit(i); });
    std::this_thread::sleep_for(std::chrono::milliseconds(5));  // submitted in order, faster than the work
  }
  for (std::thread& t : threads) t.join();
  CHECK(most == 1);
  CHECK(results.front() == 0);  // the first ran at once
  CHECK(results.back() == 11);  // the latest always runs
  int built = 0;
  for (const auto& r : results) built += r.has_value();
  CHECK(built == static_cast<int>(latest.started()));
  CHECK(built < 12);  // the ones in between were superseded while they waited
}

TEST_CASE("A fit proposes the values that differ, each easing whole", "[preview][editor][fit]") {
  const spec::Json base = spec::parse_spec_json(spec::builtin_spec_text());
  spec::Json fitted = base;
  fitted["motions"]["light"]["timeline"]["exchange"]["swell"]["scale"] = 1.2;
  fitted["motions"]["light"]["timeline"]["exchange"]["travel"]["ease"] = Json::array({0.3, 0, 0.2, 1});
  fitted["defaults"]["style"] = "solid";  // not a tunable value: not proposed
  const std::vector<spec::SpecChange> proposed = render::proposed_changes(base, fitted);
  REQUIRE(proposed.size() == 2);
  CHECK(proposed[0] == spec::SpecChange{"motions.light.timeline.exchange.travel.ease", Json::array({0.3, 0, 0.2, 1})});
  CHECK(proposed[1] == spec::SpecChange{"motions.light.timeline.exchange.swell.scale", 1.2});
  CHECK(render::proposed_changes(base, base).empty());
}

TEST_CASE("A target is played once, then scored against each edit as check scores it", "[preview][editor][against]") {
  const spec::IconSpec base = spec::load_spec_text(spec::builtin_spec_text());
  const spec::IconSpec truth = spec::load_spec_with_overrides("", {"motions.light.timeline.exchange.swell.scale=1.2"});
  render::lottie::LottieOptions lottie;
  lottie.size = 64;
  const std::string text =
      render::lottie::to_text(render::lottie::write_animation(render::build_scene(truth, {"solid", 2, "light", "dark", std::nullopt}), lottie));
  render::AgainstSource source;
  source.name = "target.json";
  source.asset = render::lottie::read_asset_bytes(text, "target.json");
  source.check_size = 64;
  const render::AgainstTarget target(base, source, 32);
  const Json described = target.describe();
  REQUIRE(described["animations"].size() == 1);
  CHECK(described["animations"][0]["style"] == "solid");
  CHECK(described["animations"][0]["motion"] == "light");
  CHECK(target.animations_of("light") == std::vector<std::string>{described["animations"][0]["id"].get<std::string>()});
  CHECK(target.animations_of("strong").empty());
  const std::string id = described["animations"][0]["id"];
  CHECK(target.score(base, id)->at("passed") == false);
  CHECK(target.score(truth, id)->at("passed") == true);
  CHECK(target.score(truth, id)->at("score").get<double>() < target.score(base, id)->at("score").get<double>());
  CHECK(target.filmstrip_png(id).has_value());
  CHECK_FALSE(target.filmstrip_png("nothing").has_value());
}

TEST_CASE("An edit's answer carries the frame the page shows, drawn, for each card of its motion", "[preview][editor]") {
  CHECK(render::base64("Man") == "TWFu");
  CHECK(render::base64("Ma") == "TWE=");
  CHECK(render::base64("M") == "TQ==");
  CHECK(render::base64("") == "");
  render::EditorSession session(std::string(spec::builtin_spec_text()), test::small_editor_page());
  const Json r = session.edit({{"motions.strong.timeline.sequence.1.exchange.swell.scale", 1.24}}, {}, render::ShownFrame{"strong", "light", 40});
  REQUIRE(r["ok"] == true);
  for (const char* id : {"outline-strong", "solid-strong", "duotone-strong"}) {
    INFO(id);
    const Json& now = r["data"]["variants"][id]["frameNow"];
    CHECK(now["frame"] == 40);
    CHECK(now["theme"] == "light");
    CHECK(now["src"] == "data:image/png;base64," + render::base64(*session.frame_png(key_of(r, id, "light"), 40)));
  }
  CHECK_FALSE(r["data"]["variants"]["outline-light"].contains("frameNow"));  // not the motion shown
  // A frame the motion does not have, or a theme the spec does not name: nothing drawn, no error.
  CHECK(session.edit({}, {}, render::ShownFrame{"strong", "light", 1000})["ok"] == true);
  CHECK(session.edit({}, {}, render::ShownFrame{"strong", "sepia", 0})["ok"] == true);
}

TEST_CASE("The shown frame is drawn ahead of its rebuild, under the keys the rebuild names it with", "[preview][editor]") {
  render::EditorSession session(std::string(spec::builtin_spec_text()), test::small_editor_page());
  const std::vector<spec::SpecChange> harder = {{"motions.strong.timeline.sequence.1.exchange.swell.scale", 1.24}};
  const Json now = session.shown_frames(harder, render::ShownFrame{"strong", "light", 46});
  REQUIRE(now["ok"] == true);
  CHECK(now["frame"] == 46);  // round 1 at its peak
  REQUIRE(now["frames"].size() == 3);
  const int revisions = session.work().revisions;
  std::map<std::string, std::string> drawn;  // id → PNG as a data: URL
  for (const Json& f : now["frames"]) {
    INFO(f["id"]);
    // Its key's other frames can be asked for before any rebuild names the key.
    CHECK(session.frame_png(f["key"], 47).has_value());
    drawn[f["id"]] = f["src"];
  }
  CHECK(session.work().revisions == revisions);  // nothing was rebuilt for it
  const Json edit = session.edit(harder);
  for (const char* id : {"outline-strong", "solid-strong", "duotone-strong"}) {
    INFO(id);
    const std::string key = key_of(edit, id, "light");
    CHECK(drawn[id] == "data:image/png;base64," + render::base64(*session.frame_png(key, 46)));
  }
  // Another value draws another frame.
  const Json softer = session.shown_frames({{"motions.strong.timeline.sequence.1.exchange.swell.scale", 1.05}}, render::ShownFrame{"strong", "light", 46});
  REQUIRE(softer["ok"] == true);
  CHECK(softer["frames"][0]["key"] != now["frames"][0]["key"]);
  CHECK(softer["frames"][0]["src"] != now["frames"][0]["src"]);
  // A value the spec refuses, or a motion, theme or frame it does not have: nothing drawn.
  CHECK(session.shown_frames({{"motions.strong.timeline.sequence.1.exchange.swell.scale", 9}}, render::ShownFrame{"strong", "light", 46})["ok"] == false);
  CHECK(session.shown_frames({}, render::ShownFrame{"nothing", "light", 0})["ok"] == false);
  CHECK(session.shown_frames({}, render::ShownFrame{"strong", "sepia", 0})["ok"] == false);
  CHECK(session.shown_frames({}, render::ShownFrame{"strong", "light", 100000})["ok"] == false);
}
