#pragma once
// What the web package's suites share: the package written to a folder as a site would copy it,
// tests/web's pinned npm packages (React, esbuild, TypeScript), the project's dotlottie-web, and
// the seed's snippets as the README shows them.

#include "../render/support.h"
#include "../tools/cli_support.h"
#include "../docs/snippet.h"

#include "render/web/web_package.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <stdexcept>

namespace iconsynth::test {

inline std::string source_path(const std::string& relative) { return std::string(ICONSYNTH_SOURCE_DIR) + "/" + relative; }

// `dir`'s files as write_web_package makes them for `spec` (the folder created).
inline void write_web_folder(const std::filesystem::path& dir, const spec::IconSpec& spec = builtin_spec()) {
  std::filesystem::create_directories(dir);
  for (const auto& [name, bytes] : render::web::write_web_package(spec, {})) std::ofstream(dir / name, std::ios::binary) << bytes;
}

// The first line a command printed (a path, from the project's installers).
inline std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

// tests/web's node_modules, installed from its lock into the shared npm cache if needed.
inline std::filesystem::path web_modules(const std::filesystem::path& work) {
  const char* cache = std::getenv("ICONSYNTH_NPM_CACHE");
  const std::string root = cache ? cache : "/tmp/iconsynth-npm";
  const CliResult r = run_command("'" + source_path("tools/npm-install.sh") + "' '" + source_path("tests/web") + "' '" + root + "/web' react", work);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  return std::filesystem::path(first_line(r.out)).parent_path();
}

// The project's pinned @lottiefiles/dotlottie-web package folder (installed if needed).
inline std::filesystem::path dotlottie_web_folder(const std::filesystem::path& work) {
  const CliResult r = run_command("'" + source_path("tools/dotlottie-web.sh") + "'", work);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  return first_line(r.out);
}

inline std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

}  // namespace iconsynth::test
