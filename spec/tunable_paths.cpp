#include "spec/tunable_paths.h"

#include "spec/json_reader.h"

#include <algorithm>
#include <map>
#include <regex>

namespace iconsynth::spec {

namespace {

// The name a clip's own timings are grouped under, by its place in the motion ("timeline/sequence/2/exchange").
using ClipNames = std::map<std::string, std::string>;

const char* kind_word(const motion::Clip& clip) {
  return std::visit([](const auto& k) -> const char* {
    using K = std::decay_t<decltype(k)>;
    if constexpr (std::is_same_v<K, motion::Hold>) return "hold";
    if constexpr (std::is_same_v<K, motion::Gather>) return "gather";
    if constexpr (std::is_same_v<K, motion::Pulse>) return "swell";
    if constexpr (std::is_same_v<K, motion::Exchange>) return "exchange";
    if constexpr (std::is_same_v<K, motion::Stagger>) return "stagger";
    if constexpr (std::is_same_v<K, motion::Repeat>) return "repeat";
    return "";  // sequence and parallel only place their clips
  }, clip.kind);
}

// Names for every clip of a motion: exchanges by the rounds the choreography makes of them,
// other kinds by kind, numbered in the spec's order when there are several.
ClipNames clip_names(const motion::ChoreographyParams& params, int modules) {
  std::map<std::string, std::vector<int>> rounds;  // exchange → its rounds, 0-based
  for (const motion::ChoreographyEvent& e : motion::choreograph(params, modules).events) {
    if (e.kind != motion::ChoreographyEvent::Kind::Depart) continue;
    std::vector<int>& r = rounds[e.field];
    if (std::find(r.begin(), r.end(), e.round) == r.end()) r.push_back(e.round);
  }
  std::map<std::string, int> count, seen;
  motion::for_each_clip(params.timeline, [&](const motion::Clip& c) { ++count[kind_word(c)]; });
  ClipNames names;
  motion::for_each_clip(params.timeline, [&](const motion::Clip& c) {
    const std::string kind = kind_word(c);
    if (kind.empty()) return;
    const int n = ++seen[kind];
    if (kind == "exchange") {
      std::vector<int> r = rounds[c.where];
      std::sort(r.begin(), r.end());
      if (r.empty()) return;
      names[c.where] = r.size() == 1 ? "round " + std::to_string(r[0] + 1)
                                     : "rounds " + std::to_string(r.front() + 1) + "-" + std::to_string(r.back() + 1);
      return;
    }
    names[c.where] = count[kind] > 1 ? kind + " " + std::to_string(n) : kind;
  });
  return names;
}

std::string dotted(const std::vector<std::string>& keys, std::size_t from = 0) {
  std::string out;
  for (std::size_t i = from; i < keys.size(); ++i) out += (out.empty() ? "" : ".") + keys[i];
  return out;
}

bool is_index(const std::string& key) { return !key.empty() && std::all_of(key.begin(), key.end(), ::isdigit); }

// Words for the keys of a value below its group: "travel frames", "travel ease x1", "preset 2".
std::string words(const std::vector<std::string>& keys, std::size_t from) {
  static const char* const kHandles[] = {"x1", "y1", "x2", "y2"};
  std::vector<std::string> out;
  for (std::size_t i = from; i < keys.size(); ++i) {
    const std::string parent = i > 0 ? keys[i - 1] : "";
    if (is_index(keys[i]) && parent == "ease" && std::stoi(keys[i]) < 4) {
      out.push_back(kHandles[std::stoi(keys[i])]);
    } else if (is_index(keys[i])) {
      if (parent == "presets" && !out.empty()) out.back() = "preset";
      out.push_back(std::to_string(std::stoi(keys[i]) + 1));
    } else {
      std::string word = keys[i];
      std::replace(word.begin(), word.end(), '_', ' ');
      out.push_back(word);
    }
  }
  std::string text;
  for (const std::string& w : out) text += (text.empty() ? "" : " ") + w;
  return text;
}

// The unit of a value by the key that holds it.
std::string unit_of(const std::vector<std::string>& keys, const Json& value) {
  const std::string& key = keys.back();
  const std::string parent = keys.size() > 1 ? keys[keys.size() - 2] : "";
  static const std::regex kTimings("frames|hold|lag|lead|tail");
  if (std::regex_match(key, kTimings)) return value.is_string() ? "ms" : "frames";
  if (key == "scale") return "×";
  if (key == "frame_rate") return "fps";
  if (key == "min_stroke_ratio") return "× stroke width";
  if (key == "secondary_mix") return "of the way to the backdrop";
  if (key == "times" || key == "modules" || parent == "ease") return "";
  const bool in_layout = std::find(keys.begin(), keys.end(), "layout") != keys.end();  // a hinted size's layout too
  if (keys.front() == "layout" || keys.front() == "stroke" || in_layout) return "units";  // grid units, stroke weights
  // Hinting is keyed by the px size it is drawn at.
  if (keys.front() == "hinting" && (key == "up_to" || key == "below" || key.ends_with("_px"))) return "px";
  return "";
}

bool is_duration_text(const Json& value) { return value.is_string() && parse_ms(value.get<std::string>()).has_value(); }

class Lister {
 public:
  explicit Lister(const IconSpec& spec) : spec_(spec) {
    for (const auto& [name, params] : spec.motions) clips_[name] = clip_names(params, spec.module_count());
  }

