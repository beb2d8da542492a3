#include "spec/spec_diff.h"

namespace iconsynth::spec {

namespace {

std::string join(const std::string& path, const std::string& key) { return path.empty() ? key : path + "." + key; }

void diff(const Json& before, const Json& after, const std::string& path, std::vector<SpecDifference>& out) {
  if (before.is_object() && after.is_object()) {
    for (const auto& [key, value] : after.items()) {
      const auto was = before.find(key);
      if (was == before.end()) out.push_back({join(path, key), Json(), value, true, false});
      else diff(*was, value, join(path, key), out);
    }
    for (const auto& [key, value] : before.items()) {
      if (!after.contains(key)) out.push_back({join(path, key), value, Json(), false, true});
    }
    return;
  }
  if (before.is_array() && after.is_array() && before.size() == after.size()) {
    for (std::size_t i = 0; i < after.size(); ++i) diff(before[i], after[i], join(path, std::to_string(i)), out);
    return;
  }
  // Numbers compare by value: 2 and 2.0 are the same weight.
  const bool same = before.is_number() && after.is_number() ? before.get<double>() == after.get<double>() : before == after;
  if (!same) out.push_back({path, before, after, false, false});
}

}  // namespace

std::string SpecDifference::line() const {
  return (path.empty() ? "(the document)" : path) + ": " + (added ? "(none)" : before.dump()) + " → " +
         (removed ? "(none)" : after.dump());
}

std::vector<SpecDifference> diff_specs(const Json& before, const Json& after) {
  std::vector<SpecDifference> out;
  diff(before, after, "", out);
  return out;
}

}  // namespace iconsynth::spec
