#include "cli_facts.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <regex>
#include <sstream>
#include <stdexcept>

#include <sys/wait.h>

namespace iconsynth::test {

namespace {

Captured run_checked(const std::string& args) {
  const Captured r = capture(std::string(ICONSYNTH_CLI) + " " + args + " </dev/null");
  if (r.exit_code != 0) throw std::runtime_error("iconsynth " + args + " failed (exit " + std::to_string(r.exit_code) + ")");
  return r;
}

void read_command(const std::string& path, CliFacts& facts) {
  const std::string help = help_of(path);
  std::set<std::string>& options = facts.options[path];
  std::istringstream lines(help);
  static const std::regex kOption(R"(^  (-[a-zA-Z],)?(--[a-z0-9][a-z0-9-]*))");
  static const std::regex kSubcommand(R"(^  ([a-z][a-z-]*) )");
  std::string part;
  std::vector<std::string> subcommands;
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty() && line.back() == ':' && line[0] != ' ') part = line;
    std::smatch m;
    if (part == "Options:" && std::regex_search(line, m, kOption)) {
      if (m[1].matched) options.insert(m[1].str().substr(0, 2));
      options.insert(m[2]);
    } else if (part == "Subcommands:" && std::regex_search(line, m, kSubcommand)) {
      subcommands.push_back(m[1]);
    }
  }
  facts.all_options.insert(options.begin(), options.end());
  for (const std::string& sub : subcommands) read_command(path.empty() ? sub : path + " " + sub, facts);
}

void add_key_paths(const nlohmann::json& node, const std::string& prefix, std::set<std::string>& out) {
  if (!node.is_object() && !node.is_array()) return;
  std::size_t index = 0;
  for (const auto& [key, child] : node.items()) {
    const std::string path = (prefix.empty() ? "" : prefix + ".") + (node.is_array() ? std::to_string(index++) : key);
    out.insert(path);
    add_key_paths(child, path, out);
  }
}

void read_spec(const std::string& spec_option, SpecFacts& facts) {
  const nlohmann::json paths = nlohmann::json::parse(run_checked("spec --paths --json " + spec_option).out);
  for (const auto& p : paths) facts.tunable.insert(p["path"].get<std::string>());
  const nlohmann::json document = nlohmann::json::parse(run_checked("spec --print " + spec_option).out);
  add_key_paths(document, "", facts.fields);
  for (const auto& [key, value] : document.items()) facts.top_level.insert(key);
}

}  // namespace

Captured capture(const std::string& command) {
  FILE* pipe = ::popen(command.c_str(), "r");
  if (!pipe) throw std::runtime_error("cannot run " + command);
  std::string out;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
  const int status = ::pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

std::string help_of(const std::string& command) { return run_checked(command + (command.empty() ? "" : " ") + "--help").out; }

const CliFacts& cli_facts() {
  static const CliFacts facts = [] {
    CliFacts f;
    read_command("", f);
    return f;
  }();
  return facts;
}

bool SpecFacts::names_a_field(const std::string& path) const {
  if (fields.count(path) || tunable.count(path)) return true;
  const auto leads = [&](const std::set<std::string>& set) {
    const auto it = set.lower_bound(path + ".");
    return it != set.end() && it->rfind(path + ".", 0) == 0;
  };
  return leads(tunable);
}

const SpecFacts& spec_facts() {
  static const SpecFacts facts = [] {
    SpecFacts f;
    read_spec("", f);
    for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(ICONSYNTH_SOURCE_DIR) / "spec" / "examples")) {
      if (e.path().extension() == ".json") read_spec("--spec '" + e.path().string() + "'", f);
    }
    return f;
  }();
  return facts;
}

std::string builtin_paths_json() { return run_checked("spec --paths --json").out; }

}  // namespace iconsynth::test
