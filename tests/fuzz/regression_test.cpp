// Replays every committed fuzz finding (and the seed corpora) through its target's code in the
// ordinary test build, so a fixed crash stays fixed without a fuzzing build.
#include "targets.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace fs = std::filesystem;

namespace {
const fs::path kFuzzDir = fs::path(ICONSYNTH_SOURCE_DIR) / "tests" / "fuzz";
}  // namespace

TEST_CASE("Fuzz findings and seeds replay without crashing", "[fuzz]") {
  for (const auto& [name, run] : iconsynth::fuzz::kTargets) {
    int seeds = 0;
    for (const char* kind : {"corpus", "regressions"}) {
      const fs::path dir = kFuzzDir / kind / name;
      if (!fs::exists(dir)) continue;
      for (const auto& entry : fs::directory_iterator(dir)) {
        std::ifstream in(entry.path(), std::ios::binary);
        const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
        INFO(entry.path());
        CHECK_NOTHROW(run(bytes));
        seeds += kind == std::string_view("corpus");
      }
    }
    INFO(name);
    CHECK(seeds >= 1);  // every target starts from a committed seed
  }
}

TEST_CASE("Every corpus and regression folder belongs to a fuzz target", "[fuzz]") {
  for (const char* kind : {"corpus", "regressions"}) {
    if (!fs::exists(kFuzzDir / kind)) continue;
    for (const auto& entry : fs::directory_iterator(kFuzzDir / kind)) {
      INFO(entry.path());
      CHECK(std::any_of(std::begin(iconsynth::fuzz::kTargets), std::end(iconsynth::fuzz::kTargets),
                        [&](const auto& t) { return t.name == entry.path().filename().string(); }));
    }
  }
}
