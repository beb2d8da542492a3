#include "spec/tunable_paths.h"

#include "geometry/ring_layout.h"
#include "spec/json_reader.h"
#include "spec/value_ranges.h"

#include <algorithm>
#include <map>

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
    } else if (keys[i] == "swell" && parent == "exchange") {
      out.push_back("landing swell");  // the receiver's swell as its packet lands
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

// What the table knows of a value's context: the spec, the keys that reach it, and whether it is
// written as a duration.
struct Context {
  const IconSpec& spec;
  const std::vector<std::string>& keys;
  bool ms;

  // The layout a layout value is checked against: the spec's, or an optical size's (merged).
  const geometry::LayoutParams& layout() const {
    if (keys.size() > 2 && keys[0] == "hinting" && keys[1] == "optical_sizes" && is_index(keys[2])) {
      const std::size_t i = std::stoul(keys[2]);
      if (i < spec.hinting.optical_sizes.size()) return spec.hinting.optical_sizes[i].layout;
    }
    return spec.layout;
  }
  bool loops() const {
    for (const auto& m : spec.motions) {
      if (keys.size() > 1 && m.name == keys[1]) return m.rule.loop;
    }
    return false;
  }
};

// A swell's scale: up to what keeps the spec's modules inside its grid and apart (the loader
// refuses more), so no slider offers values the spec refuses.
ValueRange swell_scale_range(const geometry::LayoutParams& layout) {
  ValueRange range = kSwellScale;
  range.max = std::max(range.min, std::min(range.max, geometry::max_swell(geometry::ring_layout(layout))));
  return range;
}

// A row of the table: the keys a value's path ends with ("*" any one key; a leading "^" anchors
// the pattern at the document's root), its unit and its range. The first row that matches wins.
struct Row {
  const char* pattern;
  const char* unit;  // "timing": "frames", or "ms" for a duration
  ValueRange (*range)(const Context&);
};

const Row kRows[] = {
    {"ease.0", "", [](const Context&) { return kEaseX; }},
    {"ease.2", "", [](const Context&) { return kEaseX; }},
    {"travel.ease.1", "", [](const Context&) { return kTravelEaseY; }},
    {"travel.ease.3", "", [](const Context&) { return kTravelEaseY; }},
    {"ease.1", "", [](const Context&) { return kEaseY; }},
    {"ease.3", "", [](const Context&) { return kEaseY; }},
    {"^motions.*.lead", "timing", [](const Context& c) { return c.loops() ? kLoopRest : kActionRest; }},
    {"^motions.*.tail", "timing", [](const Context& c) { return c.loops() ? kLoopRest : kActionRest; }},
    {"gather.hold", "timing", [](const Context&) { return kPauseFrames; }},
    {"lag", "timing", [](const Context&) { return kPauseFrames; }},
    {"frames", "timing", [](const Context&) { return kTimingFrames; }},
    {"hold", "timing", [](const Context&) { return kTimingFrames; }},  // a hold clip: {"hold": 10}
    {"gather.scale", "×", [](const Context&) { return kGatherScale; }},
    {"scale", "×", [](const Context& c) { return swell_scale_range(c.spec.layout); }},
    {"times", "", [](const Context&) { return kRepeatTimes; }},
    {"^frame_rate", "fps", [](const Context&) { return kFrameRate; }},
    {"layout.grid", "units", [](const Context&) { return kGrid; }},
    {"layout.modules", "", [](const Context&) { return kRingModules; }},
    {"layout.padding", "units", [](const Context& c) { return padding_range(c.layout().grid); }},
    {"layout.module.size", "units", [](const Context& c) { return module_size_range(c.layout().grid); }},
    {"layout.module.corner_radius", "units", [](const Context& c) { return module_corner_range(c.layout().module_size); }},
    {"layout.die.size", "units", [](const Context& c) { return die_size_range(c.layout().module_size); }},
    {"layout.die.corner_radius", "units", [](const Context& c) { return die_corner_range(c.layout().die_size); }},
    {"layout.die.clearance", "units", [](const Context& c) { return die_clearance_range(c.layout().module_size); }},
    {"layout.die.min_size", "units", [](const Context& c) { return die_min_size_range(c.layout().module_size); }},
    {"layout.link.gap", "units", [](const Context& c) { return link_gap_range(c.layout().grid); }},
    {"layout.packet.radius", "units", [](const Context& c) { return packet_radius_range(c.layout().grid); }},
    {"layout.packet.min_stroke_ratio", "× stroke width", [](const Context&) { return kPacketStrokeRatio; }},
    {"layout.keylines.weight", "units", [](const Context&) { return kKeylineWeight; }},
    {"^stroke.default", "units", [](const Context&) { return kStrokeWeight; }},
    {"^stroke.presets.*", "units", [](const Context&) { return kStrokeWeight; }},
    {"^themes.*.secondary_mix", "of the way to the backdrop", [](const Context&) { return kSecondaryMix; }},
    {"^hinting.up_to", "px", [](const Context&) { return kHintUpTo; }},
    {"^hinting.optical_sizes.*.below", "px", [](const Context&) { return kOpticalBelow; }},
    {"^hinting.optical_sizes.*.packet_min_px", "px", [](const Context&) { return kPacketMinPx; }},
};

bool matches(const std::vector<std::string>& keys, std::string_view pattern);

// What a motion's value does, by the keys its path ends with (patterns as the rows'); the first
// that matches wins. An easing's handle is said by its easing.
struct About {
  const char* pattern;
  const char* text;
};

const About kAbout[] = {
    {"exchange.travel.frames", "how long a packet travels from its sender until it lands on its receiver"},
    {"exchange.travel.ease", "how a packet speeds up and slows down between leaving and landing"},
    {"exchange.swell.scale", "how much the receiving module swells as the packet lands (1: not at all); more lands harder"},
    {"exchange.swell.rise.frames", "how long the receiver takes from the landing to its swell's peak"},
    {"exchange.swell.rise.ease", "how the receiver swells from the landing to the peak"},
    {"exchange.swell.settle.frames", "how long the receiver takes to settle back to rest after the landing"},
    {"exchange.swell.settle.ease", "how the receiver settles back to rest after the landing"},
    {"swell.scale", "how much the modules swell (1: not at all)"},
    {"swell.rise.frames", "how long the modules take to swell to the peak"},
    {"swell.rise.ease", "how the modules swell to the peak"},
    {"swell.settle.frames", "how long the modules take to settle back to rest"},
    {"swell.settle.ease", "how the modules settle back to rest"},
    {"gather.scale", "how far the modules draw in before the action, the anticipation (1: not at all)"},
    {"gather.gather.frames", "how long the modules take to draw in"},
    {"gather.gather.ease", "how the modules draw in"},
    {"gather.hold", "how long the modules stay drawn in"},
    {"gather.release.frames", "how long the modules take to spring back from drawing in"},
    {"gather.release.ease", "how the modules spring back from drawing in"},
    {"^motions.*.lead", "rest before the motion starts"},
    {"^motions.*.tail", "rest after the motion ends"},
    {"lag", "how long each module waits after the one before it starts"},
    {"times", "how many times the clip plays"},
    {"hold", "a pause: nothing moves"},
};

std::string about(const std::vector<std::string>& keys) {
  if (keys.empty() || keys.front() != "motions") return "";
  static const char* const kHandles[] = {"x1", "y1", "x2", "y2"};
  // An easing's handle: "… (its handle x1)".
  if (keys.size() > 2 && keys[keys.size() - 2] == "ease" && is_index(keys.back()) && std::stoi(keys.back()) < 4) {
    const std::string easing = about({keys.begin(), keys.end() - 1});
    return easing.empty() ? "" : easing + " (its Bézier handle's " + kHandles[std::stoi(keys.back())] + ")";
  }
  for (const About& a : kAbout) {
    if (matches(keys, a.pattern)) return a.text;
  }
  return "";
}

// Whether `keys` ends with the row's pattern (or is it, for an anchored one).
bool matches(const std::vector<std::string>& keys, std::string_view pattern) {
  const bool anchored = pattern.starts_with('^');
  if (anchored) pattern.remove_prefix(1);
  std::vector<std::string_view> parts;
  for (std::size_t at = 0; at <= pattern.size();) {
    const std::size_t dot = std::min(pattern.find('.', at), pattern.size());
    parts.push_back(pattern.substr(at, dot - at));
    at = dot + 1;
  }
  if (parts.size() > keys.size() || (anchored && parts.size() != keys.size())) return false;
  const std::size_t offset = keys.size() - parts.size();
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (parts[i] != "*" && parts[i] != keys[offset + i]) return false;
  }
  return true;
}

