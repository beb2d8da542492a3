#include "spec/loader.h"

#include "spec/overrides.h"
#include "spec/value_ranges.h"

#include <algorithm>
#include <map>
#include <fstream>
#include <sstream>

namespace iconsynth::spec {

using json = nlohmann::ordered_json;

namespace {


// The entries of a named map ("styles", "themes", "motions"), in the file's order, each read by
// `read` from its own object. Names become ids and file names: 1-32 of a-z, 0-9 and '-'.
template <class Read>
auto read_named(ObjectReader& root, std::string_view key, const std::vector<std::string>& fields, Read read) {
  ObjectReader map = root.object(key);
  using Rule = decltype(read(map.object(""), std::string()));
  std::vector<Named<Rule>> out;
  const std::vector<std::string> names = map.keys();
  if (names.empty()) throw SpecError(map.pointer(), "names no " + std::string(key) + "; at least one is needed");
  for (const std::string& name : names) {
    if (name.empty() || name.size() > 32 ||
        !std::all_of(name.begin(), name.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; })) {
      throw SpecError(map.pointer_of(name), "\"" + name + "\" is not a valid name; use 1-32 of a-z, 0-9 and '-' (it names files)");
    }
    out.push_back({name, read(map.object(name, fields), name)});
  }
  map.finish();
  return out;
}

// "frames": 12 (frames) or "200ms" / "200 ms" (converted at the spec's frame rate, so it keeps its
// length when the frame rate changes).
double read_frames(ObjectReader& reader, std::string_view key, double frame_rate, double min) {
  const json& value = reader.value(key);
  const std::string pointer = reader.pointer_of(key);
  if (value.is_string()) {
    const std::string text = value.get<std::string>();
    const std::optional<double> ms = parse_ms(text);
    if (!ms) throw SpecError(pointer, "expected a number of frames or a duration like \"200ms\", got \"" + text + "\"");
    return read_number(json(*ms * frame_rate / 1000.0), pointer, min, kMaxTimingFrames);
  }
  return read_number(value, pointer, min, kMaxTimingFrames);
}

// "ease": a preset name or [x1, y1, x2, y2] (Lottie's o.x, o.y, i.x, i.y).
motion::Easing read_ease(ObjectReader& reader, double y_min, double y_max) {
  const json& value = reader.value("ease");
  const std::string pointer = reader.pointer_of("ease");
  if (value.is_string()) {
    const std::string text = value.get<std::string>();
    const auto preset = motion::easing_preset(text);
    if (!preset) {
      std::string allowed;
      for (const std::string& n : motion::easing_preset_names()) allowed += (allowed.empty() ? "" : ", ") + n;
      throw SpecError(pointer, "unknown easing \"" + text + "\"; presets: " + allowed + ", or [x1, y1, x2, y2]");
    }
    if (preset->kind == motion::Easing::Kind::Bezier && (std::min(preset->y1, preset->y2) < y_min ||
                                                         std::max(preset->y1, preset->y2) > y_max)) {
      throw SpecError(pointer, "easing \"" + text + "\" overshoots; handles' y must stay in [" +
                                   format_number(y_min) + ", " + format_number(y_max) + "] here");
    }
    return *preset;
  }
  if (!value.is_array() || value.size() != 4) {
    throw SpecError(pointer, "expected a preset name or [x1, y1, x2, y2], got " + describe_type(value));
  }
  const double x1 = read_number(value[0], pointer + "/0", kEaseX.min, kEaseX.max);
  const double y1 = read_number(value[1], pointer + "/1", y_min, y_max);
  const double x2 = read_number(value[2], pointer + "/2", kEaseX.min, kEaseX.max);
  const double y2 = read_number(value[3], pointer + "/3", y_min, y_max);
  return motion::Easing::bezier(x1, y1, x2, y2);
}

motion::Timing read_timing(ObjectReader& parent, std::string_view key, double frame_rate,
                           double y_min = kEaseY.min, double y_max = kEaseY.max) {
  ObjectReader reader = parent.object(key, {"frames", "ease"});
  motion::Timing timing{read_frames(reader, "frames", frame_rate, kTimingFrames.min), read_ease(reader, y_min, y_max)};
  reader.finish();
  return timing;
}

// The ring kind's layout (geometry/ring_layout.h): the 2×2 ring's dimensions and the number of
// modules, which fit them to any N. "modules" may be left out: 4, the 2×2 icon.
geometry::LayoutParams read_ring_layout(ObjectReader reader) {
  geometry::LayoutParams p;
  p.grid = reader.number("grid", kGrid.min, kGrid.max);
  p.padding = reader.number("padding", padding_range(p.grid).min, padding_range(p.grid).max);
  if (reader.has("modules")) p.modules = reader.integer("modules", static_cast<int>(kRingModules.min), static_cast<int>(kRingModules.max));

  ObjectReader module = reader.object("module", {"size", "corner_radius"});
  p.module_size = module.number("size", module_size_range(p.grid).min, module_size_range(p.grid).max);
  p.module_corner_radius = module.number("corner_radius", module_corner_range(p.module_size).min, module_corner_range(p.module_size).max);
  module.finish();

  ObjectReader die = reader.object("die", {"size", "corner_radius", "clearance", "min_size"});
  p.die_size = die.number("size", die_size_range(p.module_size).min, die_size_range(p.module_size).max);
  p.die_corner_radius = die.number("corner_radius", die_corner_range(p.die_size).min, die_corner_range(p.die_size).max);
  p.die_clearance = die.number("clearance", die_clearance_range(p.module_size).min, die_clearance_range(p.module_size).max);
  p.die_min_size = die.number("min_size", die_min_size_range(p.module_size).min, die_min_size_range(p.module_size).max);
  die.finish();

  ObjectReader link = reader.object("link", {"gap"});
  p.link_gap = link.number("gap", link_gap_range(p.grid).min, link_gap_range(p.grid).max);
  link.finish();

  ObjectReader packet = reader.object("packet", {"radius", "min_stroke_ratio"});
  p.packet_radius = packet.number("radius", packet_radius_range(p.grid).min, packet_radius_range(p.grid).max);
  // Below 1 the packet would be no wider than the link it runs on and could not be seen.
  p.packet_min_stroke_ratio = packet.number("min_stroke_ratio", kPacketStrokeRatio.min, kPacketStrokeRatio.max);
  packet.finish();

  // "keylines": {"weight": 2}, optional: at that whole weight every straight edge of the rest
  // pose falls on whole grid units (geometry/ring_layout.h).
  if (reader.has("keylines")) {
    ObjectReader keylines = reader.object("keylines");
    p.keyline_weight = keylines.integer("weight", static_cast<int>(kKeylineWeight.min), static_cast<int>(kKeylineWeight.max));
    p.upright_cards = true;
    keylines.finish();
  }
  reader.finish();

  // Sizes are read; now check they fit together. They are the 2×2 ring's (other N scale them
  // keeping its proportions), so they are checked there.
  // Centres sit 2 × offset apart: closer than a module's size and the cards overlap.
  if (2 * geometry::module_offset(p) <= p.module_size) {
    throw SpecError(reader.pointer_of("module") + "/size",
                    "modules of size " + format_number(p.module_size) + " with padding " + format_number(p.padding) +
                        " overlap on a " + format_number(p.grid) + "-unit grid");
  }
  const double link_length = 2 * geometry::module_offset(p) - p.module_size - 2 * p.link_gap;
  if (link_length <= 0) {
    throw SpecError(reader.pointer_of("link") + "/gap",
                    "gap " + format_number(p.link_gap) + " leaves no room for the links between modules " +
                        format_number(2 * geometry::module_offset(p) - p.module_size) + " units apart");
  }
  return p;
}

// The icon kinds a spec may name in "kind", each a row: how it reads its layout. The scene's
// builder for each kind is the matching row of render/scene/icon_kinds.cpp.
struct KindReader {
  const char* name;
  geometry::LayoutParams (*read_layout)(ObjectReader);
  std::vector<std::string> fields;  // of its "layout"
};
const KindReader kKindReaders[] = {
    {"ring", read_ring_layout, {"grid", "padding", "modules", "keylines", "module", "die", "link", "packet"}},
};

// "hinting": {"up_to": 64, "optical_sizes": [{"below": 22, "layout": {…}, "packet_min_px": 3}, …]}
// Each optical size's "layout" holds only what changes: it is merged into the spec's layout and
// read like it, so every range and cross-check holds for it too.
Hinting read_hinting(ObjectReader reader, const json& layout, const KindReader& kind) {
  Hinting h;
  h.up_to = reader.integer("up_to", static_cast<int>(kHintUpTo.min), static_cast<int>(kHintUpTo.max));
  if (reader.has("optical_sizes")) {
    const json& sizes = reader.array("optical_sizes", 1, 8);
    for (std::size_t i = 0; i < sizes.size(); ++i) {
      ObjectReader entry(sizes[i], reader.pointer_of("optical_sizes") + "/" + std::to_string(i));
      OpticalSize o;
      o.below = entry.integer("below", static_cast<int>(kOpticalBelow.min), static_cast<int>(kOpticalBelow.max));
      if (!h.optical_sizes.empty() && o.below <= h.optical_sizes.back().below) {
        throw SpecError(entry.pointer_of("below"), std::to_string(o.below) + " px does not come after the previous range's " +
                                                        std::to_string(h.optical_sizes.back().below) + " px; list them from the smallest");
      }
      const json& changes = entry.value("layout");
      if (!changes.is_object()) throw SpecError(entry.pointer_of("layout"), "expected an object, got " + describe_type(changes));
      for (const char* fixed : {"grid", "modules", "keylines"}) {
        if (changes.contains(fixed)) {
          throw SpecError(entry.pointer_of("layout") + "/" + fixed, "is the icon's own, not an optical size's; change it in /layout");
        }
      }
      json merged = layout;
      merged.merge_patch(changes);
      o.layout = kind.read_layout(ObjectReader(merged, entry.pointer_of("layout")));
      // Keylines are the design grid's (a unit a pixel at its own size): an optical size draws its
      // numbers as given, for its own pixels, and keeps the cards as they stand.
      o.layout.keyline_weight = 0;
      if (entry.has("packet_min_px")) o.packet_min_px = entry.number("packet_min_px", kPacketMinPx.min, kPacketMinPx.max);
      entry.finish();
      h.optical_sizes.push_back(o);
    }
  }
  reader.finish();
  return h;
}

StyleRule read_style(ObjectReader reader) {
  StyleRule rule;
  rule.card_fill = static_cast<CardFill>(reader.choice("card_fill", {"none", "primary", "secondary"}));
  rule.card_stroke = reader.boolean("card_stroke");
  rule.die = static_cast<DieInk>(reader.choice("die", {"none", "fill", "hole"}));
  reader.finish();
  if (rule.card_fill == CardFill::None && !rule.card_stroke) {
    throw SpecError(reader.pointer(), "a card with no fill and no stroke would be invisible");
  }
  if (rule.die == DieInk::Hole && rule.card_fill == CardFill::None) {
    throw SpecError(reader.pointer_of("die"), "\"hole\" needs a filled card to cut through (card_fill is \"none\")");
  }
  return rule;
}

Rgba read_color(ObjectReader& reader, std::string_view key) {
  const std::string text = reader.string(key);
  const auto color = parse_hex_color(text);
  if (!color) throw SpecError(reader.pointer_of(key), "\"" + text + "\" is not a colour; expected #RRGGBB or #RRGGBBAA");
  return *color;
}

ThemeRule read_theme(ObjectReader reader) {
  ThemeRule rule;
  rule.primary = read_color(reader, "primary");
  rule.backdrop = read_color(reader, "backdrop");
  rule.secondary_mix = reader.number("secondary_mix", kSecondaryMix.min, kSecondaryMix.max);
  reader.finish();
  return rule;
}

motion::Swell read_swell(ObjectReader reader, double frame_rate) {
  motion::Swell swell;
  swell.scale = reader.number("scale", kSwellScale.min, kSwellScale.max);
  swell.rise = read_timing(reader, "rise", frame_rate);
  swell.settle = read_timing(reader, "settle", frame_rate);
  reader.finish();
  return swell;
}

// A clip of a motion's timeline: an object with one key naming its kind (motion/choreography.h).
// `motion_pointer` is the motion's own pointer: clips remember their place relative to it.
motion::Clip read_clip(const json& value, const std::string& pointer, const std::string& motion_pointer, double frame_rate) {
  static const std::vector<std::string> kKinds{"hold", "gather", "swell", "exchange", "sequence", "parallel", "stagger", "repeat"};
  ObjectReader reader(value, pointer);
  const std::vector<std::string> keys = reader.keys();
  if (keys.size() != 1) {
    throw SpecError(pointer, "a clip is an object with one key, its kind (" + joined_names(kKinds, ", ") + "); got " +
                                 std::to_string(keys.size()) + " keys");
  }
  const std::string& kind = keys.front();
  const std::string at = reader.pointer_of(kind);
  motion::Clip clip;
  clip.where = at.substr(motion_pointer.size() + 1);
  const auto clips_of = [&](const json& array) {
    std::vector<motion::Clip> clips;
    for (std::size_t i = 0; i < array.size(); ++i) clips.push_back(read_clip(array[i], at + "/" + std::to_string(i), motion_pointer, frame_rate));
    return clips;
  };
  const auto one_clip = [&](ObjectReader& body) {
    return std::make_shared<const motion::Clip>(read_clip(body.value("clip"), body.pointer_of("clip"), motion_pointer, frame_rate));
  };
  if (kind == "hold") {
    clip.kind = motion::Hold{read_frames(reader, "hold", frame_rate, kTimingFrames.min)};
  } else if (kind == "gather") {
    ObjectReader g = reader.object("gather", {"scale", "gather", "hold", "release"});
    motion::Gather gather;
    gather.scale = g.number("scale", kGatherScale.min, kGatherScale.max);
    gather.gather = read_timing(g, "gather", frame_rate);
    gather.hold = read_frames(g, "hold", frame_rate, kPauseFrames.min);
    gather.release = read_timing(g, "release", frame_rate);
    g.finish();
    clip.kind = gather;
  } else if (kind == "swell") {
    clip.kind = motion::Pulse{read_swell(reader.object("swell", {"scale", "rise", "settle"}), frame_rate)};
  } else if (kind == "exchange") {
    ObjectReader e = reader.object("exchange", {"direction", "travel", "swell"});
    motion::Exchange exchange;
    exchange.direction = static_cast<motion::Direction>(e.choice("direction", {"clockwise", "counter-clockwise"}));
    // Packets must move monotonically from sender to receiver: no overshoot in travel.
    exchange.travel = read_timing(e, "travel", frame_rate, kTravelEaseY.min, kTravelEaseY.max);
    exchange.swell = read_swell(e.object("swell", {"scale", "rise", "settle"}), frame_rate);
    e.finish();
    clip.kind = exchange;
  } else if (kind == "sequence") {
    clip.kind = motion::Sequence{clips_of(reader.array("sequence", 1, 32))};
  } else if (kind == "parallel") {
    clip.kind = motion::Parallel{clips_of(reader.array("parallel", 1, 32))};
  } else if (kind == "stagger") {
    ObjectReader body = reader.object("stagger", {"lag", "clip"});
    const double lag = read_frames(body, "lag", frame_rate, kPauseFrames.min);
    clip.kind = motion::Stagger{lag, one_clip(body)};
    body.finish();
  } else if (kind == "repeat") {
    ObjectReader body = reader.object("repeat", {"times", "clip"});
    const int times = body.integer("times", static_cast<int>(kRepeatTimes.min), static_cast<int>(kRepeatTimes.max));
    clip.kind = motion::Repeat{times, one_clip(body)};
    body.finish();
  } else {
    throw SpecError(at, "unknown clip \"" + kind + "\"; clips: " + joined_names(kKinds, ", "));
  }
  return clip;
}

motion::ChoreographyParams read_motion(ObjectReader reader, double frame_rate) {
  motion::ChoreographyParams p;
  p.loop = reader.boolean("loop");
  // An action rests at both ends; a loop need not (it must end as it begins instead).
  const double min_rest = p.loop ? kLoopRest.min : kActionRest.min;
  p.lead = read_frames(reader, "lead", frame_rate, min_rest);
  p.timeline = read_clip(reader.value("timeline"), reader.pointer_of("timeline"), reader.pointer(), frame_rate);
  p.tail = read_frames(reader, "tail", frame_rate, min_rest);
  reader.finish();
  return p;
}

const std::vector<std::string> kMotionFields{"loop", "lead", "timeline", "tail"};

// A motion as read_motion reads it, and choreographed: the final check that its timings fit together.
motion::ChoreographyParams read_checked_motion(ObjectReader r, const std::string& name, double frame_rate, int module_count) {
  const std::string pointer = r.pointer();
  const motion::ChoreographyParams params = read_motion(std::move(r), frame_rate);
  try {
    const motion::Choreography c = motion::choreograph(params, module_count);
    if (c.frame_count > kMaxMotionFrames) {
      throw SpecError(pointer, "lasts " + std::to_string(c.frame_count) + " frames; at most " + std::to_string(kMaxMotionFrames));
    }
  } catch (const motion::ChoreographyError& e) {
    throw SpecError(child_pointer("/motions", name) + "/" + e.field, e.what());
  }
  return params;
}

// The largest swell any exchange asks for must keep every module inside the grid, and apart from
// its neighbours (which swell at the same time in an exchange of every module).
void check_swell_fits(const IconSpec& spec, const geometry::LayoutParams& l, const std::string& motions_pointer) {
  const geometry::RingLayout ring = geometry::ring_layout(l);
  const double in_grid = geometry::max_swell_in_grid(ring);
  const double apart = geometry::max_swell_apart(ring);
  const double max_scale = geometry::max_swell(ring);
  for (const auto& [name, params] : spec.motions) {
    // `name` by an init-capture: clang 14 cannot capture a structured binding (allowed from C++20).
    motion::for_each_clip(params.timeline, [&, &name = name](const motion::Clip& clip) {
      const auto* exchange = std::get_if<motion::Exchange>(&clip.kind);
      const auto* pulse = std::get_if<motion::Pulse>(&clip.kind);
      const double scale = exchange ? exchange->swell.scale : pulse ? pulse->swell.scale : 1;
      if (scale > max_scale) {
        throw SpecError(child_pointer(motions_pointer, name) + "/" + clip.where + (exchange ? "/swell/scale" : "/scale"),
                        in_grid <= apart ? format_number(scale) + " would push the modules off the " +
                                               format_number(l.grid) + "-unit grid; at most " + format_number(max_scale) +
                                               " with padding " + format_number(l.padding)
                                         : format_number(scale) + " would make neighbouring modules of a ring of " +
                                               std::to_string(l.modules) + " touch; at most " + format_number(max_scale));
      }
    });
  }
}

// Animation ids join a style and a motion with '-': no two pairs may spell the same id
// ("a-b" + "c" and "a" + "b-c"), or a bundle's animations could not be told apart.
void check_unique_animation_ids(const IconSpec& spec) {
  std::map<std::string, std::string> seen;
  for (const auto& style : spec.styles) {
    for (const auto& motion : spec.motions) {
      const std::string id = style.name + "-" + motion.name;
      const std::string pair = "style \"" + style.name + "\" with motion \"" + motion.name + "\"";
      const auto [it, fresh] = seen.emplace(id, pair);
      if (!fresh) throw SpecError("/motions/" + motion.name, "the animation id \"" + id + "\" is spelled by both " + it->second + " and " + pair);
    }
  }
}

}  // namespace

