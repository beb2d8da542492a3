// The web package in headless Chromium, against Cairo. One browser session serves the suite
// (tests/web/browser_session.mjs, run once by the CTest fixture "web: the browser session"; a test
// run alone starts it itself): the seed's JS and React snippets verbatim but for their specifiers,
// a look far from the bundle's own read back from its first draw and as `ready` resolves, live
// updates, reduced motion, 40 icons, a self-hosted wasm (`wasmUrl`), the custom element and bad
// options. Frames are what the page reads back from the
// canvas with getImageData (straight RGBA), compared with `render` of the same look at the
// player's own frame (fractional while playing: the player interpolates).
#include "crisp_cells.h"

#include <iostream>

using namespace iconsynth;
using Json = nlohmann::json;
using test::against_cairo;
using test::look;
using Verdict = test::PageVerdict;

namespace {

// The session's results, made by the fixture (or here, when a test runs alone).
const Json& session() {
  static const Json results = [] {
    const auto dir = test::artifact_dir("web-session");
    const auto file = dir / "results" / "results.json";
    if (!std::filesystem::exists(file)) {
      const test::CliResult r = test::run_command("bash '" + test::source_path("tests/web/browser_session.sh") + "' '" +
                                                      std::string(ICONSYNTH_CLI) + "' '" + dir.string() + "'",
                                                  test::artifact_dir("web-session-log"));
      INFO(r.out << r.err);
      REQUIRE(r.exit_code == 0);
    }
    return Json::parse(test::read_file(file));
  }();
  return results;
}

const render::Variant kSeed = test::seed_look();                                 // the seed's options
const render::Variant kFar = look("duotone", 3, "strong", "light", "#E5484D");  // browser_session.mjs's FAR
const render::Variant kDefault = look("outline", 2, "light", "dark", "#FFFFFF"); // the bundle's own look

// Every read-back frame of a play against Cairo in the animation it showed; the worst, printed.
void check_play(const std::string& what, const Json& log, const render::Variant& base, std::size_t at_least) {
  Verdict worst;
  std::size_t frames = 0;
  std::string worst_at;
  for (const Json& e : log) {
    if (!e.contains("file") || e["n"] == 1) continue;
    const Verdict v = against_cairo(e, test::in_animation(base, e["animation"]));
    INFO(what << ": draw " << e["n"] << ", " << e["animation"] << " frame " << e["frame"] << ": " << v.describe());
    CHECK(v.within());
    if (v.pixels.mean_abs >= worst.pixels.mean_abs) worst = v, worst_at = e["animation"].get<std::string>() + " frame " + e["frame"].dump();
    ++frames;
  }
  std::cout << what << ": " << frames << " frames sampled during the play, worst " << worst.describe() << " (" << worst_at << ")\n";
  CHECK(frames >= at_least);
}

void check_frame(const std::string& what, const Json& shown, const render::Variant& expected) {
  const Verdict v = against_cairo(shown, expected);
  std::cout << what << " (" << shown["w"] << " px): " << v.describe() << "\n";
  INFO(what << ": " << v.describe() << "; frame " << shown["frame"] << " of " << shown["animation"]);
  CHECK(v.within());
}

}  // namespace

TEST_CASE("The seed's JavaScript snippet, verbatim: its first frame is Cairo's rest frame, its button plays light as Cairo draws it, then it rests",
          "[web][browser]") {
  const Json& js = session()["js"];
  INFO(session()["jsErrors"].dump());
  CHECK(session()["jsErrors"].empty());
  CHECK(js["css"] == "128px");
  const Json& first = js["log"][0];
  CHECK(first["state"] == "rest");
  CHECK(first["frame"] == 0);
  check_frame("seed JS snippet, first frame", first, kSeed);
  check_play("seed JS snippet, the button's play", js["log"], kSeed, 4);
  bool played_light = false;
  for (const Json& e : js["log"]) played_light = played_light || (e["state"] == "light" && e["frame"].get<double>() > 5);
  CHECK(played_light);
  CHECK(js["rest"]["state"] == "rest");
  CHECK(js["rest"]["frame"] == 0);
  check_frame("seed JS snippet, at rest after the play", js["rest"], kSeed);
}

