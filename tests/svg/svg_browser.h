#pragma once
// Runs SVG documents in one headless Chromium (tests/svg/svg_frames.mjs through tests/browser/run.sh).

#include "../lottie/support.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace iconsynth::test {

// Writes `job` as DIR/job.json and runs the browser on it once (its log in DIR/browser.log).
inline void run_svg_browser(const nlohmann::json& job, const std::filesystem::path& dir) {
  std::ofstream(dir / "job.json") << job.dump(1);
  const std::string command = "bash '" + std::string(ICONSYNTH_SOURCE_DIR) + "/tests/browser/run.sh' '" +
                              std::string(ICONSYNTH_SOURCE_DIR) + "/tests/svg/svg_frames.mjs' '" + (dir / "job.json").string() +
                              "' > '" + (dir / "browser.log").string() + "' 2>&1";
  INFO(command);
  const int status = std::system(command.c_str());
  if (status != 0) {
    const std::string text = read_bytes(dir / "browser.log");
    FAIL("the browser run failed (status " << status << "); its log ends:\n" << text.substr(text.size() > 4000 ? text.size() - 4000 : 0));
  }
}

// The name svg_frames.mjs gives frame f's screenshot.
inline std::string frame_file(int f) {
  char name[32];
  std::snprintf(name, sizeof name, "frame_%04d.png", f);
  return name;
}

}  // namespace iconsynth::test
