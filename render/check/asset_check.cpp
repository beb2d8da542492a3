#include "render/check/asset_check.h"

#include "render/cairo/frame_renderer.h"
#include "render/cairo/raster.h"
#include "render/check/interaction_check.h"
#include "render/lottie/dotlottie_writer.h"
#include "render/lottie/lottie_writer.h"
#include "spec/json_reader.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <future>
#include <map>
#include <set>

namespace iconsynth::render::check {

namespace {

using lottie::Json;

constexpr int kSampleFrames = 8;     // frames tried per motion when finding the motion
constexpr std::size_t kWorstKept = 3;
constexpr int kEstimateSize = 256;  // px: the look is found this large (rlottie's thin strokes read 0.007 light at 128)
constexpr int kMotionSampleSize = 64;  // px: the motion from frames this large (scores do not depend on size)

std::string number_text(double v) { return spec::format_number(v); }

std::vector<std::string> layer_names(const Json& doc) {
  std::vector<std::string> names;
  for (const Json& layer : doc["layers"]) {
    names.push_back(layer.contains("nm") && layer["nm"].is_string() ? layer["nm"].get<std::string>() : "(unnamed)");
  }
  return names;
}

std::vector<std::string> marker_texts(const Json& doc) {
  std::vector<std::string> out;
  if (!doc.contains("markers") || !doc["markers"].is_array()) return out;
  for (const Json& m : doc["markers"]) {
    if (!m.is_object()) continue;
    out.push_back((m.contains("cm") ? m["cm"].dump() : "?") + "@" + (m.contains("tm") ? m["tm"].dump() : "?"));
  }
  return out;
}

std::vector<std::string> slot_ids(const Json& doc) {
  std::vector<std::string> out;
  if (doc.contains("slots") && doc["slots"].is_object()) {
    for (const auto& [sid, unused] : doc["slots"].items()) out.push_back(sid);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : ", ") + s;
  return out.empty() ? "(none)" : out;
}

std::vector<StructuralDifference> compare_structure(const Json& asset, const Json& ours) {
  std::vector<StructuralDifference> diffs;
  const auto field = [&](const char* what, const char* key) {
    if (asset[key] != ours[key]) diffs.push_back({what, asset[key].dump(), ours[key].dump()});
  };
  field("canvas width", "w");
  field("canvas height", "h");
  field("frame rate", "fr");
  field("in point", "ip");
  field("out point", "op");
  const auto duration = [](const Json& d) {
    return (d["op"].get<double>() - d["ip"].get<double>()) / d["fr"].get<double>();
  };
  if (std::abs(duration(asset) - duration(ours)) > 1e-9) {
    diffs.push_back({"duration (s)", number_text(duration(asset)), number_text(duration(ours))});
  }
  const std::vector<std::string> a_layers = layer_names(asset), o_layers = layer_names(ours);
  if (a_layers.size() != o_layers.size()) {
    diffs.push_back({"layer count", std::to_string(a_layers.size()), std::to_string(o_layers.size())});
  }
  const std::set<std::string> a_set(a_layers.begin(), a_layers.end()), o_set(o_layers.begin(), o_layers.end());
  std::vector<std::string> only_asset, only_ours;
  std::set_difference(a_set.begin(), a_set.end(), o_set.begin(), o_set.end(), std::back_inserter(only_asset));
  std::set_difference(o_set.begin(), o_set.end(), a_set.begin(), a_set.end(), std::back_inserter(only_ours));
  if (!only_asset.empty() || !only_ours.empty()) diffs.push_back({"layers only in one", joined(only_asset), joined(only_ours)});
  if (only_asset.empty() && only_ours.empty() && a_layers != o_layers) {
    diffs.push_back({"layer order", joined(a_layers), joined(o_layers)});
  }
  if (marker_texts(asset) != marker_texts(ours)) diffs.push_back({"markers", joined(marker_texts(asset)), joined(marker_texts(ours))});
  if (slot_ids(asset) != slot_ids(ours)) diffs.push_back({"slots", joined(slot_ids(asset)), joined(slot_ids(ours))});
  return diffs;
}

// The option checks that need the asset or the spec: the animation and theme asked for must be in
// the asset, the theme, style and motion in the spec.
void check_options_fit(const spec::IconSpec& spec, const spec::VariantSpace& space, const lottie::Asset* asset,
                       const CheckOptions& options) {
  if (asset && options.animation &&
      std::none_of(asset->animations.begin(), asset->animations.end(),
                   [&](const lottie::AssetAnimation& a) { return a.id == *options.animation; })) {
    std::vector<std::string> ids;
    for (const auto& a : asset->animations) ids.push_back(a.id);
    throw std::invalid_argument("--animation " + *options.animation + ": the asset has " + joined(ids));
  }
  const VariantPins& pins = options.pins;
  if (pins.theme) {
    const bool bundle = asset && asset->kind != lottie::Asset::Kind::LottieJson;
    if (bundle && std::none_of(asset->themes.begin(), asset->themes.end(), [&](const lottie::AssetTheme& t) { return t.id == *pins.theme; })) {
      throw std::invalid_argument("--theme " + *pins.theme + ": the asset has no such theme");
    }
    if (!lottie::find_bundle_theme(spec, *pins.theme)) {
      std::vector<std::string> ids;
      for (const lottie::BundleTheme& t : lottie::bundle_themes(spec)) ids.push_back(t.id);
      throw std::invalid_argument("--theme " + *pins.theme + ": the spec synthesizes only " + spec::joined_names(ids, ", "));
    }
  }
  const auto in = [](const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
  };
  if (pins.style && !in(space.styles(), *pins.style)) {
    throw std::invalid_argument("--style \"" + *pins.style + "\" is not one of " + spec::joined_names(space.styles(), ", "));
  }
  if (pins.motion && !in(space.motions(), *pins.motion)) {
    throw std::invalid_argument("--motion \"" + *pins.motion + "\" is not one of " + spec::joined_names(space.motions(), ", "));
  }
  if (std::find(options.players.begin(), options.players.end(), Engine::Thorvg) != options.players.end() && !options.thorvg) {
    throw std::logic_error("check: ThorVG asked for without its runtime");
  }
}

// A source to check and what it is held to.
struct Shown {
  std::unique_ptr<FrameSource> source;
  PlayerCheck check;
  VariantPins pins;
};

// The pins a theme brings: its colour theme, and its preset weight unless one is pinned.
VariantPins with_theme(const spec::IconSpec& spec, VariantPins pins) {
  if (!pins.theme) return pins;
  const lottie::BundleTheme theme = *lottie::find_bundle_theme(spec, *pins.theme);
  pins.theme = theme.colours;
  if (!pins.weight && theme.weight) pins.weight = theme.weight;
  return pins;
}

std::string pins_key(const VariantPins& p) {
  return p.style.value_or("") + "|" + p.motion.value_or("") + "|" + p.theme.value_or("") + "|" +
         (p.weight ? number_text(*p.weight) : "") + "|" + (p.color ? spec::to_hex(*p.color) : "");
}

}  // namespace

FrameResult compare_frame(const FrameSource& source, const AnimatedScene& scene, FrameRenderer& ours, int frame, double frame_rate,
                          int size, const Thresholds& thresholds, std::vector<std::uint32_t>* theirs_out,
                          std::vector<std::uint32_t>* ours_out) {
  std::vector<std::uint32_t> theirs = source.render(static_cast<std::size_t>(frame), size);
  const double our_frame = our_frame_at(frame, frame_rate, scene.frame_rate);
  const ImageSurface& image = ours.render(our_frame);
  FrameResult r = score_frame(view_of(theirs, size, size), image.view(), scene.grid, thresholds);
  r.asset_frame = frame, r.our_frame = our_frame;
  if (ours_out) *ours_out = pixels_of(image.view());
  if (theirs_out) *theirs_out = std::move(theirs);
  return r;
}

namespace {

// Every frame the source draws against ours at the same moment; the worst few kept with their pixels.
// `duration`: the target's length in its frames (a Lottie's op - ip; players may count one more or
// less when it is not whole).
void compare_all_frames(PlayerCheck& check, const FrameSource& source, const AnimatedScene& scene, double frame_rate,
                        double duration, const CheckOptions& options) {
  const int size = source.fixed_size() ? source.fixed_size() : options.size;
  const int asset_frames = static_cast<int>(source.frame_count());
  if (frame_rate != scene.frame_rate || std::abs(duration * scene.frame_rate - scene.frame_count * frame_rate) > 1e-9) {
    check.time_note = "timing differs (" + number_text(frame_rate) + " fps, " + number_text(duration) + " frames vs " +
                      number_text(scene.frame_rate) + " fps, " + std::to_string(scene.frame_count) +
                      " frames): compared at equal times";
  }
  FrameRenderer ours(scene, size);
  const auto compare = [&](int f, std::vector<std::uint32_t>* theirs_out, std::vector<std::uint32_t>* ours_out) {
    return compare_frame(source, scene, ours, f, frame_rate, size, options.thresholds, theirs_out, ours_out);
  };
  for (int f = 0; f < asset_frames; ++f) check.frames.push_back(compare(f, nullptr, nullptr));
  std::vector<FrameResult> by_score = check.frames;
  std::stable_sort(by_score.begin(), by_score.end(), [](const FrameResult& a, const FrameResult& b) { return a.score > b.score; });
  for (std::size_t i = 0; i < std::min(kWorstKept, by_score.size()); ++i) {
    FrameSample sample;
    sample.result = compare(by_score[i].asset_frame, &sample.asset_pixels, &sample.our_pixels);
    check.worst.push_back(std::move(sample));
  }
  check.passed = !check.frames.empty() && std::all_of(check.frames.begin(), check.frames.end(),
                                                      [](const FrameResult& r) { return r.score <= 1; });
}

// Finds each source's variant (once per distinct set of pins, from the first source that plays),
// then compares every source's frames with it, each source on a thread of its own (the players
// themselves run in their children).
void compare_sources(const spec::IconSpec& spec, const std::string& id, double frame_rate, double duration, std::vector<Shown>& shown,
                     const CheckOptions& options, AnimationCheck& check) {
  std::map<std::string, FoundVariant> found;
  std::vector<AnimatedScene> scenes(shown.size());
  // ThorVG is asked first where it plays: it reads a colour as we write it, where rlottie
  // truncates (0.898 × 255 becomes 228, a level low, and full opacity 254).
  std::vector<std::size_t> order(shown.size());
  for (std::size_t i = 0; i < shown.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return (shown[a].check.engine == Engine::Thorvg) > (shown[b].check.engine == Engine::Thorvg);
  });
  for (std::size_t i : order) {
    Shown& s = shown[i];
    if (!s.check.failure.empty()) continue;
    const std::string key = pins_key(s.pins);
    try {
      if (!found.count(key)) {
        FoundVariant f = find_variant(spec, *s.source, frame_rate, s.pins);
        f.how = (s.source->engine() == Engine::Frames ? "found from the frames: " : "found from " + engine_name(s.source->engine()) + "'s frames: ") + f.how;
        found.emplace(key, std::move(f));
      }
    } catch (const lottie::AssetError& e) {
      s.check.failure = e.what();
      continue;
    }
    const FoundVariant& f = found.at(key);
    s.check.variant = f.variant;
    s.check.look = describe_variant(spec, f.variant);
    s.check.how = f.how;
    s.check.backdrop = spec.theme_rule(f.variant.theme).backdrop;
    scenes[i] = build_scene(spec, f.variant);
  }
  std::vector<std::future<void>> comparing;
  for (std::size_t i = 0; i < shown.size(); ++i) {
    if (!shown[i].check.failure.empty()) continue;
    comparing.push_back(std::async(std::launch::async, [&, i] {
      try {
        compare_all_frames(shown[i].check, *shown[i].source, scenes[i], frame_rate, duration, options);
      } catch (const lottie::AssetError& e) {
        PlayerCheck& c = shown[i].check;  // what it compared before it failed is dropped
        c.failure = e.what(), c.time_note.clear(), c.frames.clear(), c.worst.clear(), c.passed = false;
      }
    }));
  }
  for (auto& c : comparing) c.get();
  std::string failures;
  for (Shown& s : shown) {
    if (!s.check.failure.empty()) failures += (failures.empty() ? "" : "; ") + s.check.failure;
    check.players.push_back(std::move(s.check));
  }
  if (std::all_of(check.players.begin(), check.players.end(), [](const PlayerCheck& p) { return !p.failure.empty(); })) {
    throw lottie::AssetError("no player could play " + id + ": " + failures);
  }
  const PlayerCheck& played = check.played();
  const PlayerCheck* estimated = &played;  // the player the variant was found from
  for (const PlayerCheck& p : check.players) {
    if (p.failure.empty() && p.engine == Engine::Thorvg) estimated = &p;
  }
  check.variant_id = spec::VariantSpace::animation_id(estimated->variant) + ", weight " + number_text(estimated->variant.weight);
  check.found = estimated->look;
  check.matched_how = estimated->how;
}

}  // namespace