  std::vector<TunablePath> list() {
    std::vector<std::string> keys;
    walk(spec_.source, keys, "");
    return std::move(out_);
  }

 private:
  void walk(const Json& node, std::vector<std::string>& keys, const std::string& pointer) {
    if (node.is_object() || node.is_array()) {
      std::size_t index = 0;
      for (const auto& [key, child] : node.items()) {
        keys.push_back(node.is_array() ? std::to_string(index) : key);
        walk(child, keys, child_pointer(pointer, keys.back()));
        keys.pop_back();
        ++index;
      }
      return;
    }
    if (!node.is_number() && !is_duration_text(node)) return;
    const auto [group, from] = group_of(keys);
    std::string name = words(keys, from);
    if (name.empty()) name = "frames";  // a hold clip is its length: {"hold": 10}
    out_.push_back({dotted(keys), pointer, group, name, node, unit_of(keys, node)});
  }

  // The group a value's keys fall in, and where its own words start.
  std::pair<std::string, std::size_t> group_of(const std::vector<std::string>& keys) const {
    const std::string& top = keys.front();
    if (top == "motions" && keys.size() > 2) {
      const std::string& motion = keys[1];
      // The deepest named clip whose place holds the value: "timeline/sequence/2/exchange".
      std::string where, best;
      std::size_t best_end = 2;
      for (std::size_t i = 2; i < keys.size(); ++i) {
        where += (where.empty() ? "" : "/") + keys[i];
        const auto& names = clips_.at(motion);
        if (const auto at = names.find(where); at != names.end()) best = at->second, best_end = i + 1;
      }
      return {best.empty() ? motion : motion + " · " + best, best_end};
    }
    if (top == "themes" && keys.size() > 2) return {keys[1] + " theme", 2};
    if (keys.size() == 1) return {"icon", 0};
    return {top, 1};
  }

  const IconSpec& spec_;
  std::map<std::string, ClipNames> clips_;
  std::vector<TunablePath> out_;
};

}  // namespace

std::string TunablePath::line() const {
  std::string text = group + " · " + name + ": " + path + " = " + (value.is_string() ? value.get<std::string>() : value.dump());
  if (!unit.empty() && unit != "ms") text += " " + unit;
  return text;
}

std::vector<TunablePath> tunable_paths(const IconSpec& spec) { return Lister(spec).list(); }

std::string frame_rate_note(const IconSpec& before, const IconSpec& after) {
  if (before.frame_rate == after.frame_rate) return "";
  int in_frames = 0;
  for (const TunablePath& p : tunable_paths(after)) in_frames += p.unit == "frames";
  if (in_frames == 0) return "";
  std::string lengths;
  for (const auto& [name, params] : after.motions) {
    // The name by an init-capture: clang 14 cannot capture a structured binding (C++20 allows it).
    const auto was = std::find_if(before.motions.begin(), before.motions.end(), [&, &name = name](const auto& m) { return m.name == name; });
    if (was == before.motions.end()) continue;
    const int frames_before = motion::choreograph(was->rule, before.module_count()).frame_count;
    const int frames_after = motion::choreograph(params, after.module_count()).frame_count;
    lengths += (lengths.empty() ? "" : ", ") + name + " " + format_ms(frames_before * 1000.0 / before.frame_rate) + " → " +
               format_ms(frames_after * 1000.0 / after.frame_rate);
  }
  return "frame_rate " + format_number(before.frame_rate) + " → " + format_number(after.frame_rate) + ": the " +
         std::to_string(in_frames) + " timings written in frames keep their frames, so they last " +
         format_number(before.frame_rate / after.frame_rate) + "× as long (" + lengths +
         "); a timing written \"NNNms\" keeps its length at any frame rate";
}

std::string motion_field_path(const std::string& motion, const std::string& field) {
  std::string path = "motions." + motion + "." + field;
  std::replace(path.begin(), path.end(), '/', '.');
  return path;
}

}  // namespace iconsynth::spec
