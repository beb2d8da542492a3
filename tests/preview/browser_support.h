#pragma once
// What the preview's browser tests share: the source tree, a shell command that must succeed, the
// pinned lottie-web the harness installs, and a session script run by tests/browser/run.sh.

#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace iconsynth::test {

inline std::string source(const std::string& relative) { return std::string(ICONSYNTH_SOURCE_DIR) + "/" + relative; }

// Runs a shell command; its stdout, or the test fails with what it said.
inline std::string shell(const std::string& command) {
  std::FILE* pipe = ::popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string out;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
  const int status = ::pclose(pipe);
  INFO(command << "\n" << out);
  REQUIRE(status == 0);
  return out;
}

inline std::string npm_cache() {
  const char* cache = std::getenv("ICONSYNTH_NPM_CACHE");
  return cache ? cache : "/tmp/iconsynth-npm";  // the browser harness's default
}

// The project's pinned lottie-web, installed by its script into the browser tests' cache.
inline std::string lottie_web_folder() {
  const std::string out = shell("ICONSYNTH_NPM_CACHE='" + npm_cache() + "' bash '" + source("tools/lottie-web.sh") + "' 2>/dev/null");
  return out.substr(0, out.find_last_not_of('\n') + 1);
}

// tests/preview/browser/`script` through the browser harness, with `arguments` as written.
inline std::string run_session(const std::string& script, const std::string& arguments) {
  return shell("bash '" + source("tests/browser/run.sh") + "' '" + source("tests/preview/browser/" + script) + "' " + arguments + " 2>&1");
}

}  // namespace iconsynth::test
