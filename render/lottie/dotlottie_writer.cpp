#include "render/lottie/dotlottie_writer.h"

#include "render/lottie/zip_writer.h"

namespace iconsynth::render::lottie {


namespace {

Json theme_rules(const spec::ThemeRule& theme) {
  return {{"rules", Json::array({
                        {{"id", kPrimarySlot}, {"type", "Color"}, {"value", color_value(theme.primary)}},
                        {{"id", kSecondarySlot}, {"type", "Color"}, {"value", color_value(theme.secondary(theme.primary))}},
                    })}};
}

std::string theme_title(spec::Theme theme) { return theme == spec::Theme::Light ? "Light" : "Dark"; }

}  // namespace

std::vector<BundleEntry> bundle_entries(const spec::IconSpec& spec, const BundleOptions& options) {
  std::vector<BundleEntry> animations;
  Json manifest_animations = Json::array(), theme_ids = Json::array(), themes = Json::array();
  for (spec::Theme t : spec::kThemes) {
    theme_ids.push_back(spec::name(t));
    themes.push_back({{"id", spec::name(t)}, {"name", theme_title(t)}});
  }
  for (spec::Style style : spec::kStyles) {
    for (spec::Motion motion : spec::kMotions) {
      const AnimatedScene scene = build_scene(spec, {style, options.weight, motion, options.theme, std::nullopt});
      const std::string id = variant_id(scene.variant);
      animations.push_back({"a/" + id + ".json", to_text(write_animation(scene, {options.size}))});
      manifest_animations.push_back({{"id", id}, {"initialTheme", spec::name(options.theme)}, {"themes", theme_ids}});
    }
  }
  const Json manifest = {{"version", "2"},
                         {"generator", options.generator},
                         {"initial", {{"animation", manifest_animations[0]["id"]}}},
                         {"animations", manifest_animations},
                         {"themes", themes}};

  std::vector<BundleEntry> entries{{"manifest.json", to_text(manifest)}};
  entries.insert(entries.end(), animations.begin(), animations.end());
  for (spec::Theme t : spec::kThemes) {
    entries.push_back({"t/" + std::string(spec::name(t)) + ".json", to_text(theme_rules(spec.theme_rule(t)))});
  }
  return entries;
}

std::string write_dotlottie(const spec::IconSpec& spec, const BundleOptions& options) {
  std::vector<ZipEntry> zip;
  for (BundleEntry& e : bundle_entries(spec, options)) zip.push_back({std::move(e.path), std::move(e.bytes)});
  return write_zip(zip);
}

}  // namespace iconsynth::render::lottie