TEST_CASE("The seed's React snippet with React 19: size={32} is 32 CSS px of 32 x devicePixelRatio pixels at ratios 1 and 2, drawn as Cairo draws it",
          "[web][browser][react]") {
  for (int ratio : {1, 2}) {
    const std::string name = "crisp-react-32-" + std::to_string(ratio);
    const Json& r = session()["crisp"][name];
    INFO(name << ": " << session()[name + "Errors"].dump());
    CHECK(session()[name + "Errors"].empty());
    CHECK(r["css"] == "32px");
    CHECK(r["cssHeight"] == "32px");
    CHECK(r["ratio"] == ratio);
    CHECK(r["width"] == 32 * ratio);
    CHECK(r["height"] == 32 * ratio);
    CHECK(r["label"] == "GPU cluster");
    check_frame("seed React snippet at ratio " + std::to_string(ratio) + ", first frame", r["log"][0], kSeed);
    // A hover plays light, then a click strong.
    check_play("seed React snippet at ratio " + std::to_string(ratio) + ", a hover's and a click's play", r["log"], kSeed, 100);
    CHECK(r["rest"]["state"] == "rest");
    check_frame("seed React snippet at ratio " + std::to_string(ratio) + ", at rest after", r["rest"], kSeed);
  }
}

TEST_CASE("What a page plays is crisp: the seed's snippets at a sample of sizes and ratios rest as crisply as our PNG of their pixels and play as Cairo draws them",
          "[web][browser][crisp]") {
  const Json& cells = session()["crisp"];
  REQUIRE(cells.size() >= 3);  // browser_session.mjs's sample (and its switches)
  std::size_t checked = 0;
  for (const auto& [name, cell] : cells.items()) {
    if (!cell.contains("snippet")) continue;
    INFO(session()[name + "Errors"].dump());
    CHECK(session()[name + "Errors"].empty());
    test::check_crisp_cell(name, cell);
    ++checked;
  }
  CHECK(checked >= 3);
  // The control: the 32 px page's rest pose against the exact geometry (what a page showed
  // before masters) is far from it, so the verdict tells a master from the exact bundle.
  const Json& rest = cells["crisp-react-32-1"]["log"][0];
  const std::vector<std::uint32_t> pixels = test::page_pixels(rest);
  const render::AnimatedScene exact_scene = render::build_scene(test::builtin_spec(), kSeed);
  const render::ImageSurface exact = render::render_frame(render::evaluate(exact_scene, 0), 32);
  const render::DiffStats against_exact = render::compare_images(exact.view(), render::view_of(pixels, 32, 32), test::kPageTolerance);
  INFO("the 32 px page's rest pose against the exact geometry: " << render::describe(against_exact));
  CHECK(against_exact.mean_abs > 5);
}

TEST_CASE("Masters switched while playing (size, ratio, box): every painted frame is the motion's at that time, the new master's from the switch on",
          "[web][browser][crisp]") {
  struct Switch {
    const char* change;
    int before, after;   // backing px
    const char* motion;  // the play it happens in
  };
  for (const Switch& s : {Switch{"size", 32, 48, "strong"}, Switch{"ratio", 32, 64, "light"}, Switch{"box", 32, 48, "strong"}}) {
    const std::string name = std::string("switch-") + s.change;
    const Json& r = session()["crisp"][name];
    INFO(name << ": " << session()[name + "Errors"].dump());
    CHECK(session()[name + "Errors"].empty());
    CHECK(r["css"] == (s.change == std::string("ratio") ? "32px" : "48px"));
    CHECK(r["ratio"] == (s.change == std::string("ratio") ? 2 : 1));
    double last_before = -1, first_after = -1;
    std::size_t before = 0, after = 0;
    Verdict worst;
    for (const Json& e : r["log"]) {
      REQUIRE(e.contains("file"));  // every painted frame read back
      const int w = e["w"];
      INFO("draw " << e["n"] << ": " << w << " px, " << e["animation"] << " frame " << e["frame"] << ", " << e["state"]);
      REQUIRE((w == s.before || w == s.after));
      if (w == s.before) {
        CHECK(after == 0);  // never back to the old master
        ++before;
        if (e["state"] == s.motion) last_before = e["frame"];
      } else {
        if (after++ == 0) {
          first_after = e["frame"];
          CHECK(e["state"] == s.motion);  // the play goes on
        }
      }
      const Verdict v = against_cairo(e, test::in_animation(kSeed, e["animation"]));
      INFO(v.describe());
      CHECK(v.within());
      if (v.pixels.mean_abs >= worst.pixels.mean_abs) worst = v;
    }
    CHECK(before >= 10);
    CHECK(after >= 10);
    // The first frame of the new master is the motion's at that time: on from the old one's last
    // (the runtime reads the frame as dotlottie-web gives it, to a hundredth).
    INFO("last frame at " << s.before << " px: " << last_before << ", first at " << s.after << " px: " << first_after);
    CHECK(first_after >= last_before - 0.01);
    CHECK(first_after - last_before <= 3);
    std::cout << name << ": " << before << " frames at " << s.before << " px, then " << after << " at " << s.after << " px (frame "
              << last_before << " then " << first_after << "), worst " << worst.describe() << "\n";
  }
}

