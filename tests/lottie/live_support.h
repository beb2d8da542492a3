#pragma once
// What the live-bundle suites share: the bundle and its descriptor module written side by side,
// Node running a helper script, and the ThorVG runtime the project pins.

#include "../tools/cli_support.h"
#include "support.h"

#include "render/lottie/descriptor.h"
#include "render/lottie/dotlottie_writer.h"
#include "tools/iconsynth/npm_package.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <stdexcept>

namespace iconsynth::test {

using render::lottie::Json;

// `<dir>/gpu-cluster.lottie` and `<dir>/gpu-cluster.mjs`, as `build` writes them; the module's path.
inline std::filesystem::path write_bundle_and_descriptor(const std::filesystem::path& dir) {
  const spec::IconSpec& spec = builtin_spec();
  std::ofstream(dir / render::lottie::bundle_file_name(spec), std::ios::binary)
      << render::lottie::write_dotlottie(spec, {});
  const auto module = dir / render::lottie::descriptor_file_name(spec);
  std::ofstream(module, std::ios::binary) << render::lottie::write_descriptor(spec, {});
  return module;
}

// A path in single quotes for the shell (test paths hold no quotes).
inline std::string quoted(const std::filesystem::path& path) {
  std::string out(1, '\'');
  out += path.string();
  out += '\'';
  return out;
}

inline std::string node_binary() {
  const char* node = std::getenv("ICONSYNTH_NODE");
  return node ? node : "node";
}

// Runs `node <script> <args>` (args through the shell as written); its stdout, or throws with the
// exit status and stderr's file.
inline std::string run_node(const std::string& script, const std::string& args, const std::filesystem::path& work) {
  const auto out = work / "node.out", err = work / "node.err";
  const std::string command = node_binary() + " '" + script + "' " + args + " >'" + out.string() + "' 2>'" + err.string() + "'";
  const int status = std::system(command.c_str());
  if (status != 0) throw std::runtime_error(command + " failed: " + read_file(err));
  return read_file(out);
}

inline std::string lottie_test_script(const std::string& name) {
  return std::string(ICONSYNTH_SOURCE_DIR) + "/tests/lottie/" + name;
}

// The descriptor's slots(options) for each options object, run by Node as a page would.
inline Json descriptor_run(const std::filesystem::path& module, const Json& cases, const std::filesystem::path& work) {
  std::ofstream(work / "cases.json") << cases.dump();
  std::string args = quoted(module);
  args += ' ';
  args += quoted(work / "cases.json");
  return Json::parse(run_node(lottie_test_script("descriptor_slots.mjs"), args, work));
}

}  // namespace iconsynth::test
