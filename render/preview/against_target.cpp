#include "render/preview/against_target.h"

#include "render/cairo/raster.h"
#include "render/cairo/surface.h"
#include "render/scene/scene.h"
#include "spec/color.h"
#include "spec/json_reader.h"

#include <algorithm>
#include <cmath>

namespace iconsynth::render {

namespace {

using Json = nlohmann::ordered_json;

// A player's frames, drawn once and kept: check's measure reads them as it reads a player.
class StoredFrames final : public check::FrameSource {
 public:
  StoredFrames(check::Engine engine, int size) : engine_(engine), size_(size) {}
  check::Engine engine() const override { return engine_; }
  std::size_t frame_count() const override { return frames_.size(); }
  int fixed_size() const override { return size_; }
  std::vector<std::uint32_t> render(std::size_t frame, int) const override { return frames_.at(frame); }

  // Draws every frame of `source` at the stored size.
  void take(const check::FrameSource& source) {
    for (std::size_t f = 0; f < source.frame_count(); ++f) frames_.push_back(source.render(f, size_));
  }
  const std::vector<std::vector<std::uint32_t>>& frames() const { return frames_; }

 private:
  check::Engine engine_;
  int size_;
  std::vector<std::vector<std::uint32_t>> frames_;
};

}  // namespace

struct AgainstTarget::Animation {
  std::string id;
  double fps = 60;
  spec::Variant variant;
  std::string look;
  std::vector<std::unique_ptr<StoredFrames>> scored;  // a player's each, at check's size (a folder's own)
  std::unique_ptr<StoredFrames> shown;                // the first player's, at the page's size (a folder's own)
};

namespace {

// One player's (or the folder's) frames of an animation, kept: the first source finds the variant
// the animation draws and gives the frames the page shows.
template <class Animation>
void keep_frames(Animation& a, const check::FrameSource& source, const spec::IconSpec& base, int check_size, int page_size) {
  if (a.scored.empty()) {
    const check::FoundVariant found = check::find_variant(base, source, a.fps, {});
    a.variant = found.variant;
    a.look = check::describe_variant(base, found.variant);
  }
  auto scored = std::make_unique<StoredFrames>(source.engine(), source.fixed_size() ? source.fixed_size() : check_size);
  scored->take(source);
  if (!a.shown) {
    a.shown = std::make_unique<StoredFrames>(source.engine(), source.fixed_size() ? source.fixed_size() : page_size);
    a.shown->take(source);
  }
  a.scored.push_back(std::move(scored));
}

}  // namespace

AgainstTarget::AgainstTarget(const spec::IconSpec& base, AgainstSource source, int page_size)
    : source_(std::move(source)), page_size_(page_size) {
  if (source_.frames) {
    auto a = std::make_unique<Animation>();
    a->id = source_.name;
    a->fps = source_.frames_fps;
    keep_frames(*a, check::FolderSource(*source_.frames), base, source_.check_size, page_size_);
    animations_.push_back(std::move(a));
    return;
  }
  check::AssetPlayers players(*source_.asset, source_.thorvg, std::chrono::seconds(source_.player_timeout_s));
  for (const lottie::AssetAnimation& animation : source_.asset->animations) {
    auto a = std::make_unique<Animation>();
    a->id = animation.id;
    a->fps = animation.document["fr"].get<double>();
    // One player at a time, every frame drawn before the next opens (a ThorVG source lasts
    // until the next ThorVG open).
    for (check::Engine engine : source_.players) {
      try {
        keep_frames(*a, *players.open(engine, animation, "", source_.name + ":" + animation.id), base, source_.check_size, page_size_);
      } catch (const lottie::AssetError& e) {
        notes_.push_back(check::engine_name(engine) + " cannot play " + animation.id + ": " + e.what());
      }
    }
    if (!a->scored.empty()) animations_.push_back(std::move(a));
  }
  if (animations_.empty()) throw lottie::AssetError("no player could play any animation of " + source_.name);
}

AgainstTarget::~AgainstTarget() = default;

Json AgainstTarget::describe() const {
  Json animations = Json::array();
  for (const auto& a : animations_) {
    Json players = Json::array();
    for (const auto& s : a->scored) players.push_back(check::engine_name(s->engine()));
    const int frames = static_cast<int>(a->shown->frame_count());
    animations.push_back({{"id", a->id},
                          {"style", a->variant.style},
                          {"motion", a->variant.motion},
                          {"theme", a->variant.theme},
                          {"weight", a->variant.weight},
                          {"color", a->variant.color ? Json(spec::to_hex(*a->variant.color)) : Json()},
                          {"look", a->look},
                          {"frames", frames},
                          {"fps", a->fps},
                          {"size", a->shown->fixed_size()},
                          {"columns", default_filmstrip_columns(frames)},
                          {"players", players},
                          {"filmstrip", "api/against/filmstrip?id=" + a->id}});
  }
  return {{"name", source_.name},
          {"kind", source_.asset ? lottie::kind_name(source_.asset->kind) : "PNG frames"},
          {"animations", animations},
          {"notes", notes_}};
}

std::vector<std::string> AgainstTarget::animations_of(const std::string& motion) const {
  std::vector<std::string> ids;
  for (const auto& a : animations_) {
    if (a->variant.motion == motion) ids.push_back(a->id);
  }
  return ids;
}

std::optional<std::string> AgainstTarget::filmstrip_png(const std::string& id) const {
  const auto a = std::find_if(animations_.begin(), animations_.end(), [&](const auto& x) { return x->id == id; });
  if (a == animations_.end()) return std::nullopt;
  const StoredFrames& shown = *(*a)->shown;
  const int size = shown.fixed_size(), count = static_cast<int>(shown.frame_count());
  const int columns = default_filmstrip_columns(count), rows = (count + columns - 1) / columns;
  ImageSurface sheet(columns * size, rows * size);
  const std::unique_ptr<cairo_t, CairoContextDeleter> cr(cairo_create(sheet.get()));
  for (int f = 0; f < count; ++f) {
    const ImageSurface frame = image_from_pixels(shown.frames()[f].data(), size, size);
    cairo_set_source_surface(cr.get(), frame.get(), (f % columns) * size, (f / columns) * size);
    cairo_paint(cr.get());
  }
  cairo_surface_flush(sheet.get());
  return sheet.png_bytes();
}

std::optional<Json> AgainstTarget::score(const spec::IconSpec& spec, const std::string& id) const {
  const auto found = std::find_if(animations_.begin(), animations_.end(), [&](const auto& x) { return x->id == id; });
  if (found == animations_.end()) return std::nullopt;
  const Animation& a = **found;
  const AnimatedScene scene = build_scene(spec, a.variant);
  Json players = Json::array();
  double worst_of_all = 0;
  bool all_passed = true;
  for (const auto& s : a.scored) {
    FrameRenderer ours(scene, s->fixed_size());
    double worst = 0;
    int worst_frame = 0;
    for (int f = 0; f < static_cast<int>(s->frame_count()); ++f) {
      const check::FrameResult r = check::compare_frame(*s, scene, ours, f, a.fps, s->fixed_size(), check::Thresholds{});
      if (r.score > worst) worst = r.score, worst_frame = f;
    }
    const bool passed = worst <= 1;
    players.push_back({{"player", check::engine_name(s->engine())}, {"score", worst}, {"passed", passed}, {"worstFrame", worst_frame},
                       {"size", s->fixed_size()}});
    worst_of_all = std::max(worst_of_all, worst);
    all_passed = all_passed && passed;
  }
  return Json{{"id", id}, {"score", worst_of_all}, {"passed", all_passed}, {"players", players}};
}

}  // namespace iconsynth::render