TEST_CASE("Live looks on a master: a weight between presets plays the exact bundle, a preset with another colour and theme its master, each from the next frame drawn",
          "[web][browser][crisp]") {
  const Json& looks = session()["crisp"]["looks"];
  INFO(looks.dump(1));
  const auto fetched = [&](const char* name) {
    std::vector<std::string> masters;  // bundles and raster masters
    for (const Json& f : looks[name]["fetched"]) {
      const std::string path = f[0];
      if (path.ends_with(".lottie") || path.ends_with(".webp")) masters.push_back(path);
    }
    return masters;
  };
  // 48 CSS px at ratio 1, the seed's look: weight 2.25 is no preset, so the bundle with its weight slot.
  CHECK(fetched("between") == std::vector<std::string>{"/generative-icons/gpu-cluster.lottie"});
  render::Variant between = kSeed;
  between.weight = 2.25;
  REQUIRE(looks["between"]["first"]["w"] == 48);
  check_frame("weight 2.25 at 48 px (the bundle), the next frame", looks["between"]["first"], between);
  // Weight 2.5, red, the light theme: the 48 px raster master of weight 2.5's rest pose alone (the
  // clock bundle is the one already loaded; no play was asked for), composited in the new colours.
  const spec::IconSpec& spec = test::builtin_spec();
  CHECK(fetched("preset") == std::vector<std::string>{"/generative-icons/" + render::lottie::raster_rest_path(spec, {48, 2.5}, "outline", "light")});
  check_frame("weight 2.5, #E5484D, light, at 48 px (its master), the next frame", looks["preset"]["first"], look("outline", 2.5, "light", "light", "#E5484D"));
  // The control: that frame is not the bundle's weight 2.5 (the master is drawn for its pixels).
  const std::vector<std::uint32_t> pixels = test::page_pixels(looks["preset"]["first"]);
  const render::AnimatedScene exact = render::build_scene(test::builtin_spec(), look("outline", 2.5, "light", "light", "#E5484D"));
  const render::DiffStats against_exact =
      render::compare_images(render::render_frame(render::evaluate(exact, 0), 48).view(), render::view_of(pixels, 48, 48), test::kPageTolerance);
  INFO("against the exact geometry: " << render::describe(against_exact));
  CHECK(against_exact.mean_abs > 2);
}

