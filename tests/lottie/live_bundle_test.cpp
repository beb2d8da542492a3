// The bundle as the live icon: ThorVG (npm @lottiefiles/dotlottie-web, the engine of dotLottie
// players, in plain Node) loads our .lottie, a page's options arrive as slot values from the
// descriptor module (or as one of the bundle's themes), and every look it then draws matches
// `iconsynth render` of the same style, motion, weight, colour and theme.
#include "live_support.h"

#include "render/cairo/raster.h"
#include "render/lottie/isolated_player.h"
#include "render/lottie/zip_reader.h"
#include "render/lottie/zip_writer.h"

#include <catch2/catch.hpp>

#include <iostream>
#include <memory>
#include <set>

using namespace iconsynth;
using test::Json;

namespace {

constexpr int kSize = 128;
constexpr int kTolerance = 32;
constexpr double kMaxMean = 1.0;
constexpr double kMaxShareOver = 0.01;


// What a page asks for.
struct Look {
  std::string style, motion;
  double weight;
  std::string theme;
  std::optional<std::string> color;

  render::Variant variant() const {
    return {style, weight, motion, theme, color ? spec::parse_hex_color(*color) : std::nullopt};
  }
  Json options() const {
    Json o = {{"style", style}, {"weight", weight}, {"theme", theme}};
    if (color) o["color"] = *color;
    return o;
  }
  std::string describe() const {
    return style + "-" + motion + " weight " + spec::format_number(weight) + " " + theme + (color ? " " + *color : "");
  }
};

struct Worst {
  render::DiffStats stats;
  int frame = -1;
  bool passes() const { return stats.mean_abs <= kMaxMean && stats.share_over <= kMaxShareOver; }
};

// The player's current look against Cairo's frames of `expected`, key frame by key frame; images
// of the worst frame are left in `dir` when it fails.
Worst compare_with_cairo(const render::lottie::IsolatedPlayer& player, const render::Variant& expected,
                         const std::filesystem::path& dir) {
  const render::AnimatedScene scene = render::build_scene(test::builtin_spec(), expected);
  REQUIRE(player.frame_count() == static_cast<std::size_t>(scene.frame_count));
  Worst worst;
  for (int f : test::key_frames(scene)) {
    const std::vector<std::uint32_t> theirs = player.render(static_cast<std::size_t>(f), kSize);
    const render::ImageSurface ours = render::render_frame(render::evaluate(scene, f), kSize);
    const render::DiffStats d = render::compare_images(ours.view(), render::view_of(theirs, kSize, kSize), kTolerance);
    if (worst.frame < 0 || d.mean_abs > worst.stats.mean_abs || d.share_over > worst.stats.share_over) {
      worst = {d, f};
      if (!worst.passes()) {
        std::ofstream(dir / "cairo.png", std::ios::binary) << ours.png_bytes();
        test::write_png(dir / "thorvg.png", theirs.data(), kSize, kSize);
      }
    }
  }
  return worst;
}

struct Live {
  std::filesystem::path dir, module;
  std::string bundle;
  render::lottie::ThorvgRuntime runtime = cli::find_thorvg("");

  explicit Live(const std::string& name) : dir(test::scratch_dir(name)), module(test::write_bundle_and_descriptor(dir)) {
    bundle = test::read_file(dir / "gpu-cluster.lottie");
  }
  // ThorVG with one animation of `bundle_bytes` loaded, a theme applied or none.
  std::unique_ptr<render::lottie::IsolatedPlayer> player(const std::string& animation, const std::string& theme = "",
                                                         const std::string& bundle_bytes = "") const {
    const render::lottie::ThorvgDocument document{bundle_bytes.empty() ? bundle : bundle_bytes, true, animation, theme, ""};
    return std::make_unique<render::lottie::IsolatedPlayer>(runtime, document, "gpu-cluster.lottie");
  }
  // The descriptor's slots() for each look, as JSON text a player takes.
  std::vector<std::string> slots(const std::vector<Look>& looks) const {
    Json options = Json::array();
    for (const Look& l : looks) options.push_back(l.options());
    const Json run = test::descriptor_run(module, options, dir);
    std::vector<std::string> out;
    for (const Json& r : run["results"]) {
      REQUIRE(r.contains("slots"));
      out.push_back(r["slots"].dump());
    }
    return out;
  }
};

// Asserts the limits for one look; keeps the worst for the test's summary line.
struct Report {
  double worst_mean = 0, worst_share = 0;
  std::string worst_look;
  int looks = 0;

  void operator()(const Look& look, const Worst& w) {
    INFO(look.describe() << ": worst frame " << w.frame << " " << render::describe(w.stats));
    CHECK(w.stats.mean_abs <= kMaxMean);
    CHECK(w.stats.share_over <= kMaxShareOver);
    ++looks;
    worst_share = std::max(worst_share, w.stats.share_over);
    if (w.stats.mean_abs >= worst_mean) worst_mean = w.stats.mean_abs, worst_look = look.describe();
  }
  void print(const std::string& what) const {
    std::cout << what << ", " << looks << " looks at " << kSize << " px: worst mean " << worst_mean << " (" << worst_look
              << "), worst share over 32 " << 100 * worst_share << " %\n";
  }
};

}  // namespace

