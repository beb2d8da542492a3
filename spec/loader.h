#pragma once
// spec JSON → IconSpec. Every field is required, typed and range-checked; unknown keys are errors.
// Errors are SpecError with the JSON pointer of the field at fault.

#include "spec/icon_spec.h"
#include "spec/json_reader.h"
#include "spec/value_ranges.h"  // kMaxTimingFrames

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace iconsynth::spec {

// Limits on what a spec may ask for; each error that enforces one states it.
inline constexpr int kMaxMotionFrames = 3600;    // a whole motion: 60 s at 60 fps
inline constexpr int kMaxSpecJsonDepth = 32;     // nesting of the spec document

// The icon kinds a spec may name in "kind" ("ring"), in table order.
std::vector<std::string> icon_kind_names();

// Validates a parsed document and builds the typed spec.
IconSpec load_spec(const nlohmann::ordered_json& document);
// The motion `name` of a spec document, read and checked as load_spec reads it (at the document's
// frame rate, for `module_count` modules), the rest of the document unread: SpecError where
// load_spec would give one for that motion.
motion::ChoreographyParams load_motion(const nlohmann::ordered_json& document, const std::string& name, int module_count);
// Parses spec text into a document, not yet validated; SpecError naming line and column.
nlohmann::ordered_json parse_spec_json(std::string_view text);
// Parses spec text (errors name line and column) and validates it.
IconSpec load_spec_text(std::string_view text);
// Reads and validates a spec file; an unreadable file is a SpecError naming the path.
IconSpec load_spec_file(const std::filesystem::path& path);

// The spec shipped with iconsynth (spec/gpu-cluster.json, compiled in), as text.
std::string_view builtin_spec_text();

// Loads the built-in spec or `path` if not empty, then applies `overrides` ("a.b.c=value") in order.
IconSpec load_spec_with_overrides(const std::filesystem::path& path, const std::vector<std::string>& overrides);

}  // namespace iconsynth::spec
