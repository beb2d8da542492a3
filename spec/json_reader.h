#pragma once
// Reads one JSON object field by field, knowing where it is: every error names the field's JSON
// pointer and what was allowed, and finish() rejects keys nobody asked for.

#include <nlohmann/json.hpp>

#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace iconsynth::spec {

// A problem in a spec document. `pointer` is the JSON pointer of the offending field ("" = root).
class SpecError : public std::runtime_error {
 public:
  SpecError(std::string pointer, const std::string& problem);
  const std::string& pointer() const { return pointer_; }
  const std::string& problem() const { return problem_; }

 private:
  std::string pointer_;
  std::string problem_;
};

// Shortest decimal form of a number, for messages ("2.5", not "2.500000").
std::string format_number(double value);
// A duration for people: milliseconds to a tenth, "1566.7 ms", "1000 ms".
std::string format_ms(double ms);
// The milliseconds of a duration written "200ms" or "200 ms" (finite); nullopt for anything else.
std::optional<double> parse_ms(std::string_view text);
// `parent` + "/" + key, with '~' and '/' escaped as RFC 6901 says.
std::string child_pointer(const std::string& parent, std::string_view key);
// The JSON type as a word for messages ("a string", "an array", …).
std::string describe_type(const nlohmann::ordered_json& value);

class ObjectReader {
 public:
  // `fields`, when given, are every field the object may hold: then a missing field names an
  // unknown one beside it (a renamed field reports both ends), and finish() lists them all.
  ObjectReader(const nlohmann::ordered_json& value, std::string pointer, std::vector<std::string> fields = {});

  // A required number in [min, max].
  double number(std::string_view key, double min, double max);
  // A required whole number in [min, max].
  int integer(std::string_view key, int min, int max);
  bool boolean(std::string_view key);
  std::string string(std::string_view key);
  // A required string that must be one of `choices`; returns its index.
  std::size_t choice(std::string_view key, const std::vector<std::string>& choices);
  // A required nested object, holding only `fields` when given.
  ObjectReader object(std::string_view key, std::vector<std::string> fields = {});
  // A required array with a size in [min_size, max_size].
  const nlohmann::ordered_json& array(std::string_view key, std::size_t min_size, std::size_t max_size);
  // Every key of the object, in its order (for maps whose keys are names); each counts as read.
  std::vector<std::string> keys();
  // Whether an optional field is present (reading it is still up to the caller).
  bool has(std::string_view key) const { return value_.find(key) != value_.end(); }
  // The raw value of a required field, for fields with their own grammar.
  const nlohmann::ordered_json& value(std::string_view key);

  const std::string& pointer() const { return pointer_; }
  std::string pointer_of(std::string_view key) const { return child_pointer(pointer_, key); }
  // Throws SpecError at the first key that was never read.
  void finish() const;

 private:
  // The object's keys that are none of the declared fields, quoted and joined ("" without fields).
  std::string unknown_keys() const;

  const nlohmann::ordered_json& value_;
  std::string pointer_;
  std::vector<std::string> fields_;
  std::set<std::string, std::less<>> read_;
};

// A number at `pointer` in [min, max] (for array elements and hand-parsed values).
double read_number(const nlohmann::ordered_json& value, const std::string& pointer, double min, double max);

}  // namespace iconsynth::spec
