#include "render/check/asset_check.h"

#include "render/cairo/raster.h"
#include "render/check/interaction_check.h"
#include "render/lottie/dotlottie_writer.h"
#include "render/lottie/lottie_writer.h"
#include "render/lottie/isolated_player.h"
#include "spec/json_reader.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <future>
#include <set>

namespace iconsynth::render::check {

namespace {

using lottie::Json;

constexpr int kSampleFrames = 8;  // frames tried per variant when guessing the match
constexpr std::size_t kWorstKept = 3;
constexpr int kReportedTolerance = 32;  // the share of pixels beyond it is reported (JSON), not judged

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

// Our frame for an asset frame: the same frame when timing agrees, else the same moment of the
// action on normalised time.
double our_frame_for(int asset_frame, int asset_frames, int our_frames, bool normalised) {
  if (!normalised) return asset_frame;
  return static_cast<double>(asset_frame) * our_frames / asset_frames;
}

// Our rendering at `our_frame` against the asset's pixels at `asset_frame`; our pixels are copied
// out when the report needs them.
FrameResult compare_frame(const std::vector<std::uint32_t>& theirs, const AnimatedScene& scene, int asset_frame,
                          double our_frame, int size, const Thresholds& limits, std::vector<std::uint32_t>* ours_out = nullptr) {
  const ImageSurface ours = render_frame(evaluate(scene, our_frame), size);
  const ImageView their_view = view_of(theirs, size, size);
  FrameResult r{asset_frame, our_frame, compare_images(their_view, ours.view(), kReportedTolerance),
                compare_shapes(their_view, ours.view(), shape_window(size, scene.grid))};
  r.score = std::max(r.shape.edge_shift / limits.shift_limit(size, scene.grid), r.shape.ink_delta / limits.max_ink);
  if (ours_out) *ours_out = pixels_of(ours.view());
  return r;
}

// The theme an animation's inline values stand for: its initial theme when the spec names it,
// else the spec's default (our exports' inline values).
std::string inline_theme(const spec::VariantSpace& space, const lottie::AssetAnimation& animation) {
  const auto& themes = space.themes();
  if (animation.initial_theme && std::find(themes.begin(), themes.end(), *animation.initial_theme) != themes.end()) {
    return *animation.initial_theme;
  }
  return space.defaults().theme;
}

// The option checks that need the asset or the spec: the animation and theme asked for must be in
// the asset, the theme and variant in the spec.
void check_options_fit(const spec::IconSpec& spec, const spec::VariantSpace& space, const lottie::Asset& asset,
                       const CheckOptions& options) {
  if (options.animation && std::none_of(asset.animations.begin(), asset.animations.end(),
                                        [&](const lottie::AssetAnimation& a) { return a.id == *options.animation; })) {
    std::vector<std::string> ids;
    for (const auto& a : asset.animations) ids.push_back(a.id);
    throw std::invalid_argument("--animation " + *options.animation + ": the asset has " + joined(ids));
  }
  if (options.theme) {
    if (std::none_of(asset.themes.begin(), asset.themes.end(), [&](const lottie::AssetTheme& t) { return t.id == *options.theme; })) {
      throw std::invalid_argument("--theme " + *options.theme + ": the asset has no such theme");
    }
    if (!lottie::find_bundle_theme(spec, *options.theme)) {
      std::vector<std::string> ids;
      for (const lottie::BundleTheme& t : lottie::bundle_themes(spec)) ids.push_back(t.id);
      throw std::invalid_argument("--theme " + *options.theme + ": the spec synthesizes only " + spec::joined_names(ids, ", "));
    }
  }
  if (options.variant) {
    const auto in = [](const std::vector<std::string>& names, const std::string& name) {
      return std::find(names.begin(), names.end(), name) != names.end();
    };
    if (!in(space.styles(), options.variant->style)) {
      throw std::invalid_argument("--variant: style \"" + options.variant->style + "\" is not one of " + spec::joined_names(space.styles(), ", "));
    }
    if (!in(space.motions(), options.variant->motion)) {
      throw std::invalid_argument("--variant: motion \"" + options.variant->motion + "\" is not one of " + spec::joined_names(space.motions(), ", "));
    }
  }
  if (std::find(options.players.begin(), options.players.end(), Engine::Thorvg) != options.players.end() && !options.thorvg) {
    throw std::logic_error("check: ThorVG asked for without its runtime");
  }
}

// Starts `engine` on the animation as a user's player would show it: rlottie with the document
// as it is (it has no themes); ThorVG with the whole file, applying `theme` when one is asked for.
// One ThorVG child serves every animation of the asset (`thorvg` keeps it between calls).
lottie::IsolatedPlayer& open_player(Engine engine, const lottie::Asset& asset, const lottie::AssetAnimation& animation,
                                   const std::string& theme, const std::string& name, const CheckOptions& options,
                                   std::unique_ptr<lottie::IsolatedPlayer>& rlottie,
                                   std::unique_ptr<lottie::IsolatedPlayer>& thorvg) {
  const std::chrono::seconds timeout(options.player_timeout_s);
  if (engine == Engine::Rlottie) {
    rlottie = std::make_unique<lottie::IsolatedPlayer>(animation.document.dump(), name, timeout);
    return *rlottie;
  }
  const bool bundle = asset.kind != lottie::Asset::Kind::LottieJson;
  const lottie::ThorvgDocument document{asset.bytes, bundle, bundle ? animation.id : "", theme, ""};
  if (thorvg) thorvg->load(document);
  else thorvg = std::make_unique<lottie::IsolatedPlayer>(*options.thorvg, document, name, timeout);
  return *thorvg;
}

// Which variant an animation shows: as given, by its id, or the closest of all on a few frames.
struct Match {
  std::string style, motion;
  double weight;
  std::string how;
};

Match match_variant(const spec::IconSpec& spec, const spec::VariantSpace& space, const lottie::AssetAnimation& animation,
                    const lottie::IsolatedPlayer& player, const std::string& theme, double frame_rate, const CheckOptions& options) {
  if (options.variant) {
    return {options.variant->style, options.variant->motion, options.variant->weight.value_or(spec.default_weight), "as given"};
  }
  if (const auto named = space.parse_animation_id(animation.id)) {
    return {named->first, named->second, spec.default_weight, "by its id"};
  }
  // The asset's sample frames are rendered once and held against every candidate.
  const int asset_frames = static_cast<int>(player.frame_count());
  std::vector<int> samples;
  std::vector<std::vector<std::uint32_t>> sampled;
  for (int k = 0; k < kSampleFrames; ++k) {
    samples.push_back(k * (asset_frames - 1) / (kSampleFrames - 1));
    sampled.push_back(player.render(static_cast<std::size_t>(samples.back()), options.size));
  }
  std::optional<Match> best;
  double best_sum = 1e300;
  const std::vector<spec::Variant> candidates = space.variants({.theme = theme, .weight = spec.default_weight});
  for (const spec::Variant& variant : candidates) {
    const AnimatedScene candidate = build_scene(spec, variant);
    const bool normalised = frame_rate != candidate.frame_rate || asset_frames != candidate.frame_count;
    double sum = 0;
    for (int k = 0; k < kSampleFrames; ++k) {
      const double ours = our_frame_for(samples[k], asset_frames, candidate.frame_count, normalised);
      sum += compare_frame(sampled[k], candidate, samples[k], ours, options.size, options.thresholds).score;
    }
    if (sum < best_sum) best_sum = sum, best = Match{variant.style, variant.motion, spec.default_weight, ""};
  }
  char how[160];
  std::snprintf(how, sizeof how, "closest of %zu variants (mean score %.2f over %d sampled frames)", candidates.size(),
                best_sum / kSampleFrames, kSampleFrames);
  best->how = how;
  return *best;
}

// Every frame the player draws against ours; the worst few kept with their pixels.
void compare_all_frames(PlayerCheck& check, const lottie::IsolatedPlayer& player, const AnimatedScene& scene,
                        double frame_rate, const CheckOptions& options) {
  const int asset_frames = static_cast<int>(player.frame_count());
  const bool normalised = frame_rate != scene.frame_rate || asset_frames != scene.frame_count;
  if (normalised) {
    check.time_note = "timing differs (" + number_text(frame_rate) + " fps, " + std::to_string(asset_frames) +
                      " frames vs " + number_text(scene.frame_rate) + " fps, " + std::to_string(scene.frame_count) +
                      " frames): compared on normalised time";
  }
  for (int f = 0; f < asset_frames; ++f) {
    check.frames.push_back(compare_frame(player.render(static_cast<std::size_t>(f), options.size), scene, f,
                                         our_frame_for(f, asset_frames, scene.frame_count, normalised), options.size,
                                         options.thresholds));
  }
  std::vector<FrameResult> by_score = check.frames;
  std::stable_sort(by_score.begin(), by_score.end(), [](const FrameResult& a, const FrameResult& b) { return a.score > b.score; });
  for (std::size_t i = 0; i < std::min(kWorstKept, by_score.size()); ++i) {
    FrameSample sample{by_score[i], player.render(static_cast<std::size_t>(by_score[i].asset_frame), options.size), {}};
    compare_frame(sample.asset_pixels, scene, by_score[i].asset_frame, by_score[i].our_frame, options.size,
                  options.thresholds, &sample.our_pixels);
    check.worst.push_back(std::move(sample));
  }
  check.passed = !check.frames.empty() && std::all_of(check.frames.begin(), check.frames.end(),
                                                      [](const FrameResult& r) { return r.score <= 1; });
}

}  // namespace

VariantChoice parse_variant_choice(const std::string& text) {
  std::optional<std::string> style, motion;
  std::optional<double> weight;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string part = text.substr(start, comma - start);
    const std::size_t eq = part.find('=');
    const std::string key = part.substr(0, eq), value = eq == std::string::npos ? "" : part.substr(eq + 1);
    if (key == "style" && !value.empty()) {
      style = value;
    } else if (key == "motion" && !value.empty()) {
      motion = value;
    } else if (key == "weight") {
      try {
        std::size_t used = 0;
        weight = std::stod(value, &used);
        if (used != value.size() || *weight < spec::kMinWeight || *weight > spec::kMaxWeight) throw std::invalid_argument(value);
      } catch (const std::exception&) {
        throw std::invalid_argument("--variant: weight \"" + value + "\" is not a number in [1, 3]");
      }
    } else {
      throw std::invalid_argument("--variant: \"" + part + "\" is not style=NAME, motion=NAME or weight=W");
    }
    start = comma + 1;
  }
  if (!style || !motion) throw std::invalid_argument("--variant needs style=… and motion=…, got \"" + text + "\"");
  return {*style, *motion, weight};
}