std::vector<TimedFrame> sample_frames(const FrameSource& source, double frame_rate, int size) {
  std::vector<TimedFrame> frames;
  const std::size_t n = source.frame_count();
  for (int k = 0; k < kSampleFrames; ++k) {
    const std::size_t f = static_cast<std::size_t>(k) * (n - 1) / (kSampleFrames - 1);
    frames.push_back({static_cast<double>(f) / frame_rate, source.render(f, size)});
  }
  return frames;
}

FoundVariant find_variant(const spec::IconSpec& spec, const FrameSource& source, double frame_rate, const VariantPins& pins) {
  const int est = source.fixed_size() ? source.fixed_size() : kEstimateSize;
  const int sampled = source.fixed_size() ? source.fixed_size() : kMotionSampleSize;
  const std::vector<std::uint32_t> rest = source.render(0, est);
  std::string motion = pins.motion.value_or(spec.default_motion);
  Look look = estimate_look(spec, rest, est, pins, motion);
  std::string motion_how = "motion as given";
  if (!pins.motion) {
    double score = 0;
    const std::string found = estimate_motion(spec, look, sample_frames(source, frame_rate, sampled), sampled, &score);
    char how[160];
    std::snprintf(how, sizeof how, "motion the closest of %zu (mean score %.2f over %d frames)", spec.motions.size(), score,
                  kSampleFrames);
    motion_how = how;
    if (found != motion) look = estimate_look(spec, rest, est, pins, found);
    motion = found;
  }
  look.variant.motion = motion;
  const auto given = [](bool pinned, const std::string& what, const std::string& estimated) {
    return pinned ? what + " as given" : what + " " + estimated;
  };
  char residual[96];
  std::snprintf(residual, sizeof residual, "estimated from frame 0 (residual %.1f levels)", std::sqrt(look.residual));
  const std::string how = given(pins.style.has_value(), "style", "and weight " + std::string(residual)) + (pins.weight ? ", weight as given" : "") +
                          ", " + (pins.color ? "colour as given" : "colour solved") + ", " +
                          given(pins.theme.has_value(), "theme", "by " + look.theme_how) + ", " + motion_how;
  return {look.variant, how};
}

