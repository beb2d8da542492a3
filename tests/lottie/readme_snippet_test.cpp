// The README's page snippet is code that runs: Node runs it as written with the real
// dotlottie-web, and what its player shows matches Cairo for the snippet's look and for a change
// made at play time; a click plays the animation.
#include "live_support.h"

#include "render/cairo/raster.h"

#include <catch2/catch.hpp>

using namespace iconsynth;
using test::Json;

namespace {

// Straight RGBA (the player's buffer) → premultiplied ARGB32 (Cairo's), rounding as Cairo does.
std::vector<std::uint32_t> premultiplied(const std::string& rgba) {
  std::vector<std::uint32_t> out(rgba.size() / 4);
  for (std::size_t i = 0; i < out.size(); ++i) {
    const auto c = [&](int k) { return static_cast<std::uint32_t>(static_cast<unsigned char>(rgba[4 * i + k])); };
    const std::uint32_t a = c(3);
    const auto pre = [a](std::uint32_t v) { return (v * a + 127) / 255; };
    out[i] = a << 24 | pre(c(0)) << 16 | pre(c(1)) << 8 | pre(c(2));
  }
  return out;
}

}  // namespace

TEST_CASE("The README's page snippet shows the look it sets, changes it live, and plays on a click", "[lottie][readme][thorvg]") {
  const auto work = test::scratch_dir("readme-snippet");
  test::write_bundle_and_descriptor(work);
  const std::string package = cli::find_thorvg("").package.string();
  const std::vector<int> frames{0, 30, 38, 59};
  std::string args = test::quoted(std::string(ICONSYNTH_SOURCE_DIR) + "/README.md");
  args += ' ' + test::quoted(work) + ' ' + test::quoted(package) + " 0,30,38,59";
  test::run_node(test::lottie_test_script("readme_snippet.mjs"), args, work);
  const Json result = Json::parse(test::read_file(work / "result.json"));
  CHECK(result["first"]["animation"] == "duotone-light");
  CHECK(result["changed"]["animation"] == "outline-light");
  CHECK(result["clickHandlers"] == 1);
  CHECK(result["played"].get<double>() > 5);  // 400 ms at 60 fps is about 24 frames

  struct Step {
    const char* name;
    render::Variant look;
  } steps[] = {
      {"first", {"duotone", 2.25, "light", "dark", spec::parse_hex_color("#E5484D")}},
      {"changed", {"outline", 3, "light", "dark", spec::parse_hex_color("#E5484D")}},
  };
  for (const Step& step : steps) {
    const render::AnimatedScene scene = render::build_scene(test::builtin_spec(), step.look);
    for (int f : frames) {
      INFO(step.name << " frame " << f);
      const std::string rgba = test::read_file(work / (std::string(step.name) + "_" + std::to_string(f) + ".rgba"));
      REQUIRE(rgba.size() == 128u * 128u * 4u);
      const std::vector<std::uint32_t> theirs = premultiplied(rgba);
      const render::ImageSurface ours = render::render_frame(render::evaluate(scene, f), 128);
      const render::DiffStats d = render::compare_images(ours.view(), render::view_of(theirs, 128, 128), 32);
      INFO(render::describe(d));
      CHECK(d.mean_abs <= 1.0);
      CHECK(d.share_over <= 0.01);
    }
  }
}
