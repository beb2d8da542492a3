// Which geometry each command's outputs draw, through the real binary: what is written for a size
// up to the spec's hinting.up_to draws the hinted scene, --exact and sizes above it the exact one,
// and the bundle is exact whatever --size says.

#include "cli_support.h"

#include "render/cairo/raster.h"
#include "render/cairo/sized_scene.h"
#include "render/lottie/lottie_writer.h"
#include "spec/loader.h"

#include <catch2/catch.hpp>

using namespace iconsynth;

namespace {

const spec::IconSpec& builtin() {
  static const spec::IconSpec spec = spec::load_spec_text(spec::builtin_spec_text());
  return spec;
}

const render::Variant kOutline{"outline", 2, "light", "dark", std::nullopt};

std::string frame_png(const render::AnimatedScene& scene, int size) {
  return render::render_frame(render::evaluate(scene, 0), size).png_bytes();
}

}  // namespace

TEST_CASE("render draws the hinted scene at --size, the exact one with --exact or above hinting.up_to", "[tools][hint]") {
  const auto dir = test::scratch_dir("sized-render");
  for (int size : {20, 32}) {
    const std::string s = std::to_string(size);
    REQUIRE(test::run_cli("render --frame 0 --size " + s + " --out '" + (dir / ("h" + s)).string() + "'", dir).exit_code == 0);
    REQUIRE(test::run_cli("render --frame 0 --exact --size " + s + " --out '" + (dir / ("e" + s)).string() + "'", dir).exit_code == 0);
    const std::string hinted = test::read_file(dir / ("h" + s) / "frame_0000.png"), exact = test::read_file(dir / ("e" + s) / "frame_0000.png");
    CHECK(hinted == frame_png(render::scene_for_size(builtin(), kOutline, size), size));
    CHECK(exact == frame_png(render::build_scene(builtin(), kOutline), size));
    CHECK(hinted != exact);
  }
  REQUIRE(test::run_cli("render --frame 0 --size 96 --out '" + (dir / "h96").string() + "'", dir).exit_code == 0);
  CHECK(test::read_file(dir / "h96" / "frame_0000.png") == frame_png(render::build_scene(builtin(), kOutline), 96));
}

TEST_CASE("export --size writes the hinted scene for that size, and without --size, with --exact and in a bundle the exact one", "[tools][hint]") {
  const auto dir = test::scratch_dir("sized-export");
  const auto lottie = [](const render::AnimatedScene& scene, int size) {
    return render::lottie::to_text(render::lottie::write_animation(scene, {size}));
  };
  REQUIRE(test::run_cli("export --size 32 -o '" + (dir / "h.json").string() + "'", dir).exit_code == 0);
  REQUIRE(test::run_cli("export --size 32 --exact -o '" + (dir / "e.json").string() + "'", dir).exit_code == 0);
  REQUIRE(test::run_cli("export -o '" + (dir / "d.json").string() + "'", dir).exit_code == 0);
  CHECK(test::read_file(dir / "h.json") == lottie(render::scene_for_size(builtin(), kOutline, 32), 32));
  CHECK(test::read_file(dir / "e.json") == lottie(render::build_scene(builtin(), kOutline), 32));
  CHECK(test::read_file(dir / "d.json") == lottie(render::build_scene(builtin(), kOutline), 24));
  CHECK(test::read_file(dir / "h.json") != test::read_file(dir / "e.json"));
  // A bundle is scaled by players to any size: --exact is refused there, as it is already exact.
  const test::CliResult bundle = test::run_cli("export --format dotlottie --exact -o '" + (dir / "b.lottie").string() + "'", dir);
  CHECK(bundle.exit_code == 2);
  CHECK(bundle.err.find("--exact") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(dir / "b.lottie"));
}

TEST_CASE("build's filmstrips, animated SVGs and rest poses are hinted at its --size, its Lottie and bundle exact", "[tools][hint]") {
  const auto dir = test::scratch_dir("sized-build");
  REQUIRE(test::run_cli("build --size 32 --out '" + (dir / "h").string() + "'", dir).exit_code == 0);
  REQUIRE(test::run_cli("build --size 32 --exact --out '" + (dir / "e").string() + "'", dir).exit_code == 0);
  for (const char* file : {"filmstrips/outline-light-w2.png", "animated-svg/outline-light-w2.svg", "svg/outline-w2.svg"}) {
    INFO(file);
    CHECK(test::read_file(dir / "h" / file) != test::read_file(dir / "e" / file));
  }
  for (const char* file : {"lottie/outline-light-w2.json", "gpu-cluster.lottie"}) {
    INFO(file);
    CHECK(test::read_file(dir / "h" / file) == test::read_file(dir / "e" / file));
  }
}