bool is_duration_text(const Json& value) { return value.is_string() && parse_ms(value.get<std::string>()).has_value(); }

bool is_colour_text(const std::vector<std::string>& keys, const Json& value) {
  return keys.size() == 3 && keys[0] == "themes" && value.is_string() && parse_hex_color(value.get<std::string>()).has_value();
}

// A number's or duration's unit and range by the table; no row: no unit, no range.
void describe(TunablePath& p, const IconSpec& spec, const std::vector<std::string>& keys) {
  const Context context{spec, keys, p.value.is_string()};
  for (const Row& row : kRows) {
    if (!matches(keys, row.pattern)) continue;
    const ValueRange r = row.range(context);
    const std::string unit = row.unit;
    if (unit != "timing") {
      p.unit = unit, p.min = r.min, p.max = r.max, p.step = r.step;
      return;
    }
    if (!context.ms) {
      p.unit = "frames", p.min = r.min, p.max = r.max, p.step = r.step;
      return;
    }
    const double ms_per_frame = 1000.0 / spec.frame_rate;
    p.unit = "ms", p.min = r.min * ms_per_frame, p.max = r.max * ms_per_frame, p.step = kMsStep;
    return;
  }
}

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
    const bool easing = !keys.empty() && keys.back() == "ease" && (node.is_string() || node.is_array());
    if (easing) add(keys, pointer, node, TunableKind::Easing);  // the whole easing, then its handles
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
    if (easing) return;
    if (node.is_number()) add(keys, pointer, node, TunableKind::Number);
    if (is_duration_text(node)) add(keys, pointer, node, TunableKind::Duration);
    if (is_colour_text(keys, node)) add(keys, pointer, node, TunableKind::Colour);
  }

  void add(const std::vector<std::string>& keys, const std::string& pointer, const Json& node, TunableKind kind) {
    const auto [group, from] = group_of(keys);
    std::string name = words(keys, from);
    if (name.empty()) name = "frames";  // a hold clip is its length: {"hold": 10}
    TunablePath p{dotted(keys), pointer, group, name, about(keys), node, "", kind};
    if (kind == TunableKind::Number || kind == TunableKind::Duration) describe(p, spec_, keys);
    out_.push_back(std::move(p));
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

std::string kind_name(TunableKind kind) {
  switch (kind) {
    case TunableKind::Number: return "number";
    case TunableKind::Duration: return "duration";
    case TunableKind::Easing: return "easing";
    case TunableKind::Colour: return "colour";
  }
  return "?";
}

std::string TunablePath::line() const {
  std::string text = group + " · " + name + ": " + path + " = " + (value.is_string() ? value.get<std::string>() : value.dump());
  if (!unit.empty() && unit != "ms") text += " " + unit;
  return text;
}

double TunablePath::value_number() const {
  if (value.is_number()) return value.get<double>();
  if (kind == TunableKind::Duration) return parse_ms(value.get<std::string>()).value_or(0);
  return 0;
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
