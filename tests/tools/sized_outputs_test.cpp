// Which geometry each command's outputs draw, through the real binary: what is written for a size
// up to the spec's hinting.up_to draws the hinted scene, --exact and sizes above it the exact one;
// a bundle is exact unless written for a --size (then the master of that size), and build says
// in its manifest which size each file is drawn for.

#include "cli_support.h"

#include "render/cairo/raster.h"
#include "render/cairo/sized_scene.h"
#include "render/build/manifest.h"
#include "render/lottie/dotlottie_writer.h"
#include "render/lottie/lottie_writer.h"
#include "render/web/web_package.h"
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
  // A bundle without --size is scaled by players to any size: --exact alone is refused there, as
  // it is already exact.
  const test::CliResult bundle = test::run_cli("export --format dotlottie --exact -o '" + (dir / "b.lottie").string() + "'", dir);
  CHECK(bundle.exit_code == 2);
  CHECK(bundle.err.find("--exact") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(dir / "b.lottie"));
}

TEST_CASE("export --format dotlottie --size writes the master of that size at --weight, and with --exact or above hinting.up_to the exact bundle on that canvas",
          "[tools][hint][masters]") {
  const auto dir = test::scratch_dir("sized-bundle");
  const auto written = [&](const std::string& args) {
    const std::string file = (dir / "b.lottie").string();
    const test::CliResult r = test::run_cli("export --format dotlottie " + args + " -o '" + file + "'", dir);
    INFO(args << ": " << r.err);
    REQUIRE(r.exit_code == 0);
    return test::read_file(file);
  };
  render::lottie::BundleOptions options;
  options.generator = std::string("iconsynth ") + ICONSYNTH_VERSION;
  options.theme = "dark";
  render::lottie::BundleOptions exact_at = options;
  exact_at.size = 32;
  CHECK(written("--size 32 --weight 2.5") == render::lottie::write_dotlottie(builtin(), render::web::master_options(options, {32, 2.5})));
  CHECK(written("--size 32 --exact") == render::lottie::write_dotlottie(builtin(), exact_at));
  exact_at.size = 96;
  CHECK(written("--size 96") == render::lottie::write_dotlottie(builtin(), exact_at));
  CHECK(written("") == render::lottie::write_dotlottie(builtin(), options));
  // The web package holds every master: a --size of its own would say nothing.
  const test::CliResult web = test::run_cli("export --format web --size 32 -o '" + (dir / "web").string() + "'", dir);
  CHECK(web.exit_code == 2);
  CHECK(web.err.find("--size does not apply to --format web") != std::string::npos);
}

TEST_CASE("build's manifest says which size each file is drawn for: its pixel grid where it is fitted to one, none where it is exact",
          "[tools][hint][masters]") {
  const auto dir = test::scratch_dir("sized-manifest");
  REQUIRE(test::run_cli("build --size 32 --out '" + (dir / "h").string() + "'", dir).exit_code == 0);
  REQUIRE(test::run_cli("build --size 32 --exact --out '" + (dir / "e").string() + "'", dir).exit_code == 0);
  REQUIRE(test::run_cli("build --size 96 --out '" + (dir / "big").string() + "'", dir).exit_code == 0);
  const render::build::Manifest hinted = render::build::read_manifest(dir / "h"), exact = render::build::read_manifest(dir / "e"),
                                big = render::build::read_manifest(dir / "big");
  const auto grid = [](const render::build::Manifest& m, const std::string& path) {
    const render::build::ManifestFile* f = m.find(path);
    REQUIRE(f);
    return f->pixel_grid;
  };
  CHECK(grid(hinted, "animated-svg/outline-light-w2.svg") == 32);
  CHECK(grid(hinted, "filmstrips/outline-light-w2.png") == 32);
  CHECK(grid(hinted, "svg/outline-w2.svg") == 32);
  CHECK(grid(hinted, "png/16/outline-w2.png") == 16);
  CHECK(grid(hinted, "lottie/outline-light-w2.json") == 0);  // exact: players scale it
  CHECK(grid(hinted, "gpu-cluster.lottie") == 0);
  CHECK(grid(hinted, "web/gpu-cluster.lottie") == 0);
  CHECK(grid(hinted, "web/masters/gpu-cluster-30px-w1.5.lottie") == 30);
  CHECK(hinted.find("web/masters/gpu-cluster-30px-w1.5.lottie")->variant->weight == 1.5);
  // --exact draws nothing for a pixel grid but the masters, which are what they are.
  CHECK(grid(exact, "animated-svg/outline-light-w2.svg") == 0);
  CHECK(grid(exact, "png/16/outline-w2.png") == 0);
  CHECK(grid(exact, "web/masters/gpu-cluster-30px-w1.5.lottie") == 30);
  // Above hinting.up_to, outputs are exact.
  CHECK(grid(big, "animated-svg/outline-light-w2.svg") == 0);
  CHECK(grid(big, "png/48/outline-w2.png") == 48);
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
