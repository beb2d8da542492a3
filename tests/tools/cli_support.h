#pragma once
// Runs the real iconsynth binary, as a user would, and captures what it says.

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <sys/wait.h>

namespace iconsynth::test {

struct CliResult {
  int exit_code;
  std::string out, err;
};

// A fresh, empty folder for one test.
inline std::filesystem::path scratch_dir(const std::string& name) {
  const char* root = std::getenv("ICONSYNTH_TEST_TMP");
  const std::filesystem::path dir =
      std::filesystem::path(root ? root : std::filesystem::temp_directory_path().string()) / ("cli-" + name);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Runs a shell command line as written, no input, capturing what it says (in files under `work`).
inline CliResult run_command(const std::string& command, const std::filesystem::path& work) {
  const auto out = work / "stdout.txt", err = work / "stderr.txt";
  const int status = std::system((command + " >'" + out.string() + "' 2>'" + err.string() + "' </dev/null").c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_file(out), read_file(err)};
}

// Runs `iconsynth <args>` (args are passed through the shell as written), with `env`
// assignments ("NAME=value ...") in front when given.
inline CliResult run_cli(const std::string& args, const std::filesystem::path& work, const std::string& env = "") {
  return run_command((env.empty() ? "" : env + " ") + std::string(ICONSYNTH_CLI) + " " + args, work);
}

}  // namespace iconsynth::test
