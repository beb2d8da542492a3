#include "render/lottie/dotlottie_writer.h"

#include "render/lottie/state_machine.h"
#include "render/lottie/zip_writer.h"

namespace iconsynth::render::lottie {


namespace {

// "dark" → "Dark": the theme's display name in the manifest.
std::string theme_title(std::string name) {
  if (!name.empty() && name[0] >= 'a' && name[0] <= 'z') name[0] = static_cast<char>(name[0] - 'a' + 'A');
  return name;
}

Json theme_file(const spec::IconSpec& spec, const BundleTheme& theme) {
  const spec::ThemeRule& rule = spec.theme_rule(theme.colours);
  return {{"rules", theme_rules({rule.primary, rule.secondary(rule.primary), theme.weight, true})}};
}

}  // namespace

// Every colour theme on its own (the weight stays as it is), then every colour theme at every
// preset weight: a player that can only switch themes still shows each preset exactly.
std::vector<BundleTheme> bundle_themes(const spec::IconSpec& spec, bool colours_only) {
  const spec::VariantSpace space(spec);
  std::vector<BundleTheme> themes;
  for (const std::string& t : space.themes()) themes.push_back({t, theme_title(t), t, std::nullopt});
  if (colours_only) return themes;
  for (const std::string& t : space.themes()) {
    for (double w : spec.weight_presets) {
      const std::string label = spec::VariantSpace::weight_label(w);
      themes.push_back({t + "-w" + label, theme_title(t) + ", weight " + label, t, w});
    }
  }
  return themes;
}

std::optional<BundleTheme> find_bundle_theme(const spec::IconSpec& spec, const std::string& id) {
  for (BundleTheme& t : bundle_themes(spec)) {
    if (t.id == id) return std::move(t);
  }
  return std::nullopt;
}

std::vector<BundleEntry> bundle_entries(const spec::IconSpec& spec, const BundleOptions& options) {
  std::vector<BundleEntry> animations;
  Json manifest_animations = Json::array(), theme_ids = Json::array(), themes = Json::array();
  const spec::VariantSpace space(spec);
  const std::string theme = options.theme.value_or(spec.default_theme);
  const bool master = static_cast<bool>(options.fitted);
  const std::vector<BundleTheme> bundle_theme_list = bundle_themes(spec, master);
  for (const BundleTheme& t : bundle_theme_list) {
    theme_ids.push_back(t.id);
    themes.push_back({{"id", t.id}, {"name", t.name}});
  }
  for (spec::Variant variant : space.variants({.theme = theme, .weight = options.weight})) {
    variant.color = options.color;
    const AnimatedScene scene = master ? options.fitted(spec, variant, options.size) : build_scene(spec, variant);
    const std::string id = spec::VariantSpace::animation_id(variant);
    animations.push_back({"a/" + id + ".json", to_text(write_animation(scene, {options.size, LottieOptions::Meta::Title, !master}))});
    Json entry = {{"id", id}, {"name", spec.meta.title + ", " + variant.style + ", " + variant.motion}};
    if (!options.color) entry["initialTheme"] = theme;
    entry["themes"] = theme_ids;
    manifest_animations.push_back(std::move(entry));
  }
  Json state_machines = Json::array();
  for (const std::string& style : space.styles()) {
    state_machines.push_back({{"id", style}, {"name", state_machine_title(spec, style)}});
  }
  Json manifest = {{"version", "2"},
                   {"generator", options.generator},
                   {"initial",
                    {{"animation", spec::VariantSpace::animation_id({spec.default_style, options.weight, spec.hover_motion, theme, {}})},
                     {"stateMachine", spec.default_style}}},
                   {"animations", manifest_animations},
                   {"themes", themes},
                   {"stateMachines", state_machines}};
  // What the icon is: v1's description and keywords (players keep reading them), the rest custom.
  if (!spec.meta.description.empty()) manifest["description"] = spec.meta.description;
  if (!spec.meta.keywords.empty()) manifest["keywords"] = spec::joined_names(spec.meta.keywords, ", ");
  manifest["custom"] = {{"title", spec.meta.title}};
  if (!spec.meta.category.empty()) manifest["custom"]["category"] = spec.meta.category;
  if (!spec.meta.license.empty()) manifest["custom"]["license"] = spec.meta.license;
  if (master) manifest["custom"]["pixelGrid"] = options.size;

  std::vector<BundleEntry> entries{{"manifest.json", to_text(manifest)}};
  entries.insert(entries.end(), animations.begin(), animations.end());
  for (const BundleTheme& t : bundle_theme_list) entries.push_back({"t/" + t.id + ".json", to_text(theme_file(spec, t))});
  for (const std::string& style : space.styles()) entries.push_back({"s/" + style + ".json", to_text(state_machine(spec, style))});
  return entries;
}

std::string write_dotlottie(const spec::IconSpec& spec, const BundleOptions& options) {
  std::vector<ZipEntry> zip;
  for (BundleEntry& e : bundle_entries(spec, options)) zip.push_back({std::move(e.path), std::move(e.bytes)});
  return write_zip(zip);
}

}  // namespace iconsynth::render::lottie