namespace {

// Optional texts about the icon; every one a bounded string, keywords a short list of them.
IconMeta read_meta(ObjectReader& root, const std::string& id) {
  IconMeta meta{id, "", "", {}, ""};
  if (!root.has("meta")) return meta;
  ObjectReader r = root.object("meta", {"title", "description", "category", "keywords", "license"});
  const auto text = [&](std::string_view key, std::size_t max) {
    if (!r.has(key)) return std::string();
    std::string value = r.string(key);
    if (value.size() > max) throw SpecError(r.pointer_of(key), "is " + std::to_string(value.size()) + " bytes; at most " + std::to_string(max));
    return value;
  };
  meta.title = text("title", 120);
  if (meta.title.empty()) throw SpecError(r.pointer_of("title"), "missing or empty: the icon's title (e.g. \"GPU cluster\")");
  meta.description = text("description", 2000);
  meta.category = text("category", 120);
  meta.license = text("license", 64);
  if (r.has("keywords")) {
    const json& words = r.array("keywords", 0, 64);
    for (std::size_t i = 0; i < words.size(); ++i) {
      const std::string at = r.pointer_of("keywords") + "/" + std::to_string(i);
      if (!words[i].is_string() || words[i].get<std::string>().empty() || words[i].get<std::string>().size() > 64) {
        throw SpecError(at, "expected a keyword of 1-64 bytes, got " + describe_type(words[i]));
      }
      meta.keywords.push_back(words[i].get<std::string>());
    }
  }
  r.finish();
  return meta;
}

}  // namespace