const FrameResult* worst_frame(const PlayerCheck& check) {
  const auto it = std::max_element(check.frames.begin(), check.frames.end(),
                                   [](const FrameResult& a, const FrameResult& b) { return a.score < b.score; });
  return it == check.frames.end() ? nullptr : &*it;
}

std::string engine_name(Engine engine) { return engine == Engine::Rlottie ? "rlottie" : "ThorVG"; }

bool AnimationCheck::passed() const {
  return !players.empty() && std::all_of(players.begin(), players.end(), [](const PlayerCheck& p) { return p.passed; });
}

std::string AnimationCheck::disagreement() const {
  if (passed() || std::none_of(players.begin(), players.end(), [](const PlayerCheck& p) { return p.passed; })) return "";
  std::string out;
  for (const PlayerCheck& p : players) out += (out.empty() ? "" : ", ") + engine_name(p.engine) + (p.passed ? " matches" : " differs");
  return out;
}

bool CheckResult::passed() const {
  return std::all_of(animations.begin(), animations.end(), [](const AnimationCheck& a) { return a.passed(); });
}

CheckResult check_asset(const spec::IconSpec& spec, const lottie::Asset& asset, const std::string& asset_name,
                        const CheckOptions& options) {
  check_output_size(options.size);
  const spec::VariantSpace space(spec);
  check_options_fit(spec, space, asset, options);
  CheckResult result{asset_name, asset.kind, options.size, spec.layout.grid, options.thresholds, {}, interaction_findings(asset), {}};
  std::unique_ptr<lottie::IsolatedPlayer> thorvg;  // one child for every animation
  for (const lottie::AssetAnimation& animation : asset.animations) {
    if (options.animation && animation.id != *options.animation) continue;
    AnimationCheck check;
    check.id = animation.id;
    const double frame_rate = animation.document["fr"].get<double>();
    // Every player is started first (forks happen while this process has one thread), then each
    // compares its frames on a thread of its own: the players themselves run in their children.
    std::unique_ptr<lottie::IsolatedPlayer> rlottie;
    std::vector<lottie::IsolatedPlayer*> players;
    std::vector<AnimatedScene> scenes;
    std::optional<Match> match;
    for (Engine engine : options.players) {
      PlayerCheck played{engine, {}, {}, {}, {}, {}, {}, {}, false};
      // What the user of this player sees: ThorVG applies an asked-for theme, rlottie cannot, so
      // it is held to the theme its inline values stand for.
      std::string theme = inline_theme(space, animation);
      std::optional<double> weight;  // a preset theme's weight, where the player applies it
      if (options.theme && engine == Engine::Thorvg) {
        const lottie::BundleTheme applied = *lottie::find_bundle_theme(spec, *options.theme);
        played.theme = *options.theme;
        theme = applied.colours;
        weight = applied.weight;
      } else if (options.theme) {
        played.note = engine_name(engine) + " cannot apply themes: it drew the inline values, compared with theme " + theme;
      }
      played.compared = weight ? theme + " at weight " + number_text(*weight) : theme;
      played.backdrop = spec.theme_rule(theme).backdrop;
      players.push_back(&open_player(engine, asset, animation, played.theme, asset_name + ":" + animation.id, options,
                                     rlottie, thorvg));
      if (!match) match = match_variant(spec, space, animation, *players.back(), theme, frame_rate, options);
      scenes.push_back(build_scene(spec, {match->style, weight.value_or(match->weight), match->motion, theme, std::nullopt}));
      check.players.push_back(std::move(played));
    }
    std::vector<std::future<void>> comparing;
    for (std::size_t i = 0; i < players.size(); ++i) {
      comparing.push_back(std::async(std::launch::async, [&, i] {
        compare_all_frames(check.players[i], *players[i], scenes[i], frame_rate, options);
      }));
    }
    for (auto& c : comparing) c.get();  // rethrows a player's AssetError
    check.variant_id = spec::VariantSpace::animation_id(scenes.front().variant) + ", weight " + number_text(scenes.front().variant.weight);
    check.matched_how = match->how;
    // Structure: against our own export of that variant at the asset's canvas size.
    const int canvas = static_cast<int>(std::lround(animation.document["w"].get<double>()));
    check.structure = compare_structure(animation.document, lottie::write_animation(scenes.front(), {std::clamp(canvas, kMinSize, kMaxSize)}));
    result.animations.push_back(std::move(check));
  }
  return result;
}

}  // namespace iconsynth::render::check
