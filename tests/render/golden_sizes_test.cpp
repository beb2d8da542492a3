// Golden tolerances at an icon's and a poster's size: a set made at 16 and at 512 px lets a 1/64 px
// offset pass and fails the small edits (README, "Golden tolerances at every size").
#include "../tools/cli_support.h"

#include <catch2/catch.hpp>

namespace fs = std::filesystem;
using iconsynth::test::run_cli;

TEST_CASE("Golden tolerances hold at icon and poster sizes: noise passes, small edits fail, at 16 and 512 px", "[golden]") {
  // Golden sets compare Cairo with Cairo, so anti-aliasing noise is bounded in value (a sub-pixel
  // offset moves a channel by a few levels) whatever the size: the per-channel tolerance and
  // share hold from 16 to 512 px (README, "Golden tolerances at every size").
  const fs::path work = iconsynth::test::scratch_dir("golden-sizes");
  for (int size : {16, 512}) {
    INFO(size << " px");
    const fs::path dir = work / ("set-" + std::to_string(size));
    REQUIRE(run_cli("golden update --dir " + dir.string() + " --size " + std::to_string(size), work).exit_code == 0);
    const auto check = [&](const std::string& args) {
      return run_cli("golden check --dir " + dir.string() + " " + args, work).exit_code;
    };
    CHECK(check("--offset 0.015625") == 0);
    CHECK(check("--set stroke.presets.1=2.1") == 1);
    CHECK(check("--set motions.light.timeline.exchange.swell.scale=1.1424") == 1);
  }
}
