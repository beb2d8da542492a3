// Replays every committed fuzz finding (and the seed corpora) through its target's code in the
// ordinary test build, so a fixed crash stays fixed without a fuzzing build.
#include "targets.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <functional>
#include <map>

namespace fs = std::filesystem;

TEST_CASE("Fuzz findings and seeds replay without crashing", "[fuzz]") {
  const std::map<std::string, std::function<void(std::string_view)>> targets{
      {"spec_loader", iconsynth::fuzz::spec_loader}, {"set_override", iconsynth::fuzz::set_override},
      {"color", iconsynth::fuzz::color},             {"lottie_json", iconsynth::fuzz::lottie_json},
      {"dotlottie", iconsynth::fuzz::dotlottie},     {"bundle_entries", iconsynth::fuzz::bundle_entries},
      {"frame_png", iconsynth::fuzz::frame_png}};
  int replayed = 0;
  for (const char* kind : {"corpus", "regressions"}) {
    const fs::path root = fs::path(ICONSYNTH_SOURCE_DIR) / "tests" / "fuzz" / kind;
    if (!fs::exists(root)) continue;
    for (const auto& [name, run] : targets) {
      if (!fs::exists(root / name)) continue;
      for (const auto& entry : fs::directory_iterator(root / name)) {
        std::ifstream in(entry.path(), std::ios::binary);
        const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
        INFO(entry.path());
        CHECK_NOTHROW(run(bytes));
        ++replayed;
      }
    }
  }
  CHECK(replayed >= 5);  // at least one seed a target
}