TEST_CASE("A master a site did not copy: the icon shows all the same, drawn from the bundle", "[web][browser][crisp]") {
  const Json& r = session()["uncopied"];
  INFO(r.dump() << session()["uncopiedErrors"].dump());
  CHECK(r["shown"] == true);
  // The clock and the raster masters asked for (the rest pose's, then the whole), the vector master,
  // then the bundle.
  const spec::IconSpec& spec = test::builtin_spec();
  CHECK(r["fetched"] == Json::array({"/generative-icons/" + render::lottie::clock_bundle_path(spec),
                                     "/generative-icons/" + render::lottie::raster_rest_path(spec, {36, 1.5}, "outline", "light"),
                                     "/generative-icons/" + render::lottie::raster_master_path(spec, {36, 1.5}, "outline", "light"),
                                     "/generative-icons/" + render::lottie::master_path(spec, {36, 1.5}), "/generative-icons/gpu-cluster.lottie"}));
  const std::vector<std::uint32_t> pixels = test::page_pixels(r["first"]);
  const render::AnimatedScene exact = render::build_scene(test::builtin_spec(), look("outline", 1.5, "light", "dark", "#FFFFFF"));
  const render::DiffStats drawn =
      render::compare_images(render::render_frame(render::evaluate(exact, 0), 36).view(), render::view_of(pixels, 36, 36), test::kPageTolerance);
  INFO("the first frame against the exact geometry at 36 px: " << render::describe(drawn));
  CHECK(drawn.mean_abs <= test::kPageMaxMean);
}

TEST_CASE("A page showing the icon at 32 px (the seed's React snippet) fetches the clock bundle and the raster master of its first frame alone, within the published asset's 12,291 bytes",
          "[web][browser][crisp]") {
  const Json& fetched = session()["crisp"]["crisp-react-32-1"]["fetchedAtFirstPaint"];
  const spec::IconSpec& spec = test::builtin_spec();
  // What showing the icon needs: the clock and the rest pose's frame. The motions' masters are
  // fetched once a pointer is on the icon or a play is asked for.
  const std::string clock = "/" + render::lottie::clock_bundle_path(spec), rest = "/" + render::lottie::raster_rest_path(spec, {32, 2}, "outline", "light");
  std::size_t shown = 0, total = 0;
  std::string log;
  for (const Json& f : fetched) {
    const std::string path = f[0];
    const std::size_t bytes = f[1];
    log += "  " + path + " " + std::to_string(bytes) + " bytes\n";
    total += bytes;
    if (!path.ends_with(".lottie") && !path.ends_with(".webp")) continue;
    CHECK((path == clock || path == rest));
    shown += bytes;
  }
  std::cout << "a page showing the icon at 32 px fetched, up to its first paint and just after:\n" << log << "  the icon's bundle and masters: " << shown
            << " bytes, of " << total << "\n";
  CHECK(shown > 0);
  CHECK(shown <= 12291);
}

TEST_CASE("No flash of the default: the first frame read back has the requested colour and weight, while a player given the look on load shows the default first",
          "[web][browser]") {
  const Json& r = session()["noFlash"];
  const Json& first = r["first"];
  CHECK(first["n"] == 1);
  CHECK(first["w"] == 128);  // size 64 at ratio 2
  check_frame("far look (duotone, weight 3, #E5484D, light), first frame read back", first, kFar);
  const Verdict vs_default = against_cairo(first, kDefault);
  INFO("the same frame against the bundle's own look: " << vs_default.describe());
  CHECK(vs_default.pixels.mean_abs > 10);
  // The control: the player on the page's canvas, the look set on its load event.
  const Json& naive = r["naive"];
  REQUIRE(naive.size() == 2);
  CHECK(naive[0]["w"] == 112);  // dotlottie-web's own ratio at 2: 1 + (2 − 1) × 0.75
  const Verdict flash = against_cairo(naive[0], kDefault), wanted = against_cairo(naive[0], kFar);
  std::cout << "the look set on load, first draw: the default look " << flash.describe() << "; the requested look "
            << wanted.describe() << "\n";
  CHECK(flash.within());
  CHECK(wanted.pixels.mean_abs > 10);
}

TEST_CASE("update({weight: 3, color: '#22C55E', style: 'solid'}) on a live handle: the next frames match Cairo, so does a hover's play after, and a new size is live",
          "[web][browser]") {
  const Json& r = session()["noFlash"];
  CHECK(r["updatedDraws"].get<int>() >= 1);
  const render::Variant updated = look("solid", 3, "strong", "light", "#22C55E");
  check_frame("after update(), the next frame", r["afterUpdate"], updated);
  check_play("after update(), a hover's play", r["hover"], updated, 4);
  // update({size: 40}) at ratio 2: 40 CSS px of 80 pixels, drawn at that size.
  CHECK(r["resized"]["css"] == "40px");
  CHECK(r["resized"]["w"] == 80);
  check_frame("after update({size: 40})", r["resized"], updated);
}

