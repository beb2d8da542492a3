#include "render/fit/target_frames.h"

#include "render/lottie/dotlottie_writer.h"

#include <algorithm>
#include <cstdio>
#include <limits>

namespace iconsynth::render::fit {

namespace {

TargetView draw_all(const check::FrameSource& source, const TargetOptions& options) {
  TargetView view{source.engine(), {}, 0, {}};
  const std::vector<int> own = source.fixed_size() ? std::vector<int>{source.fixed_size()} : options.sizes;
  for (int size : own) {
    Frames& frames = view.frames[size];
    for (std::size_t f = 0; f < source.frame_count(); ++f) frames.push_back(source.render(f, size));
  }
  view.rest_size = source.fixed_size() ? source.fixed_size() : std::max(options.rest_size, own.back());
  // Frame 0 only: an action's last frame rests too, but a target that is not quite ours (packets
  // that stay) may show more there, and the first tells the rest pose alone.
  view.rest = {source.fixed_size() ? view.frames.begin()->second.front() : source.render(0, view.rest_size)};
  return view;
}

// The rest frame of each of the bundle's colour themes (those named like one of the spec's themes;
// a preset weight's theme tells no colour of its own) as ThorVG draws it, on the first duotone
// animation (else the first).
std::vector<TargetTheme> theme_frames(const spec::IconSpec& spec, const lottie::Asset& asset, check::AssetPlayers& players,
                                      const std::vector<TargetAnimation>& animations, int size, std::vector<std::string>& notes) {
  std::vector<TargetTheme> out;
  if (asset.themes.empty() || animations.empty()) return out;
  const TargetAnimation* shown = &animations.front();
  for (const TargetAnimation& a : animations) {
    if (spec.style_rule(a.variant.style).card_fill == spec::CardFill::Secondary) {
      shown = &a;
      break;
    }
  }
  const auto animation = std::find_if(asset.animations.begin(), asset.animations.end(),
                                      [&](const lottie::AssetAnimation& a) { return a.id == shown->id; });
  for (const lottie::AssetTheme& theme : asset.themes) {
    const auto named = lottie::find_bundle_theme(spec, theme.id);
    if (!named || named->weight) continue;
    try {
      const auto source = players.open(check::Engine::Thorvg, *animation, theme.id, shown->id + " in theme " + theme.id);
      out.push_back({theme.id, shown->id, size, source->render(0, size)});
    } catch (const lottie::AssetError& e) {
      notes.push_back("theme " + theme.id + " not read: " + e.what());
    }
  }
  return out;
}

// A view's frames, drawn already, as a source at the one size they are kept at.
class StoredFrames final : public check::FrameSource {
 public:
  StoredFrames(const TargetView& view, int size) : view_(view), size_(size), frames_(view.frames.at(size)) {}
  check::Engine engine() const override { return view_.engine; }
  std::size_t frame_count() const override { return frames_.size(); }
  int fixed_size() const override { return size_; }
  std::vector<std::uint32_t> render(std::size_t frame, int size) const override {
    if (size != size_ || frame >= frames_.size()) throw lottie::AssetError("no frame " + std::to_string(frame) + " at " + std::to_string(size) + " px kept");
    return frames_[frame];
  }

 private:
  const TargetView& view_;
  int size_;
  const Frames& frames_;
};

}  // namespace

bool find_looks_again(const spec::IconSpec& spec, Target& target, int size, const check::VariantPins& pins) {
  bool changed = false;
  for (TargetAnimation& a : target.animations) {
    const TargetView& view = a.views.front();
    const int at = view.frames.count(size) ? size : view.frames.begin()->first;
    const check::FoundVariant found = check::find_variant(spec, StoredFrames(view, at), a.frame_rate, pins);
    changed = changed || found.variant.style != a.variant.style || found.variant.motion != a.variant.motion;
    a.variant = found.variant;
    a.found_how = "found again from " + check::engine_name(view.engine) + "'s frames at the layout a first fit reached: " + found.how;
  }
  return changed;
}

std::string find_motion_again(const std::vector<spec::IconSpec>& specs, const TargetAnimation& a, const spec::Variant& look, int size,
                              std::string* how) {
  // At a rest pose found, the motion shown scores 0.4–1, the other 5–6 (the wide matrix's bundles):
  // a margin that a packet of another size cannot make up.
  constexpr double kPlainlyBetter = 0.5;
  const TargetView& view = a.views.front();
  const int at = view.frames.count(size) ? size : view.frames.begin()->first;
  const std::vector<check::TimedFrame> frames = check::sample_frames(StoredFrames(view, at), a.frame_rate, at);
  // Each motion at the packet size that explains it best: a packet of another size misses in every
  // frame it shows, whatever the motion, and the motion whose packets show in fewer of the frames
  // would win.
  std::vector<std::pair<std::string, double>> scores;
  for (const spec::IconSpec& spec : specs) {
    const auto each = check::motion_scores(spec, look, frames, at);
    if (scores.empty()) scores = each;
    for (std::size_t m = 0; m < each.size() && m < scores.size(); ++m) scores[m].second = std::min(scores[m].second, each[m].second);
  }
  double own = std::numeric_limits<double>::infinity();
  for (const auto& [name, score] : scores) {
    if (name == look.motion) own = score;
  }
  std::string found = look.motion;
  double lowest = own * kPlainlyBetter;
  std::string text;
  for (const auto& [name, score] : scores) {
    char line[96];
    std::snprintf(line, sizeof line, "%s%s %.2f", text.empty() ? "" : ", ", name.c_str(), score);
    text += line;
    if (score < lowest) lowest = score, found = name;
  }
  if (how) *how = "check's mean score over its frames, each motion at the packet size that explains it best: " + text;
  return found;
}

Target read_asset_target(const spec::IconSpec& spec, const lottie::Asset& asset, const std::string& name, const TargetOptions& options) {
  Target target{name, lottie::kind_name(asset.kind), {}, {}, {}, ""};
  check::AssetPlayers players(asset, options.thorvg, std::chrono::seconds(options.player_timeout_s));
  for (const lottie::AssetAnimation& animation : asset.animations) {
    TargetAnimation a;
    a.id = animation.id;
    if (animation.document.contains("nm") && animation.document["nm"].is_string()) a.name = animation.document["nm"].get<std::string>();
    a.frame_rate = animation.document["fr"].get<double>();
    a.duration = animation.document["op"].get<double>() - animation.document["ip"].get<double>();
    for (check::Engine engine : options.players) {
      try {
        const auto source = players.open(engine, animation, "", name + ":" + animation.id);
        a.views.push_back(draw_all(*source, options));
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
    if (thorvg) target.themes = theme_frames(spec, asset, players, target.animations, options.sizes.back(), target.notes);
    else target.notes.push_back("the bundle's themes were not read: only ThorVG applies them");
  }
  if (asset.initial_animation) target.initial = *asset.initial_animation;
  return target;
}

Target read_frames_target(const spec::IconSpec& spec, const check::FrameFolder& folder, double frame_rate, const std::string& name,
                          const TargetOptions& options) {
  Target target{name, "PNG frames", {}, {}, {}, ""};
  TargetAnimation a;
  a.id = name;
  a.frame_rate = frame_rate;
  a.duration = static_cast<double>(folder.frames.size());
  const check::FolderSource source(folder);
  a.views.push_back(draw_all(source, options));
  const check::FoundVariant found = check::find_variant(spec, source, frame_rate, options.pins);
  a.variant = found.variant;
  a.found_how = "found from the frames: " + found.how;
  target.animations.push_back(std::move(a));
  return target;
}

}  // namespace iconsynth::render::fit
