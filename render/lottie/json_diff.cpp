#include "render/lottie/json_diff.h"

#include <algorithm>
#include <set>

namespace iconsynth::render::lottie {

namespace {

constexpr std::size_t kMaxShown = 80;  // characters of a value shown in a change

std::string shown(const Json& value) {
  std::string text = value.dump();
  if (text.size() > kMaxShown) text = text.substr(0, kMaxShown - 1) + "…";
  return text;
}

// The keys that name an array's elements, in order of preference (header comment).
constexpr const char* kNameKeys[] = {"nm", "cm", "id", "name"};

// The key that names the elements of both arrays, each distinctly; nullptr when none does.
const char* element_name_key(const Json& a, const Json& b) {
  if (a.empty() && b.empty()) return nullptr;
  for (const char* key : kNameKeys) {
    bool distinct = true;
    for (const auto* array : {&a, &b}) {
      std::set<std::string> seen;
      for (const Json& e : *array) {
        distinct = distinct && e.is_object() && e.contains(key) && e[key].is_string() && seen.insert(e[key].get<std::string>()).second;
      }
    }
    if (distinct) return key;
  }
  return nullptr;
}

// A value array such as a point or a colour reads best as one change.
bool all_primitive(const Json& array) {
  return std::all_of(array.begin(), array.end(), [](const Json& e) { return e.is_primitive(); });
}

struct Differ {
  std::size_t limit;
  std::vector<JsonChange> changes;

  void add(JsonChange::Kind kind, const std::string& path, const Json* before, const Json* after) {
    if (changes.size() < limit) changes.push_back({kind, path, before ? shown(*before) : "", after ? shown(*after) : ""});
  }

  void walk(const Json& a, const Json& b, const std::string& path) {
    if (changes.size() >= limit || a == b) return;
    if (a.is_object() && b.is_object()) {
      for (const auto& [key, value] : a.items()) {
        const std::string child = path + "/" + key;
        if (b.contains(key)) walk(value, b[key], child);
        else add(JsonChange::Kind::Removed, child, &value, nullptr);
      }
      for (const auto& [key, value] : b.items()) {
        if (!a.contains(key)) add(JsonChange::Kind::Added, path + "/" + key, nullptr, &value);
      }
    } else if (const char* key = a.is_array() && b.is_array() ? element_name_key(a, b) : nullptr) {
      for (const Json& ea : a) {
        const std::string name = ea[key];
        const auto eb = std::find_if(b.begin(), b.end(), [&](const Json& e) { return e[key] == name; });
        if (eb != b.end()) walk(ea, *eb, path + "[" + name + "]");
        else add(JsonChange::Kind::Removed, path + "[" + name + "]", &ea, nullptr);
      }
      for (const Json& eb : b) {
        const std::string name = eb[key];
        if (std::none_of(a.begin(), a.end(), [&](const Json& e) { return e[key] == name; })) {
          add(JsonChange::Kind::Added, path + "[" + name + "]", nullptr, &eb);
        }
      }
    } else if (a.is_array() && b.is_array() && a.size() == b.size() && !all_primitive(a)) {
      for (std::size_t i = 0; i < a.size(); ++i) walk(a[i], b[i], path + "[" + std::to_string(i) + "]");
    } else {
      add(JsonChange::Kind::Changed, path.empty() ? "/" : path, &a, &b);
    }
  }
};

}  // namespace

std::vector<JsonChange> diff_json(const Json& before, const Json& after, std::size_t limit) {
  Differ differ{limit, {}};
  differ.walk(before, after, "");
  return differ.changes;
}

std::string describe(const JsonChange& c) {
  switch (c.kind) {
    case JsonChange::Kind::Changed: return "changed " + c.path + ": " + c.before + " → " + c.after;
    case JsonChange::Kind::Added: return "added " + c.path + ": " + c.after;
    case JsonChange::Kind::Removed: return "removed " + c.path + ": " + c.before;
  }
  return c.path;
}

}  // namespace iconsynth::render::lottie