TEST_CASE("The handle's ready resolves true with the first frame already painted in the look, and false when destroy() comes first",
          "[web][browser]") {
  const Json& r = session()["noFlash"];
  const Json& at = r["atReady"];
  CHECK(at["shown"] == true);
  CHECK(at["draws"].get<int>() >= 1);
  check_frame("the canvas as ready resolved (the far look)", at, kFar);
  // Destroyed at once, and while its bundle was still loading: false, and never a frame drawn.
  const Json& early = r["early"];
  INFO(early.dump());
  CHECK(early["at-once"] == false);
  CHECK(early["loading"] == false);
  CHECK(early["draws"] == Json::array({0, 0}));
}

TEST_CASE("wasmUrl: a page hosting the player's wasm itself (no import map entry for it) loads it from there, once for two icons, nothing from elsewhere",
          "[web][browser]") {
  const Json& r = session()["wasmUrl"];
  INFO(session()["wasmUrlErrors"].dump() << r.dump());
  CHECK(session()["wasmUrlErrors"].empty());
  CHECK(r["players"] == Json::array({true, true}));
  CHECK(r["selfHostedFetches"] == 1);
  CHECK(r["packageWasmFetches"] == 0);
  CHECK(r["foreignRequests"] == 0);
  check_frame("wasmUrl, first frame", r["first"], kDefault);
}

TEST_CASE("Reduced motion, emulated and then switched off while the page is open: hovering plays nothing, then plays", "[web][browser]") {
  const Json& r = session()["calm"];
  INFO(r.dump(1));
  CHECK(r["hoverReduced"]["state"] == "rest");
  CHECK(r["hoverReduced"]["frame"] == 0);
  CHECK(r["hoverReduced"]["draws"] == r["loaded"]["draws"]);  // not one frame drawn
  CHECK(r["hoverAllowed"]["state"] == "light");
  CHECK(r["hoverAllowed"]["frame"].get<double>() > 5);
  CHECK(r["hoverAllowed"]["draws"].get<int>() > r["hoverReduced"]["draws"].get<int>() + 5);
}

TEST_CASE("A change of the pixel ratio while the page is open (a zoom, another screen): the canvas keeps its CSS size and gets the new ratio's pixels",
          "[web][browser]") {
  const Json& z = session()["calm"]["zoom"];
  INFO(z.dump(1));
  CHECK(z["before"] == 64);
  CHECK(z["ratio"] == 2);
  CHECK(z["css"] == "64px");
  CHECK(z["w"] == 128);
  check_frame("after the pixel ratio went from 1 to 2", z, look("outline", 2, "light", "dark", "#FFFFFF"));
}

TEST_CASE("40 icons on a page: one wasm load, no frame drawn out of view, and destroy() leaves no animation-frame callback, listener or observer",
          "[web][browser]") {
  const Json& r = session()["forty"];
  INFO(r.dump());
  CHECK(r["wasmFetches"] == 1);
  CHECK(r["bundleFetches"] == 1);
  // The clock once, and each preset weight's raster masters once: its rest pose's and its motions'.
  Json masters = {{"/generative-icons/" + render::lottie::clock_bundle_path(test::builtin_spec()), 1}};
  for (double weight : {1.5, 2.0, 2.5}) {
    masters["/generative-icons/" + render::lottie::raster_rest_path(test::builtin_spec(), {48, weight}, "outline", "light")] = 1;
    for (const char* motion : {"light", "strong"}) masters["/generative-icons/" + render::lottie::raster_master_path(test::builtin_spec(), {48, weight}, "outline", motion)] = 1;
  }
  CHECK(r["masterFetches"] == masters);
  CHECK(session()["foreignRequests"].empty());  // never a CDN
  // Every icon asked to play, the first 16 scrolled out of view: they draw nothing, the rest play.
  for (int i = 0; i < 40; ++i) {
    INFO("icon " << i);
    const bool visible = r["visibleWhilePlaying"][i];
    CHECK(visible == (i >= 16));
    if (visible) CHECK(r["drawsWhilePlaying"][i].get<int>() > 10);
    else CHECK(r["drawsWhilePlaying"][i] == 0);
    // Scrolled back: the first 16 play their action now, the other 24 are out of view and draw nothing.
    if (r["visibleAfterScrollBack"][i]) CHECK(r["drawsAfterScrollBack"][i].get<int>() > 10);
    else CHECK(r["drawsAfterScrollBack"][i] == 0);
  }
  std::cout << "40 icons, 16 in view at rest: " << r["rafPerSecondAtRest"] << " animation-frame callbacks a second, "
            << r["rafMsPerSecondAtRest"] << " ms of them a second\n";
  // What there is to release, then nothing left.
  CHECK(r["beforeDestroy"]["canvasListeners"].get<int>() >= 40);
  CHECK(r["beforeDestroy"]["mediaListeners"] == 80);  // reduced motion and the pixel ratio, each icon
  // Its box (the runtime's) and whether it is in view (the player's on the canvas, or the runtime's
  // for raster masters), each icon.
  CHECK(r["beforeDestroy"]["observed"] == 80);
  CHECK(r["beforeDestroy"]["raf"].get<int>() >= 1);
  CHECK(r["afterDestroy"] == Json({{"raf", 0}, {"canvasListeners", 0}, {"mediaListeners", 0}, {"observed", 0}}));
}

