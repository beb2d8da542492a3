#include "snippet.h"

#include "man_source.h"

#include <stdexcept>
#include <vector>

namespace iconsynth::test {

namespace {

bool names(const std::string& marker, const std::string& name) {
  const std::string prefix = "snippet: " + name;
  return marker.rfind(prefix, 0) == 0 && (marker.size() == prefix.size() || marker[prefix.size()] == ' ');
}

}  // namespace

std::string docs_snippet(const std::string& name) {
  std::vector<ManSource> docs = all_man_sources();
  docs.push_back(read_readme_source());
  std::vector<std::string> found;
  for (const ManSource& page : docs) {
    for (const CodeBlock& block : page.blocks) {
      if (names(block.marker, name)) found.push_back(block.text);
    }
  }
  if (found.empty()) throw std::runtime_error("no doc has the snippet " + name + " (README.md, tools/man/*.h2m)");
  if (found.size() > 1) throw std::runtime_error("the snippet " + name + " is in the docs " + std::to_string(found.size()) + " times");
  return found.front();
}

}  // namespace iconsynth::test
