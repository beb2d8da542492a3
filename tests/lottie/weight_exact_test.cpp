// Every weight exact in every player: `export --weight W` played at 256 px by rlottie (which
// floors a time remap to a whole frame) and by ThorVG matches `render --weight W`, for weights that
// fall between the weight timeline's frames (1.3, 2.7, 2.95), every style x motion, key frames.
// lottie-web's side is in lottie_web_pixels_test.cpp.
#include "live_support.h"

#include "render/cairo/raster.h"
#include "render/lottie/isolated_player.h"
#include "render/lottie/rlottie_player.h"

#include <catch2/catch.hpp>

#include <functional>

using namespace iconsynth;

namespace {

constexpr int kExactSize = 256;
constexpr int kExactTolerance = 32;
constexpr double kExactMaxMean = 1.0;
constexpr double kExactMaxShareOver = 0.01;
constexpr double kWeights[] = {1.3, 2.7, 2.95};

// A player: the frames of an exported document (its JSON, a name for messages), premultiplied
// ARGB32 at kExactSize.
using Player = std::function<std::vector<std::vector<std::uint32_t>>(const std::string& json, const std::string& name,
                                                                     const std::vector<int>& frames)>;

// Every key frame of every style x motion at each weight, against Cairo at that weight; the worst.
render::DiffStats worst_over_weights(const std::string& engine, const Player& play) {
  render::DiffStats worst;
  std::string worst_at;
  for (double weight : kWeights) {
    for (const render::Variant& base : test::all_style_motion_variants()) {
      render::Variant v = base;
      v.weight = weight;
      const render::AnimatedScene scene = render::build_scene(test::builtin_spec(), v);
      const std::string json = render::lottie::to_text(render::lottie::write_animation(scene, {}));  // as export writes it
      const std::string name = spec::VariantSpace::animation_id(v) + "-w" + spec::VariantSpace::weight_label(weight);
      const std::vector<int> frames = test::key_frames(scene);
      const std::vector<std::vector<std::uint32_t>> theirs = play(json, name, frames);
      for (std::size_t i = 0; i < frames.size(); ++i) {
        const render::ImageSurface ours = render::render_frame(render::evaluate(scene, frames[i]), kExactSize);
        const render::DiffStats d = render::compare_images(ours.view(), render::view_of(theirs[i], kExactSize, kExactSize), kExactTolerance);
        INFO(engine << " " << name << " frame " << frames[i] << ": " << render::describe(d));
        CHECK(d.mean_abs <= kExactMaxMean);
        CHECK(d.share_over <= kExactMaxShareOver);
        if (d.mean_abs > worst.mean_abs) worst_at = name + " frame " + std::to_string(frames[i]);
        worst.mean_abs = std::max(worst.mean_abs, d.mean_abs);
        worst.share_over = std::max(worst.share_over, d.share_over);
      }
    }
  }
  WARN(engine << " at weights 1.3, 2.7, 2.95: worst mean " << worst.mean_abs << " (" << worst_at << "), worst share over 32 "
              << worst.share_over * 100 << " %");
  return worst;
}

}  // namespace

TEST_CASE("rlottie draws an export at weights between its timeline's frames as render --weight does", "[lottie][slots][rlottie]") {
  worst_over_weights("rlottie", [](const std::string& json, const std::string& name, const std::vector<int>& frames) {
    const render::lottie::RlottiePlayer player(json, name);
    std::vector<std::vector<std::uint32_t>> out;
    for (int f : frames) out.push_back(player.render(static_cast<std::size_t>(f), kExactSize));
    return out;
  });
}

TEST_CASE("ThorVG draws an export at weights between its timeline's frames as render --weight does", "[lottie][slots][thorvg]") {
  const render::lottie::ThorvgRuntime runtime = cli::find_thorvg("");
  std::unique_ptr<render::lottie::IsolatedPlayer> player;
  worst_over_weights("ThorVG", [&](const std::string& json, const std::string& name, const std::vector<int>& frames) {
    const render::lottie::ThorvgDocument document{json, false, "", "", ""};
    if (player) {
      player->load(document);
    } else {
      player = std::make_unique<render::lottie::IsolatedPlayer>(runtime, document, name);
    }
    std::vector<std::vector<std::uint32_t>> out;
    for (int f : frames) out.push_back(player->render(static_cast<std::size_t>(f), kExactSize));
    return out;
  });
}

TEST_CASE("rlottie reading the weight slot's own time remap lands on a whole frame: the control", "[lottie][slots][rlottie]") {
  // What the export did before its weight had a key of its own: the layers' remap at (1.3 − 1) × 0.2 s,
  // 3.6 frames into the weight timeline, which rlottie plays as frame 3 (weight 1.25).
  const render::AnimatedScene scene = render::build_scene(test::builtin_spec(), test::variant("outline", 1.3, "light"));
  test::Json document = render::lottie::write_animation(scene, {});
  int remapped = 0;
  for (test::Json& layer : document["layers"]) {
    if (!layer.contains("tm")) continue;
    for (test::Json& key : layer["tm"]["k"]) key["s"] = {render::lottie::weight_remap_seconds(1.3) + 1e-6};
    ++remapped;
  }
  REQUIRE(remapped >= 8);
  const render::lottie::RlottiePlayer player(render::lottie::to_text(document), "remap-control");
  const render::DiffStats d = render::compare_images(render::render_frame(render::evaluate(scene, 38), kExactSize).view(),
                                                     render::view_of(player.render(38, kExactSize), kExactSize, kExactSize), kExactTolerance);
  WARN("rlottie at the slot's remap of weight 1.3, frame 38: " << render::describe(d));
  CHECK(d.mean_abs > kExactMaxMean);
}