TEST_CASE("The custom element: attributes set the look, hover and click play by themselves, an attribute change is live, removal releases it",
          "[web][browser][element]") {
  const Json& r = session()["element"];
  INFO(session()["elementErrors"].dump());
  CHECK(session()["elementErrors"].empty());
  CHECK(r["ready"] == true);
  CHECK(r["label"] == "GPU cluster");
  const render::Variant red = look("duotone", 2.5, "light", "dark", "#E5484D");
  check_frame("<generative-icon>, first frame", r["log"][0], red);
  check_play("<generative-icon>, a hover's play", r["log"], red, 4);
  const render::Variant green = look("duotone", 2.5, "light", "dark", "#22C55E");
  check_frame("<generative-icon color=\"#22C55E\">, after the change", r["recoloured"], green);
  // A click, the pointer already on it (no pointer enter): the bundle's click plays strong.
  bool played_strong = false;
  for (const Json& e : r["click"]) played_strong = played_strong || (e["state"] == "strong" && e["frame"].get<double>() > 5);
  CHECK(played_strong);
  check_play("<generative-icon>, a click's play", r["click"], green, 4);
  CHECK(r["left"]["player"] == false);
  CHECK(r["left"]["listeners"] == 0);
}

TEST_CASE("A bad option throws naming it, and a missing bundle or wasm rejects naming src or wasmUrl", "[web][browser]") {
  const Json& e = session()["errors"];
  INFO(e.dump(1));
  CHECK(e["weight"] == "RangeError: weight: 5 is outside [1, 3]");
  CHECK(e["style"] == "RangeError: style: unknown \"sketch\"; one of outline, solid, duotone");
  CHECK(e["motion"] == "RangeError: motion: unknown \"fast\"; one of light, strong");
  CHECK(e["color"] == "TypeError: color: expected #RRGGBB or #RRGGBBAA, got \"red\"");
  CHECK(e["theme"] == "RangeError: theme: unknown \"sepia\"; one of light, dark");
  CHECK(e["size"].get<std::string>().starts_with("RangeError: size: -4 is not"));
  CHECK(e["unknown"].get<std::string>().starts_with("TypeError: variant: unknown option"));
  CHECK(e["icon"].get<std::string>().starts_with("TypeError: icon: "));
  CHECK(e["updateWeight"] == "weight: 0 is outside [1, 3]");
  CHECK(e["src"] == "src: cannot load http://icons.test/generative-icons/missing.lottie: 404 Not Found");
  const Json& w = session()["wasmErrors"];
  CHECK(w["missing"].get<std::string>().starts_with("wasmUrl: cannot load /missing.wasm"));
  CHECK(w["unmapped"].get<std::string>().starts_with("wasmUrl: not given, and '@lottiefiles/dotlottie-web/dotlottie-player.wasm' does not resolve"));
}
