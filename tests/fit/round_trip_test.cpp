// fit's round trip, a representative case per target form (the seeded matrix of 24 cases × four
// forms is round_trip_matrix_test.cpp, labelled slow): together they change a parameter of every
// family — style, colour and duotone mix, weight, layout sizes, frame rate and duration, timings,
// scales, easing — and fit must bring each back within its tolerance, with check passing against
// the fitted spec. And fitting our own bundle gives back the built-in spec: no drift.
#include "round_trip.h"

#include "geometry/ring_layout.h"

using namespace iconsynth::test;

TEST_CASE("Round trip, our Lottie: style, a travel time and a custom travel easing", "[fit][round-trip]") {
  const auto p = perturbed("our Lottie", {{"defaults.style", "solid"},
                                          {"motions.light.timeline.exchange.travel.frames", 19.37},
                                          {"motions.light.timeline.exchange.travel.ease", Json::array({0.2, 0.5, 0.4, 0.95})}},
                           "light");
  REQUIRE(p);
  round_trip(*p, Form::Lottie, scratch_dir("fit-rt-lottie"));
}

TEST_CASE("Round trip, our Lottie: a brisk custom travel whose first frame a solid card hides", "[fit][round-trip]") {
  // Where a packet first shows, the card hides its edge: the tracks cannot tell this departure on
  // frame 6 from one at 5.25 with a crawling start, which check at 256 px sees on frame 6 alone.
  const auto p = perturbed("our Lottie, brisk start", {{"defaults.style", "solid"},
                                                       {"stroke.default", 2.3333},  // on rlottie's twelfths
                                                       {"motions.light.timeline.exchange.travel.ease", Json::array({0.47, 0.41, 0.77, 0.88})}},
                           "light");
  REQUIRE(p);
  round_trip(*p, Form::Lottie, scratch_dir("fit-rt-brisk"));
}

TEST_CASE("Round trip, our bundle: colour and duotone mix, weight, swell and gather scales", "[fit][round-trip]") {
  const auto p = perturbed("our bundle", {{"themes.dark.primary", "#E5484D"},
                                          {"themes.dark.secondary_mix", 0.45},
                                          {"stroke.default", 2.25},  // rlottie rounds the weight to 1/12 at 60 fps
                                          {"motions.strong.timeline.sequence.1.exchange.swell.scale", 1.23},
                                          {"motions.strong.timeline.sequence.0.gather.scale", 0.84}},
                           "strong");
  REQUIRE(p);
  round_trip(*p, Form::Bundle, scratch_dir("fit-rt-bundle"));
}

TEST_CASE("Round trip, a copy another pipeline wrote: layout sizes and the duration", "[fit][round-trip]") {
  const auto p = perturbed("restructured", {{"layout.module.size", 7.62},
                                            {"layout.padding", 1.43},
                                            {"layout.link.gap", 0.91},
                                            {"layout.packet.radius", 2.33},
                                            {"motions.light.tail", 7.21}},
                           "light");
  REQUIRE(p);
  round_trip(*p, Form::Restructured, scratch_dir("fit-rt-copy"));
}

TEST_CASE("A keylined target far from the base: the fitted layout is drawn on the keylines", "[fit][round-trip]") {
  // Module 7.62 and padding 1.43 on the built-in keylines draw a card of 6 with a padding of 2 and
  // no die: the frames cannot tell the spec's own numbers, only the keylined layout they draw.
  // The free fit of that layout lands a hair off each stair (padding 1.998), and a hair off
  // centres a card on the next keyline, so it is tried on the keylines with its sizes rounded;
  // of the specs that draw it, the one nearest the base is written (a module from 5.75 to below
  // 7.75 draws as 6).
  Perturbed p{"keylined", builtin_document(), {}, "outline", "light"};
  p.document["layout"]["module"]["size"] = 7.62;
  p.document["layout"]["padding"] = 1.43;
  const fs::path work = scratch_dir("fit-keylined");
  const fs::path target = write_target(p, Form::Lottie, work);
  const Fitted fitted = fit_target(work, target, "--style outline");
  INFO(fitted.err);
  REQUIRE(fitted.exit_code == 0);
  CHECK(fitted.report["matched"] == true);
  CHECK(fitted.report["converged"] == true);
  CHECK(fitted.spec["layout"]["keylines"] == p.document["layout"]["keylines"]);
  const iconsynth::geometry::RingLayout drawn = iconsynth::geometry::ring_layout(iconsynth::spec::load_spec(fitted.spec).layout);
  CHECK(drawn.dims.module_size == 6);
  CHECK(drawn.centers.front().x() - 3 == 2);  // the padding drawn
  drawn_as_module_6(fitted.spec);
  check_fitted_passes(work, target);
}

