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

// "dark" → "Dark": the theme's display name in the manifest.
std::string theme_title(std::string name) {
  if (!name.empty() && name[0] >= 'a' && name[0] <= 'z') name[0] = static_cast<char>(name[0] - 'a' + 'A');
  return name;
}

}  // namespace

std::vector<BundleEntry> bundle_entries(const spec::IconSpec& spec, const BundleOptions& options) {
  std::vector<BundleEntry> animations;
  Json manifest_animations = Json::array(), theme_ids = Json::array(), themes = Json::array();
  const spec::VariantSpace space(spec);
  const std::string theme = options.theme.value_or(spec.default_theme);
  for (const std::string& t : space.themes()) {
    theme_ids.push_back(t);
    themes.push_back({{"id", t}, {"name", theme_title(t)}});
  }
  for (const spec::Variant& variant : space.variants({.theme = theme, .weight = options.weight})) {
    const AnimatedScene scene = build_scene(spec, variant);
    const std::string id = spec::VariantSpace::animation_id(variant);
    animations.push_back({"a/" + id + ".json", to_text(write_animation(scene, {options.size}))});
    manifest_animations.push_back({{"id", id}, {"initialTheme", theme}, {"themes", theme_ids}});
  }
  const Json manifest = {{"version", "2"},
                         {"generator", options.generator},
                         {"initial", {{"animation", manifest_animations[0]["id"]}}},
                         {"animations", manifest_animations},
                         {"themes", themes}};

  std::vector<BundleEntry> entries{{"manifest.json", to_text(manifest)}};
  entries.insert(entries.end(), animations.begin(), animations.end());
  for (const std::string& t : space.themes()) {
    entries.push_back({"t/" + t + ".json", to_text(theme_rules(spec.theme_rule(t)))});
  }
  return entries;
}

std::string write_dotlottie(const spec::IconSpec& spec, const BundleOptions& options) {
  std::vector<ZipEntry> zip;
  for (BundleEntry& e : bundle_entries(spec, options)) zip.push_back({std::move(e.path), std::move(e.bytes)});
  return write_zip(zip);
}

}  // namespace iconsynth::render::lottie