std::vector<std::string> icon_kind_names() {
  std::vector<std::string> names;
  for (const KindReader& k : kKindReaders) names.push_back(k.name);
  return names;
}

IconSpec load_spec(const json& document) {
  ObjectReader root(document, "", {"id", "meta", "frame_rate", "kind", "layout", "stroke", "defaults", "interaction", "styles",
                                   "themes", "motions", "hinting"});
  IconSpec spec;
  spec.id = root.string("id");
  if (spec.id.empty() || spec.id.size() > 64 ||
      !std::all_of(spec.id.begin(), spec.id.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; })) {
    throw SpecError("/id", "\"" + spec.id + "\" is not a valid id; use 1-64 of a-z, 0-9 and '-' (it names files)");
  }
  spec.meta = read_meta(root, spec.id);
  spec.frame_rate = root.number("frame_rate", kFrameRate.min, kFrameRate.max);
  // "kind" may be left out: the ring, the kind every spec before it drew.
  std::size_t kind = 0;
  if (root.has("kind")) kind = root.choice("kind", icon_kind_names());
  spec.kind = kKindReaders[kind].name;
  spec.layout = kKindReaders[kind].read_layout(root.object("layout", kKindReaders[kind].fields));
  if (root.has("hinting")) spec.hinting = read_hinting(root.object("hinting"), root.value("layout"), kKindReaders[kind]);

  ObjectReader stroke = root.object("stroke", {"default", "presets"});
  spec.default_weight = stroke.number("default", kStrokeWeight.min, kStrokeWeight.max);
  const json& presets = stroke.array("presets", 1, 8);
  for (std::size_t i = 0; i < presets.size(); ++i) {
    spec.weight_presets.push_back(read_number(presets[i], stroke.pointer_of("presets") + "/" + std::to_string(i),
                                              kStrokeWeight.min, kStrokeWeight.max));
  }
  stroke.finish();

  spec.styles = read_named(root, "styles", {"card_fill", "card_stroke", "die"}, [](ObjectReader r, const std::string&) { return read_style(r); });
  spec.themes = read_named(root, "themes", {"primary", "backdrop", "secondary_mix"}, [](ObjectReader r, const std::string&) { return read_theme(r); });
  spec.motions = read_named(root, "motions", kMotionFields, [&](ObjectReader r, const std::string& name) {
    return read_checked_motion(std::move(r), name, spec.frame_rate, spec.module_count());
  });
  check_unique_animation_ids(spec);

  ObjectReader defaults = root.object("defaults", {"style", "motion", "theme"});
  spec.default_style = spec.styles[defaults.choice("style", names_of(spec.styles))].name;
  spec.default_motion = spec.motions[defaults.choice("motion", names_of(spec.motions))].name;
  spec.default_theme = spec.themes[defaults.choice("theme", names_of(spec.themes))].name;
  defaults.finish();
  spec.hover_motion = spec.click_motion = spec.default_motion;
  if (root.has("interaction")) {
    ObjectReader interaction = root.object("interaction", {"hover", "click"});
    spec.hover_motion = spec.motions[interaction.choice("hover", names_of(spec.motions))].name;
    spec.click_motion = spec.motions[interaction.choice("click", names_of(spec.motions))].name;
    interaction.finish();
  }
  root.finish();
  check_swell_fits(spec, spec.layout, "/motions");
  for (const OpticalSize& optical : spec.hinting.optical_sizes) check_swell_fits(spec, optical.layout, "/motions");

  spec.source = document;
  return spec;
}

