#include "render/check/asset_check.h"

#include "render/cairo/raster.h"
#include "render/lottie/lottie_writer.h"
#include "render/lottie/isolated_player.h"
#include "spec/json_reader.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

namespace iconsynth::render::check {

namespace {

using lottie::Json;

constexpr int kSampleFrames = 8;  // frames tried per variant when guessing the match
constexpr std::size_t kWorstKept = 3;

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

// Our rendering at `our_frame` compared with the asset's pixels at `asset_frame`; our pixels are
// copied out when the report needs them.
FrameResult compare_frame(const std::vector<std::uint32_t>& theirs, const AnimatedScene& scene, int asset_frame,
                          double our_frame, int size, int tolerance, std::vector<std::uint32_t>* ours_out = nullptr) {
  const ImageSurface ours = render_frame(evaluate(scene, our_frame), size);
  FrameResult r{asset_frame, our_frame, compare_images(view_of(theirs, size, size), ours.view(), tolerance)};
  if (ours_out) *ours_out = pixels_of(ours.view());
  return r;
}

std::optional<spec::Style> style_of_id(const std::string& id) {
  const std::size_t dash = id.find('-');
  return dash == std::string::npos ? std::nullopt : spec::parse_style(id.substr(0, dash));
}
std::optional<spec::Motion> motion_of_id(const std::string& id) {
  const std::size_t dash = id.find('-');
  return dash == std::string::npos ? std::nullopt : spec::parse_motion(id.substr(dash + 1));
}

}  // namespace

VariantChoice parse_variant_choice(const std::string& text) {
  std::optional<spec::Style> style;
  std::optional<spec::Motion> motion;
  std::optional<double> weight;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string part = text.substr(start, comma - start);
    const std::size_t eq = part.find('=');
    const std::string key = part.substr(0, eq), value = eq == std::string::npos ? "" : part.substr(eq + 1);
    if (key == "style" && (style = spec::parse_style(value))) {
    } else if (key == "motion" && (motion = spec::parse_motion(value))) {
    } else if (key == "weight") {
      try {
        std::size_t used = 0;
        weight = std::stod(value, &used);
        if (used != value.size() || *weight < spec::kMinWeight || *weight > spec::kMaxWeight) throw std::invalid_argument(value);
      } catch (const std::exception&) {
        throw std::invalid_argument("--variant: weight \"" + value + "\" is not a number in [1, 3]");
      }
    } else {
      throw std::invalid_argument("--variant: \"" + part + "\" is not style=outline|solid|duotone, motion=light|strong or weight=W");
    }
    start = comma + 1;
  }
  if (!style || !motion) throw std::invalid_argument("--variant needs style=… and motion=…, got \"" + text + "\"");
  return {*style, *motion, weight};
}

const FrameResult* worst_frame(const AnimationCheck& check) {
  const auto it = std::max_element(check.frames.begin(), check.frames.end(), [](const FrameResult& a, const FrameResult& b) {
    return a.stats.mean_abs < b.stats.mean_abs;
  });
  return it == check.frames.end() ? nullptr : &*it;
}

bool CheckResult::passed() const {
  return std::all_of(animations.begin(), animations.end(), [](const AnimationCheck& a) { return a.passed; });
}

