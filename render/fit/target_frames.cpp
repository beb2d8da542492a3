#include "render/fit/target_frames.h"

#include "render/check/look_estimate.h"
#include "render/lottie/dotlottie_writer.h"

namespace iconsynth::render::fit {

namespace {

TargetView draw_all(const check::FrameSource& source, const std::vector<int>& sizes) {
  TargetView view{source.engine(), {}};
  const std::vector<int> own = source.fixed_size() ? std::vector<int>{source.fixed_size()} : sizes;
  for (int size : own) {
    Frames& frames = view.frames[size];
    for (std::size_t f = 0; f < source.frame_count(); ++f) frames.push_back(source.render(f, size));
  }
  return view;
}

// The colours of each of the bundle's colour themes (those named like one of the spec's themes),
// as ThorVG draws them on the first duotone animation (else the first animation).
std::vector<TargetTheme> theme_colours(const spec::IconSpec& spec, const lottie::Asset& asset, check::AssetPlayers& players,
                                       const std::vector<TargetAnimation>& animations, std::vector<std::string>& notes) {
  std::vector<TargetTheme> out;
  if (asset.themes.empty() || animations.empty()) return out;
  const TargetAnimation* shown = &animations.front();
  for (const TargetAnimation& a : animations) {
    if (spec.style_rule(a.variant.style).card_fill == spec::CardFill::Secondary) {
      shown = &a;
      break;
    }
  }
  const lottie::AssetAnimation* animation = nullptr;
  for (const lottie::AssetAnimation& a : asset.animations) {
    if (a.id == shown->id) animation = &a;
  }
  for (const lottie::AssetTheme& theme : asset.themes) {
    const auto named = lottie::find_bundle_theme(spec, theme.id);
    if (!named || named->weight) continue;  // a preset weight's theme tells no colour of its own
    try {
      const auto source = players.open(check::Engine::Thorvg, *animation, theme.id, asset.bytes.empty() ? theme.id : shown->id);
      constexpr int kSize = 256;
      const std::vector<std::uint32_t> rest = source->render(0, kSize);
      check::VariantPins pins;
      pins.style = shown->variant.style, pins.weight = shown->variant.weight, pins.motion = shown->variant.motion;
      const check::Look look = check::estimate_look(spec, rest, kSize, pins, shown->variant.motion);
      const bool secondary = spec.style_rule(look.variant.style).card_fill == spec::CardFill::Secondary;
      out.push_back({theme.id, look.primary, look.secondary, secondary});
    } catch (const lottie::AssetError& e) {
      notes.push_back("theme " + theme.id + " not read: " + e.what());
    }
  }
  return out;
}

}  // namespace

Target read_asset_target(const spec::IconSpec& spec, const lottie::Asset& asset, const std::string& name, const TargetOptions& options) {
  Target target{name, lottie::kind_name(asset.kind), {}, {}, {}};
  check::AssetPlayers players(asset, options.thorvg, std::chrono::seconds(options.player_timeout_s));
  for (const lottie::AssetAnimation& animation : asset.animations) {
    TargetAnimation a;
    a.id = animation.id;
    a.frame_rate = animation.document["fr"].get<double>();
    a.duration = animation.document["op"].get<double>() - animation.document["ip"].get<double>();
    for (check::Engine engine : options.players) {
      try {
        const auto source = players.open(engine, animation, "", name + ":" + animation.id);
        a.views.push_back(draw_all(*source, options.sizes));
        if (a.views.size() == 1) {
          check::FoundVariant found = check::find_variant(spec, *source, a.frame_rate, options.pins);
          a.variant = found.variant;
          a.found_how = "found from " + check::engine_name(engine) + "'s frames: " + found.how;
        }
      } catch (const lottie::AssetError& e) {
        a.failures.push_back(check::engine_name(engine) + ": " + e.what());
      }
    }
    if (a.views.empty()) {
      std::string why;
      for (const std::string& f : a.failures) why += (why.empty() ? "" : "; ") + f;
      throw lottie::AssetError("no player could play " + a.id + ": " + why);
    }
    target.animations.push_back(std::move(a));
  }
  const bool thorvg = std::find(options.players.begin(), options.players.end(), check::Engine::Thorvg) != options.players.end();
  if (asset.kind != lottie::Asset::Kind::LottieJson && !asset.themes.empty()) {
    if (thorvg) target.themes = theme_colours(spec, asset, players, target.animations, target.notes);
    else target.notes.push_back("the bundle's themes were not read: only ThorVG applies them");
  }
  return target;
}

Target read_frames_target(const spec::IconSpec& spec, const check::FrameFolder& folder, double frame_rate, const std::string& name,
                          const TargetOptions& options) {
  Target target{name, "PNG frames", {}, {}, {}};
  TargetAnimation a;
  a.id = name;
  a.frame_rate = frame_rate;
  a.duration = static_cast<double>(folder.frames.size());
  const check::FolderSource source(folder);
  a.views.push_back(draw_all(source, options.sizes));
  const check::FoundVariant found = check::find_variant(spec, source, frame_rate, options.pins);
  a.variant = found.variant;
  a.found_how = "found from the frames: " + found.how;
  target.animations.push_back(std::move(a));
  return target;
}

}  // namespace iconsynth::render::fit
