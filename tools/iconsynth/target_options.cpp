#include "tools/iconsynth/target_options.h"

#include "render/build/atomic_file.h"
#include "render/golden/golden_set.h"
#include "tools/iconsynth/atomic_file.h"
#include "tools/iconsynth/cli_options.h"
#include "tools/iconsynth/npm_package.h"

#include <cstdio>
#include <filesystem>

namespace iconsynth::cli {

using namespace render::check;

void TargetOptions::add_to(CLI::App& command, const std::string& what) {
  command.add_option("target", path, what)->required();
  command.add_option("--fps", fps, "Frame rate of a folder of PNG frames")->check(CLI::Range(1.0, 240.0))->capture_default_str();
  command.add_option("--player", player, "Players to render the asset: rlottie, thorvg (dotLottie players' engine) or both")
      ->check(CLI::IsMember({"rlottie", "thorvg", "both"}))
      ->capture_default_str();
  command.add_option("--dotlottie-web", dotlottie_web,
                     "The @lottiefiles/dotlottie-web package folder for ThorVG (default: $ICONSYNTH_DOTLOTTIE_WEB, else where tools/dotlottie-web.sh installs)");
  command.add_option("--player-timeout", player_timeout_s, "Seconds a player may take for one answer before it is stopped")
      ->check(CLI::Range(1, 3600))
      ->capture_default_str();
  command.add_option("--max-inflated", max_inflated_mib, "Refuse bundles that inflate to more than this many MiB")
      ->check(CLI::Range(1, 4096))
      ->capture_default_str();
  const spec::VariantSpace& space = builtin_space();
  command.add_option("--style", style, "Hold the style (built-in: " + spec::joined_names(space.styles(), ", ") + "; default: found from the frames)")
      ->type_name("NAME");
  command.add_option("--motion", motion, "Hold the motion (built-in: " + spec::joined_names(space.motions(), ", ") + "; default: found)")
      ->type_name("NAME");
  command.add_option("--theme", theme,
                     "Hold the theme (a bundle's: ThorVG applies it; its preset weight comes with it; default: found)")
      ->type_name("ID");
  command.add_option("--weight", weight, "Hold the stroke weight, 1 to 3 (default: found)")->check(CLI::Range(spec::kMinWeight, spec::kMaxWeight));
  command.add_option("--color", color, "Hold the primary colour #RRGGBB or #RRGGBBAA (default: found)")->check(color_validator());
}

VariantPins TargetOptions::pins() const {
  VariantPins p;
  if (!style.empty()) p.style = style;
  if (!motion.empty()) p.motion = motion;
  if (!theme.empty()) p.theme = theme;
  p.weight = weight;
  if (!color.empty()) p.color = spec::parse_hex_color(color);
  return p;
}

Target read_target(const TargetOptions& o) {
  Target t;
  t.name = std::filesystem::path(o.path).filename().string();
  if (t.name.empty()) t.name = std::filesystem::path(o.path).parent_path().filename().string();
  try {
    if (std::filesystem::is_directory(o.path) && std::filesystem::exists(render::golden::manifest_path(o.path))) {
      // A golden set: the bundle it keeps holds every animation it tests, as its exports drew them.
      const std::filesystem::path manifest = render::golden::manifest_path(o.path);
      const std::optional<std::string> text = render::build::read_whole_file(manifest);
      if (!text) throw std::invalid_argument("cannot read the golden set: " + manifest.string() + " cannot be read");
      const render::golden::GoldenSet set = render::golden::golden_set_from_text(*text, manifest.string());
      render::lottie::AssetLimits limits;
      limits.max_inflated_bytes = o.max_inflated_mib << 20;
      t.asset = render::lottie::read_asset(render::golden::bundle_path(o.path, set.icon), limits);
    } else if (std::filesystem::is_directory(o.path)) {
      t.frames = read_frame_folder(o.path);
    } else {
      render::lottie::AssetLimits limits;
      limits.max_inflated_bytes = o.max_inflated_mib << 20;
      t.asset = render::lottie::read_asset(o.path, limits);
    }
  } catch (const render::lottie::AssetError& e) {
    throw std::invalid_argument(std::string("cannot read the ") + (t.frames || std::filesystem::is_directory(o.path) ? "frames" : "asset") +
                                ": " + e.what());
  }
  return t;
}

void choose_players(const TargetOptions& o, std::vector<Engine>& players, std::optional<render::lottie::ThorvgRuntime>& thorvg,
                    std::vector<std::string>& notes) {
  players.clear();
  if (o.player != "thorvg") players.push_back(Engine::Rlottie);
  if (o.player == "rlottie") return;
  std::string missing;
  try {
    thorvg = find_thorvg(o.dotlottie_web);
  } catch (const IoError& e) {
    missing = e.what();
  }
  if (thorvg) {
    players.push_back(Engine::Thorvg);
    notes.push_back("ThorVG is @lottiefiles/dotlottie-web " + thorvg->version + " under " + thorvg->node.string());
  } else if (o.player == "thorvg") {
    throw std::invalid_argument("--player thorvg: " + missing);
  } else {
    notes.push_back("ThorVG not used, rlottie only: " + missing);
    std::fprintf(stderr, "iconsynth: ThorVG not used, rlottie only: %s\n", missing.c_str());
  }
}

}  // namespace iconsynth::cli