const FrameResult* worst_frame(const PlayerCheck& check) {
  const auto it = std::max_element(check.frames.begin(), check.frames.end(),
                                   [](const FrameResult& a, const FrameResult& b) { return a.score < b.score; });
  return it == check.frames.end() ? nullptr : &*it;
}

const PlayerCheck& AnimationCheck::played() const {
  for (const PlayerCheck& p : players) {
    if (p.failure.empty()) return p;
  }
  throw std::logic_error("check: an animation no player played");
}

bool AnimationCheck::passed() const {
  return !players.empty() && std::all_of(players.begin(), players.end(), [](const PlayerCheck& p) { return p.passed; });
}

std::string AnimationCheck::disagreement() const {
  std::vector<const PlayerCheck*> played;
  for (const PlayerCheck& p : players) {
    if (p.failure.empty()) played.push_back(&p);
  }
  const auto passes = [](const PlayerCheck* p) { return p->passed; };
  if (std::all_of(played.begin(), played.end(), passes) || std::none_of(played.begin(), played.end(), passes)) return "";
  std::string out;
  for (const PlayerCheck* p : played) out += (out.empty() ? "" : ", ") + engine_name(p->engine) + (p->passed ? " matches" : " differs");
  return out;
}

bool CheckResult::passed() const {
  return std::all_of(animations.begin(), animations.end(), [](const AnimationCheck& a) { return a.passed(); });
}