TEST_CASE("Round trip, PNG frames ThorVG drew of that copy: frame rate and timings", "[fit][round-trip]") {
  auto p = perturbed("PNG frames", {{"frame_rate", 50}, {"motions.strong.timeline.sequence.0.gather.hold", 4.37},
                                    {"motions.strong.lead", 3.64}},
                     "strong");
  REQUIRE(p);
  p->style = "duotone";
  round_trip(*p, Form::Frames, scratch_dir("fit-rt-frames"));
}

TEST_CASE("Round trip, our Lottie twice as slow at 30 fps, far off the base's layout: the look misreads the style", "[fit][round-trip]") {
  // The frame counts kept at 30 fps: every timing twice as long in seconds (the duration tells
  // the stretch). The cards' padding 1.53 for 1 makes the look read a solid card as an outline at
  // weight 3; nothing matches so, and fit reads the look again at the layout it reached (and,
  // failing that, tries the other styles).
  const auto p = perturbed("our Lottie at 30 fps", {{"frame_rate", 30}, {"defaults.style", "solid"}, {"layout.padding", 1.53}}, "light");
  REQUIRE(p);
  const fs::path work = scratch_dir("fit-rt-slow-solid");
  round_trip(*p, Form::Lottie, work);
}

TEST_CASE("Round trip, our Lottie at 25 fps: the base's timings at that rate make a spec", "[fit][round-trip]") {
  // At 25 fps the base's strong lead (2 frames at 60) would be 0.83 frames, which no spec may
  // have: the fit must start from values that load, whichever motion the target shows.
  const auto p = perturbed("our Lottie at 25 fps", {{"frame_rate", 25}}, "light");
  REQUIRE(p);
  round_trip(*p, Form::Lottie, scratch_dir("fit-rt-25fps"));
}

TEST_CASE("Round trip, our bundle at 24 fps far off the base's layout: its looks read again at a few animations' rest pose", "[fit][round-trip]") {
  // Small cards and a heavy stroke: at the base's layout most animations read as another style, and
  // at the layout their fit reaches, solid still reads as outline. Posed at rest a few at a time,
  // the animations tell the layout, where all six read right (the motions too, each played whole
  // across its 2.5 times slower duration).
  const auto p = perturbed("our bundle at 24 fps",
                           {{"frame_rate", 24}, {"defaults.style", "solid"}, {"layout.module.size", 6.77}, {"layout.padding", 0.99}, {"stroke.default", 2.83}},
                           "light");
  REQUIRE(p);
  round_trip(*p, Form::Bundle, scratch_dir("fit-rt-bundle-far"));
}

TEST_CASE("No drift: fitting our own bundle gives back the built-in spec", "[fit][round-trip]") {
  const fs::path work = scratch_dir("fit-drift");
  // Every parameter of the table a "change" to its own value: all must come back within tolerance.
  std::vector<Change> all;
  const Json base = builtin_document();
  const std::function<void(const Json&, const std::string&)> walk = [&](const Json& node, const std::string& path) {
    if (node.is_object()) {
      for (const auto& [key, value] : node.items()) {
        // Not fitted: the icon's design rules (keylines: the pixel grid's; hinting: sized outputs').
        if (key == "meta" || key == "presets" || key == "grid" || key == "min_size" || key == "clearance" || key == "min_stroke_ratio" ||
            key == "keylines" || key == "hinting" ||
            (key == "corner_radius" && path.find("die") != std::string::npos)) {
          continue;
        }
        walk(value, path.empty() ? key : path + "." + key);
      }
    } else if (node.is_array() && path.size() > 5 && path.substr(path.size() - 5) != ".ease") {
      for (std::size_t i = 0; i < node.size(); ++i) walk(node[i], path + "." + std::to_string(i));
    } else if (node.is_number() || (path.size() > 5 && path.substr(path.size() - 5) == ".ease") || path.find(".primary") != std::string::npos) {
      all.push_back({path, node});
    }
  };
  walk(base, "");
  const auto p = perturbed("no drift", all, "light");
  REQUIRE(p);
  REQUIRE(all.size() > 40);
  const fs::path target = write_target(*p, Form::Bundle, work);
  const Fitted fitted = fit_target(work, target);
  INFO(fitted.err);
  REQUIRE(fitted.exit_code == 0);
  for (const std::string& off : off_tolerance(*p, fitted.spec, 60)) FAIL_CHECK(off);
  // What the frames show best comes back exactly: the look, every timing of light.
  CHECK(fitted.spec["defaults"] == base["defaults"]);
  // Drawn on the built-in keylines, it is fitted on them, and its layout is the built-in's.
  CHECK(fitted.spec["layout"] == base["layout"]);
  CHECK(fitted.spec["motions"]["light"] == base["motions"]["light"]);
}
