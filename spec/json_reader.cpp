#include "spec/json_reader.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace iconsynth::spec {

using json = nlohmann::ordered_json;

SpecError::SpecError(std::string pointer, const std::string& problem)
    : std::runtime_error((pointer.empty() ? std::string("(root)") : pointer) + ": " + problem),
      pointer_(std::move(pointer)),
      problem_(problem) {}

std::string format_number(double value) {
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

std::string format_ms(double ms) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.1f", std::round(ms * 10) / 10);
  std::string text(buffer);
  if (text.size() > 2 && text.compare(text.size() - 2, 2, ".0") == 0) text.resize(text.size() - 2);
  return text + " ms";
}

std::optional<double> parse_ms(std::string_view text) {
  const std::string s(text);
  std::size_t used = 0;
  double ms = 0;
  try {
    ms = std::stod(s, &used);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  std::size_t at = used;
  while (at < s.size() && s[at] == ' ') ++at;
  if (s.compare(at, std::string::npos, "ms") != 0 || !std::isfinite(ms) || std::isspace(static_cast<unsigned char>(s[0]))) return std::nullopt;
  return ms;
}

std::string child_pointer(const std::string& parent, std::string_view key) {
  std::string out = parent + "/";
  for (char c : key) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
  return out;
}

std::string describe_type(const json& value) {
  switch (value.type()) {
    case json::value_t::null: return "null";
    case json::value_t::object: return "an object";
    case json::value_t::array: return "an array";
    case json::value_t::string: return "a string";
    case json::value_t::boolean: return "a boolean";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::number_float: return "a number";
    default: return "an unsupported value";
  }
}

namespace {
std::string range_text(double min, double max) {
  return "[" + format_number(min) + ", " + format_number(max) + "]";
}
}  // namespace

double read_number(const json& value, const std::string& pointer, double min, double max) {
  if (!value.is_number()) {
    throw SpecError(pointer, "expected a number in " + range_text(min, max) + ", got " + describe_type(value));
  }
  const double v = value.get<double>();
  if (!std::isfinite(v) || v < min || v > max) {
    throw SpecError(pointer, format_number(v) + " is out of range " + range_text(min, max));
  }
  return v;
}

ObjectReader::ObjectReader(const json& value, std::string pointer, std::vector<std::string> fields)
    : value_(value), pointer_(std::move(pointer)), fields_(std::move(fields)) {
  if (!value_.is_object()) throw SpecError(pointer_, "expected an object, got " + describe_type(value_));
}

std::string ObjectReader::unknown_keys() const {
  std::string unknown;
  for (const auto& [key, unused] : value_.items()) {
    if (std::find(fields_.begin(), fields_.end(), key) == fields_.end()) unknown += (unknown.empty() ? "\"" : ", \"") + key + "\"";
  }
  return unknown;
}

const json& ObjectReader::value(std::string_view key) {
  const auto it = value_.find(key);
  if (it == value_.end()) {
    // A renamed field is a missing one and an unknown one: name both.
    const std::string unknown = unknown_keys();
    throw SpecError(pointer_of(key), unknown.empty() ? "missing required field"
                                                     : "missing required field; beside it is the unknown field " + unknown +
                                                           " (misspelt or renamed?)");
  }
  read_.emplace(key);
  return *it;
}

double ObjectReader::number(std::string_view key, double min, double max) {
  return read_number(value(key), pointer_of(key), min, max);
}

int ObjectReader::integer(std::string_view key, int min, int max) {
  const double v = number(key, min, max);
  if (v != std::floor(v)) throw SpecError(pointer_of(key), format_number(v) + " is not a whole number");
  return static_cast<int>(v);
}

bool ObjectReader::boolean(std::string_view key) {
  const json& v = value(key);
  if (!v.is_boolean()) throw SpecError(pointer_of(key), "expected true or false, got " + describe_type(v));
  return v.get<bool>();
}

std::string ObjectReader::string(std::string_view key) {
  const json& v = value(key);
  if (!v.is_string()) throw SpecError(pointer_of(key), "expected a string, got " + describe_type(v));
  return v.get<std::string>();
}

std::size_t ObjectReader::choice(std::string_view key, const std::vector<std::string>& choices) {
  const json& v = value(key);
  std::string allowed;
  for (const std::string& c : choices) allowed += (allowed.empty() ? "" : ", ") + ("\"" + c + "\"");
  if (v.is_string()) {
    for (std::size_t i = 0; i < choices.size(); ++i) {
      if (v.get<std::string>() == choices[i]) return i;
    }
    throw SpecError(pointer_of(key), "unknown value \"" + v.get<std::string>() + "\"; allowed: " + allowed);
  }
  throw SpecError(pointer_of(key), "expected one of " + allowed + ", got " + describe_type(v));
}

ObjectReader ObjectReader::object(std::string_view key, std::vector<std::string> fields) {
  return ObjectReader(value(key), pointer_of(key), std::move(fields));
}

const json& ObjectReader::array(std::string_view key, std::size_t min_size, std::size_t max_size) {
  const json& v = value(key);
  if (!v.is_array()) throw SpecError(pointer_of(key), "expected an array, got " + describe_type(v));
  if (v.size() < min_size || v.size() > max_size) {
    throw SpecError(pointer_of(key), "has " + std::to_string(v.size()) + " entries; allowed " +
                                         std::to_string(min_size) + " to " + std::to_string(max_size));
  }
  return v;
}

std::vector<std::string> ObjectReader::keys() {
  std::vector<std::string> out;
  for (const auto& [key, unused] : value_.items()) {
    out.push_back(key);
    read_.insert(key);
  }
  return out;
}

void ObjectReader::finish() const {
  for (const auto& [key, unused] : value_.items()) {
    if (read_.find(key) == read_.end()) {
      std::string known;
      if (fields_.empty()) {
        for (const std::string& k : read_) known += (known.empty() ? "" : ", ") + k;
      } else {
        for (const std::string& k : fields_) known += (known.empty() ? "" : ", ") + k;
      }
      throw SpecError(child_pointer(pointer_, key), "unknown field; known fields here: " + known);
    }
  }
}

}  // namespace iconsynth::spec