TEST_CASE("ThorVG draws any weight, colour and theme set through the descriptor's slots as Cairo does", "[live][thorvg]") {
  const Live live("live-slots");
  const std::vector<double> weights{1, 1.25, 1.5, 2, 2.5, 2.75, 3};
  Report report;
  for (const char* style : {"outline", "solid", "duotone"}) {
    for (const char* motion : {"light", "strong"}) {
      std::vector<Look> looks;
      for (double w : weights) {
        looks.push_back({style, motion, w, "light", std::nullopt});
        looks.push_back({style, motion, w, "dark", std::nullopt});
        looks.push_back({style, motion, w, "dark", "#E5484D"});
        looks.push_back({style, motion, w, "light", "#22C55E"});
      }
      const std::vector<std::string> slots = live.slots(looks);
      // One player per animation, restyled look after look as a page would.
      const auto player = live.player(std::string(style) + "-" + motion);
      for (std::size_t i = 0; i < looks.size(); ++i) {
        player->restyle("", slots[i]);
        report(looks[i], compare_with_cairo(*player, looks[i].variant(), live.dir));
      }
    }
  }
  report.print("ThorVG with the descriptor's slots vs Cairo");
}

TEST_CASE("Each preset weight in each colour theme shows by switching themes alone", "[live][thorvg]") {
  const Live live("live-themes");
  const spec::IconSpec& spec = test::builtin_spec();
  Report report;
  for (const char* style : {"outline", "solid", "duotone"}) {
    for (const char* motion : {"light", "strong"}) {
      for (const char* theme : {"light", "dark"}) {
        for (double w : spec.weight_presets) {
          const std::string id = std::string(theme) + "-w" + spec::VariantSpace::weight_label(w);
          const auto player = live.player(std::string(style) + "-" + motion, id);  // no code: a theme only
          report({style, motion, w, theme, std::nullopt}, compare_with_cairo(*player, {style, w, motion, theme, std::nullopt}, live.dir));
        }
        // A colour theme alone keeps the bundle's weight.
        const auto player = live.player(std::string(style) + "-" + motion, theme);
        report({style, motion, spec.default_weight, theme, std::nullopt},
               compare_with_cairo(*player, {style, spec.default_weight, motion, theme, std::nullopt}, live.dir));
      }
    }
  }
  report.print("ThorVG with a bundle theme alone vs Cairo");
}

TEST_CASE("Repeated live changes on one player: weight 3, 1, 2.5, a colour, then a theme", "[live][thorvg]") {
  const Live live("live-sequence");
  const std::vector<Look> steps{
      {"duotone", "strong", 3, "dark", std::nullopt},
      {"duotone", "strong", 1, "dark", std::nullopt},
      {"duotone", "strong", 2.5, "dark", std::nullopt},
      {"duotone", "strong", 2.5, "dark", "#E5484D"},
  };
  const std::vector<std::string> slots = live.slots(steps);
  const auto player = live.player("duotone-strong");
  Report report;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    player->restyle("", slots[i]);
    report(steps[i], compare_with_cairo(*player, steps[i].variant(), live.dir));
  }
  // A theme after all that: its colours and weight, nothing left of the slots set before.
  player->restyle("light-w1.5", "");
  report({"duotone", "strong", 1.5, "light", std::nullopt},
         compare_with_cairo(*player, {"duotone", 1.5, "strong", "light", std::nullopt}, live.dir));
  // And back to slots: still drawn, still exact (ThorVG used to drop strokes on a second change).
  player->restyle("", slots[0]);
  report(steps[0], compare_with_cairo(*player, steps[0].variant(), live.dir));
  report.print("ThorVG, one player changed live six times, vs Cairo");
}

TEST_CASE("Controls: a wrong weight, a theme without its weight, a stale secondary tone all fail", "[live][thorvg][controls]") {
  const Live live("live-controls");
  SECTION("weight-2 slot values shown for weight 3") {
    const std::vector<std::string> slots = live.slots({{"outline", "light", 2, "dark", std::nullopt}});
    const auto player = live.player("outline-light");
    player->restyle("", slots[0]);
    CHECK_FALSE(compare_with_cairo(*player, {"outline", 3, "light", "dark", std::nullopt}, live.dir).passes());
  }
  SECTION("a preset theme whose weight rule is missing") {
    std::vector<render::lottie::ZipEntry> entries = render::lottie::read_zip(live.bundle);
    for (auto& e : entries) {
      if (e.name != "t/dark-w1.5.json") continue;
      Json theme = Json::parse(e.bytes), rules = Json::array();
      for (const Json& rule : theme["rules"]) {
        if (rule["id"] != "weight") rules.push_back(rule);
      }
      theme["rules"] = rules;
      e.bytes = theme.dump();
    }
    const auto player = live.player("outline-light", "dark-w1.5", render::lottie::write_zip(entries));
    CHECK_FALSE(compare_with_cairo(*player, {"outline", 1.5, "light", "dark", std::nullopt}, live.dir).passes());
  }
  SECTION("secondary left at its default after a colour change") {
    Json slots = Json::parse(live.slots({{"duotone", "light", 2, "dark", "#E5484D"}})[0]);
    slots.erase("secondary");
    slots.erase("secondary-opacity");
    const auto player = live.player("duotone-light");
    player->restyle("", slots.dump());
    CHECK_FALSE(compare_with_cairo(*player, {"duotone", 2, "light", "dark", spec::parse_hex_color("#E5484D")}, live.dir).passes());
  }
}