CheckResult check_asset(const spec::IconSpec& spec, const lottie::Asset& asset, const std::string& asset_name,
                        const CheckOptions& options) {
  check_output_size(options.size);
  CheckResult result{asset_name, asset.kind, options.size, options.thresholds, {}};
  if (options.animation && std::none_of(asset.animations.begin(), asset.animations.end(),
                                        [&](const lottie::AssetAnimation& a) { return a.id == *options.animation; })) {
    std::vector<std::string> ids;
    for (const auto& a : asset.animations) ids.push_back(a.id);
    throw std::invalid_argument("--animation " + *options.animation + ": the asset has " + joined(ids));
  }
  const lottie::AssetTheme* given_theme = nullptr;
  if (options.theme) {
    for (const lottie::AssetTheme& t : asset.themes) {
      if (t.id == *options.theme) given_theme = &t;
    }
    if (!given_theme) throw std::invalid_argument("--theme " + *options.theme + ": the asset has no such theme");
    if (!spec::parse_theme(*options.theme)) {
      throw std::invalid_argument("--theme " + *options.theme + ": iconsynth synthesizes only the light and dark themes");
    }
  }

  for (const lottie::AssetAnimation& animation : asset.animations) {
    if (options.animation && animation.id != *options.animation) continue;
    AnimationCheck check;
    check.id = animation.id;

    // Theme: the one asked for, else the animation's initial theme; our variant uses the same.
    const lottie::AssetTheme* theme = given_theme;
    if (!theme && animation.initial_theme) {
      for (const lottie::AssetTheme& t : asset.themes) {
        if (t.id == *animation.initial_theme && spec::parse_theme(t.id)) theme = &t;
      }
    }
    const spec::Theme our_theme = theme ? *spec::parse_theme(theme->id) : spec::Theme::Dark;
    const Json document = theme ? lottie::apply_theme(animation.document, *theme) : animation.document;
    check.theme = theme ? theme->id : "";
    // rlottie runs in a child process: a document that crashes or hangs it is an error, not our end.
    const lottie::IsolatedPlayer player(document.dump(), asset_name + ":" + animation.id,
                                        std::chrono::seconds(options.player_timeout_s));
    const int asset_frames = static_cast<int>(player.frame_count());

    const auto scene_for = [&](spec::Style style, spec::Motion motion, std::optional<double> weight) {
      return build_scene(spec, {style, weight.value_or(spec.default_weight), motion, our_theme, std::nullopt});
    };
    const auto normalised_for = [&](const AnimatedScene& s) {
      return document["fr"].get<double>() != s.frame_rate || asset_frames != s.frame_count;
    };

    // Which variant: as given, by id, or the closest on a few sampled frames.
    std::optional<AnimatedScene> scene;
    if (options.variant) {
      scene = scene_for(options.variant->style, options.variant->motion, options.variant->weight);
      check.matched_how = "as given";
    } else if (style_of_id(animation.id) && motion_of_id(animation.id)) {
      scene = scene_for(*style_of_id(animation.id), *motion_of_id(animation.id), std::nullopt);
      check.matched_how = "by its id";
    } else {
      // The asset's sample frames are rendered once and held against every candidate.
      std::vector<int> samples;
      std::vector<std::vector<std::uint32_t>> sampled;
      for (int k = 0; k < kSampleFrames; ++k) {
        samples.push_back(k * (asset_frames - 1) / (kSampleFrames - 1));
        sampled.push_back(player.render(static_cast<std::size_t>(samples.back()), options.size));
      }
      double best = 1e300;
      for (spec::Style style : spec::kStyles) {
        for (spec::Motion motion : spec::kMotions) {
          AnimatedScene candidate = scene_for(style, motion, std::nullopt);
          const bool normalised = normalised_for(candidate);
          double sum = 0;
          for (int k = 0; k < kSampleFrames; ++k) {
            const int f = samples[k];
            sum += compare_frame(sampled[k], candidate, f, our_frame_for(f, asset_frames, candidate.frame_count, normalised),
                                 options.size, options.thresholds.tolerance)
                       .stats.mean_abs;
          }
          if (sum < best) best = sum, scene = std::move(candidate);
        }
      }
      char how[160];
      std::snprintf(how, sizeof how, "closest of %zu variants (mean %.2f over %d sampled frames)",
                    spec::kStyles.size() * spec::kMotions.size(), best / kSampleFrames, kSampleFrames);
      check.matched_how = how;
    }
    check.variant_id = variant_id(scene->variant) + ", weight " + number_text(scene->variant.weight) + ", theme " +
                       std::string(spec::name(our_theme));

    // Structure: against our own export of that variant at the asset's canvas size.
    const int canvas = static_cast<int>(std::lround(document["w"].get<double>()));
    const Json ours = lottie::write_animation(*scene, {std::clamp(canvas, kMinSize, kMaxSize)});
    check.structure = compare_structure(document, ours);

    const bool normalised = normalised_for(*scene);
    if (normalised) {
      check.time_note = "timing differs (" + number_text(document["fr"].get<double>()) + " fps, " +
                        std::to_string(asset_frames) + " frames vs " + number_text(scene->frame_rate) + " fps, " +
                        std::to_string(scene->frame_count) + " frames): compared on normalised time";
    }
    for (int f = 0; f < asset_frames; ++f) {
      check.frames.push_back(compare_frame(player.render(static_cast<std::size_t>(f), options.size), *scene, f,
                                           our_frame_for(f, asset_frames, scene->frame_count, normalised), options.size,
                                           options.thresholds.tolerance));
    }
    // Keep the worst few frames' pixels for the report.
    std::vector<FrameResult> by_mean = check.frames;
    std::sort(by_mean.begin(), by_mean.end(),
              [](const FrameResult& a, const FrameResult& b) { return a.stats.mean_abs > b.stats.mean_abs; });
    for (std::size_t i = 0; i < std::min(kWorstKept, by_mean.size()); ++i) {
      FrameSample sample{by_mean[i], player.render(static_cast<std::size_t>(by_mean[i].asset_frame), options.size), {}};
      compare_frame(sample.asset_pixels, *scene, by_mean[i].asset_frame, by_mean[i].our_frame, options.size,
                    options.thresholds.tolerance, &sample.our_pixels);
      check.worst.push_back(std::move(sample));
    }
    const FrameResult* worst = worst_frame(check);
    check.passed = worst && worst->stats.mean_abs <= options.thresholds.max_mean &&
                   std::all_of(check.frames.begin(), check.frames.end(), [&](const FrameResult& r) {
                     return r.stats.share_over <= options.thresholds.max_share;
                   });
    result.animations.push_back(std::move(check));
  }
  return result;
}

}  // namespace iconsynth::render::check
