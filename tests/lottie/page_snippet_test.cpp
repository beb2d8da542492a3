// The page-player snippet (iconsynth-web-package(7)) is code that runs: Node runs it as written with the real
// dotlottie-web. Its player opens on the rest pose in the snippet's look, changes look live,
// plays light on hover and strong on a click or the button, in the look it was given (the
// snippet puts the slots back when the state machine switches animation), and under reduced
// motion hovering plays nothing while the button and a click still do.
#include "live_support.h"
#include "../docs/snippet.h"

#include "render/cairo/raster.h"
#include "render/lottie/isolated_player.h"

#include <cstring>
#include <fstream>

#include <catch2/catch.hpp>

using namespace iconsynth;
using test::Json;

namespace {

// The player's buffer (straight RGBA bytes) as premultiplied ARGB32, as IsolatedPlayer converts it.
std::vector<std::uint32_t> premultiplied(const std::string& rgba) {
  std::vector<std::uint32_t> out(rgba.size() / 4);
  std::memcpy(out.data(), rgba.data(), out.size() * 4);
  render::lottie::premultiply_rgba(out);
  return out;
}

Json run_snippet(const std::filesystem::path& work, const std::string& preference) {
  test::write_bundle_and_descriptor(work);
  std::ofstream(work / "snippet.mjs", std::ios::binary) << test::docs_snippet("page-player");
  std::string args = test::quoted(work / "snippet.mjs");
  args += ' ' + test::quoted(work) + ' ' + test::quoted(cli::find_thorvg("").package) + ' ' + preference;
  test::run_node(test::lottie_test_script("page_snippet.mjs"), args, work);
  return Json::parse(test::read_file(work / "result.json"));
}

// What the page showed at a step, against Cairo's frame of the look it should have.
render::DiffStats shown_vs_cairo(const std::filesystem::path& work, const std::string& step, const Json& at,
                                 const render::Variant& look) {
  const std::string rgba = test::read_file(work / (step + ".rgba"));
  REQUIRE(rgba.size() == 128u * 128u * 4u);
  const render::AnimatedScene scene = render::build_scene(test::builtin_spec(), look);
  const render::ImageSurface ours = render::render_frame(render::evaluate(scene, at["frame"].get<double>()), 128);
  return render::compare_images(ours.view(), render::view_of(premultiplied(rgba), 128, 128), 32);
}

}  // namespace

TEST_CASE("The page-player snippet shows its look, changes it live, and plays on hover, click and its button", "[lottie][snippet][thorvg]") {
  const auto work = test::scratch_dir("page-snippet");
  const Json r = run_snippet(work, "no-preference");
  INFO(r.dump(1));
  CHECK(r["clickHandlers"] == 1);
  const auto red = spec::parse_hex_color("#E5484D");
  CHECK(r["first"]["state"] == "rest");
  CHECK(r["first"]["animation"] == "duotone-light");
  CHECK(r["first"]["frame"] == 0);
  CHECK(r["changed"]["state"] == "rest");
  CHECK(r["changed"]["animation"] == "outline-light");
  CHECK(r["hover"]["state"] == "light");
  CHECK(r["hover"]["frame"].get<double>() > 5);
  CHECK(r["button"]["state"] == "strong");  // the look's motion
  CHECK(r["button"]["frame"].get<double>() > 5);
  CHECK(r["click"]["state"] == "strong");
  CHECK(r["click"]["animation"] == "outline-strong");
  struct Step {
    const char* name;
    render::Variant look;
  } steps[] = {
      {"first", {"duotone", 2.25, "light", "dark", red}},
      {"changed", {"outline", 3, "light", "dark", red}},
      {"hover", {"outline", 3, "light", "dark", red}},
      {"click", {"outline", 3, "strong", "dark", red}},  // after the state machine switched animation
  };
  for (const Step& step : steps) {
    const render::DiffStats d = shown_vs_cairo(work, step.name, r[step.name], step.look);
    INFO(step.name << " at frame " << r[step.name]["frame"] << ": " << render::describe(d));
    CHECK(d.mean_abs <= 1.0);
    CHECK(d.share_over <= 0.01);
  }
}

TEST_CASE("The page-player snippet under reduced motion: hovering plays nothing, the button and a click still do", "[lottie][snippet][thorvg]") {
  const auto work = test::scratch_dir("page-snippet-calm");
  const Json r = run_snippet(work, "reduce");
  INFO(r.dump(1));
  CHECK(r["hover"]["state"] == "rest");
  CHECK(r["hover"]["frame"] == 0);
  CHECK(r["hover"]["playing"] == false);
  CHECK(r["button"]["state"] == "strong");
  CHECK(r["button"]["frame"].get<double>() > 5);
  CHECK(r["click"]["state"] == "strong");
}