CheckResult check_asset(const spec::IconSpec& spec, const lottie::Asset& asset, const std::string& asset_name,
                        const CheckOptions& options) {
  check_output_size(options.size);
  const spec::VariantSpace space(spec);
  check_options_fit(spec, space, &asset, options);
  CheckResult result{asset_name, lottie::kind_name(asset.kind), options.size, spec.layout.grid, options.thresholds, {},
                     interaction_findings(asset), {}};
  const bool bundle = asset.kind != lottie::Asset::Kind::LottieJson;
  AssetPlayers players(asset, options.thorvg, std::chrono::seconds(options.player_timeout_s));
  for (const lottie::AssetAnimation& animation : asset.animations) {
    if (options.animation && animation.id != *options.animation) continue;
    AnimationCheck check;
    check.id = animation.id;
    const double frame_rate = animation.document["fr"].get<double>();
    // Every player is started first (forks happen while this process has one thread).
    std::vector<Shown> shown;
    for (Engine engine : options.players) {
      Shown s{nullptr, {}, options.pins};
      s.check.engine = engine;
      // What the user of this player sees: ThorVG applies an asked-for theme of a bundle, rlottie
      // cannot, so it is held to what its inline values show.
      if (bundle && options.pins.theme) {
        if (engine == Engine::Thorvg) {
          s.check.theme = *options.pins.theme;
        } else {
          s.pins.theme.reset();
          s.check.note = engine_name(engine) + " cannot apply themes: it drew the inline values, compared with what they show";
        }
      }
      s.pins = with_theme(spec, s.pins);
      try {
        s.source = players.open(engine, animation, s.check.theme, asset_name + ":" + animation.id);
      } catch (const lottie::AssetError& e) {
        s.check.failure = e.what();
      }
      shown.push_back(std::move(s));
    }
    const double duration = animation.document["op"].get<double>() - animation.document["ip"].get<double>();
    compare_sources(spec, animation.id, frame_rate, duration, shown, options, check);
    // The id names a variant other than the one the animation draws: worth saying.
    const spec::Variant& v = check.played().variant;
    if (const auto named = space.parse_animation_id(animation.id); named && (named->first != v.style || named->second != v.motion)) {
      check.structure.push_back({"animation id", animation.id + " (its id)", spec::VariantSpace::animation_id(v) + " (what it draws)"});
    }
    // Structure: against our own export of that variant at the asset's canvas size.
    const int canvas = static_cast<int>(std::lround(animation.document["w"].get<double>()));
    for (StructuralDifference& d : compare_structure(animation.document, lottie::write_animation(build_scene(spec, v), {std::clamp(canvas, kMinSize, kMaxSize)}))) {
      check.structure.push_back(std::move(d));
    }
    result.animations.push_back(std::move(check));
  }
  return result;
}

CheckResult check_frames(const spec::IconSpec& spec, const FrameFolder& frames, double frame_rate, const std::string& name,
                         const CheckOptions& options) {
  const spec::VariantSpace space(spec);
  check_options_fit(spec, space, nullptr, options);
  CheckResult result{name, "PNG frames", frames.size, spec.layout.grid, options.thresholds, {}, {}, {}};
  AnimationCheck check;
  check.id = name;
  std::vector<Shown> shown;
  shown.push_back({std::make_unique<FolderSource>(frames), {}, with_theme(spec, options.pins)});
  shown.back().check.engine = Engine::Frames;
  compare_sources(spec, name, frame_rate, static_cast<double>(frames.frames.size()), shown, options, check);
  result.animations.push_back(std::move(check));
  return result;
}

}  // namespace iconsynth::render::check
