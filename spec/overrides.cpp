#include "spec/overrides.h"

#include "spec/json_reader.h"

#include <charconv>

namespace iconsynth::spec {

using json = nlohmann::ordered_json;

namespace {

std::optional<std::size_t> parse_index(std::string_view text) {
  std::size_t index = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), index);
  if (error != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return index;
}

}  // namespace

std::string resolve_path(const json& document, std::string_view path) {
  const json* node = &document;
  std::string pointer;
  std::size_t start = 0;
  while (start <= path.size()) {
    const std::size_t dot = std::min(path.find('.', start), path.size());
    const std::string_view key = path.substr(start, dot - start);
    const std::string parent = pointer;
    pointer = child_pointer(pointer, key);
    if (node->is_object()) {
      const auto it = node->find(key);
      if (it == node->end()) throw SpecError(pointer, "--set names no existing field (" + std::string(path) + ")");
      node = &*it;
    } else if (node->is_array()) {
      const auto index = parse_index(key);
      if (!index || *index >= node->size()) {
        throw SpecError(pointer, "--set: \"" + std::string(key) + "\" is not an index of the " +
                                     std::to_string(node->size()) + "-entry array at " +
                                     (parent.empty() ? "(root)" : parent));
      }
      node = &(*node)[*index];
      // The index as a JSON pointer spells it: "sequence.01" names entry 1 (a pointer's "01" is invalid).
      pointer = child_pointer(parent, std::to_string(*index));
    } else {
      throw SpecError(pointer, "--set: " + (parent.empty() ? std::string("(root)") : parent) + " is " +
                                   describe_type(*node) + ", which has no fields");
    }
    start = dot + 1;
  }
  return pointer;
}

json override_value(std::string_view text) {
  json value = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (value.is_discarded()) value = std::string(text);
  return value;
}

void apply_override(json& document, std::string_view assignment) {
  const std::size_t equals = assignment.find('=');
  if (equals == std::string_view::npos || equals == 0) {
    throw SpecError("", "--set expects path.to.key=value, got \"" + std::string(assignment) + "\"");
  }
  const std::string pointer = resolve_path(document, assignment.substr(0, equals));
  document[json::json_pointer(pointer)] = override_value(assignment.substr(equals + 1));
}

}  // namespace iconsynth::spec
