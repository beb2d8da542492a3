#pragma once
// `--set path.to.key=value`: changes one field of a spec document before validation.
// The path must name a field that exists (dots between object keys, numbers index arrays); the
// value is read as JSON when it parses as JSON (numbers, true, null, [..], {..}, "..") and as a
// plain string otherwise, so `--set motions.light.timeline.exchange.travel.ease=snap` works unquoted.

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace iconsynth::spec {

// The JSON pointer of the existing field a dotted --set path names; SpecError (pointer = as far as
// it reached) when the path names no existing field.
std::string resolve_path(const nlohmann::ordered_json& document, std::string_view path);

// A --set VALUE as the spec reads it: JSON when it parses as JSON, else the text as a string.
nlohmann::ordered_json override_value(std::string_view text);

// Applies one "path=value" override in place; SpecError (pointer = the path as a JSON pointer)
// when the text has no '=', or the path names no existing field.
void apply_override(nlohmann::ordered_json& document, std::string_view assignment);

}  // namespace iconsynth::spec