motion::ChoreographyParams load_motion(const json& document, const std::string& name, int module_count) {
  ObjectReader root(document, "");
  const double frame_rate = root.number("frame_rate", kFrameRate.min, kFrameRate.max);
  ObjectReader motions = root.object("motions");
  if (!motions.has(name)) throw SpecError(motions.pointer_of(name), "no such motion");
  return read_checked_motion(motions.object(name, kMotionFields), name, frame_rate, module_count);
}

namespace {

// "line L, column C" of the character before byte `end` of `text` (a parser's position: the last
// character it read).
std::string line_and_column(std::string_view text, std::size_t end) {
  end = std::min(end, text.size());
  std::size_t line = 1, column = 1;
  for (std::size_t i = 0; i + 1 < end; ++i) {
    if (text[i] == '\n') {
      ++line, column = 1;
    } else {
      ++column;
    }
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

// nlohmann's message without its code and position: "unexpected ','; expected string literal".
std::string parser_words(const std::string& what) {
  std::string words = what;
  if (const std::size_t code = words.find("] "); words.rfind("[json.exception.", 0) == 0 && code != std::string::npos) words.erase(0, code + 2);
  if (const std::size_t at = words.find(": "); words.rfind("parse error", 0) == 0 && at != std::string::npos) words.erase(0, at + 2);
  if (const std::size_t dash = words.find(" - "); words.rfind("syntax error", 0) == 0 && dash != std::string::npos) words.erase(0, dash + 3);
  return words;
}

}  // namespace

// Nesting deeper than any spec needs is refused before it costs anything. Every nlohmann error
// (syntax, number overflow such as 1e400) becomes a SpecError saying where, by line and column.
json parse_spec_json(std::string_view text) {
  try {
    return json::parse(text, [](int depth, json::parse_event_t, json&) {
      if (depth > kMaxSpecJsonDepth) throw SpecError("", "JSON nests deeper than " + std::to_string(kMaxSpecJsonDepth) + " levels");
      return true;
    });
  } catch (const json::parse_error& e) {
    throw SpecError("", "invalid JSON at " + line_and_column(text, e.byte) + ": " + parser_words(e.what()));
  } catch (const json::out_of_range& e) {
    // A number too large for a double carries no position: find it by its text.
    const std::string what = e.what();
    const std::size_t open = what.find('\''), close = what.rfind('\'');
    const std::string number = open < close ? what.substr(open + 1, close - open - 1) : "";
    const std::size_t at = number.empty() ? std::string_view::npos : text.find(number);
    if (at != std::string_view::npos) {
      throw SpecError("", "invalid JSON at " + line_and_column(text, at + 1) + ": the number " + number + " is too large");
    }
    throw SpecError("", "invalid JSON: " + parser_words(what));
  } catch (const json::exception& e) {
    throw SpecError("", "invalid JSON: " + parser_words(e.what()));
  }
}

namespace {

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw SpecError("", "cannot read spec file " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Runs `load` and names the file in any error it raises.
template <class Load>
auto in_file(const std::filesystem::path& path, Load load) {
  try {
    return load();
  } catch (const SpecError& e) {
    throw SpecError(e.pointer(), e.problem() + " (in " + path.string() + ")");
  }
}

}  // namespace

IconSpec load_spec_text(std::string_view text) { return load_spec(parse_spec_json(text)); }

IconSpec load_spec_file(const std::filesystem::path& path) {
  const std::string text = read_text(path);
  return in_file(path, [&] { return load_spec_text(text); });
}

IconSpec load_spec_with_overrides(const std::filesystem::path& path, const std::vector<std::string>& overrides) {
  if (overrides.empty()) return path.empty() ? load_spec_text(builtin_spec_text()) : load_spec_file(path);
  // Overrides edit the document, so parse it first, then validate once at the end.
  json document = path.empty() ? parse_spec_json(builtin_spec_text())
                               : in_file(path, [&] { return parse_spec_json(read_text(path)); });
  for (const std::string& assignment : overrides) apply_override(document, assignment);
  return load_spec(document);
}

}  // namespace iconsynth::spec
