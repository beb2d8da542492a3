#include "tools/iconsynth/cli_options.h"

#include "spec/loader.h"

#include <algorithm>

namespace iconsynth::cli {

void SpecOptions::add_to(CLI::App& command) {
  command.add_option("--spec", path, "Spec JSON file (default: the built-in gpu-cluster spec)")
      ->check(CLI::ExistingFile);
  command.add_option("--set", overrides, "Override a spec field, e.g. --set motions.light.timeline.exchange.swell.scale=1.2")
      ->type_name("PATH=VALUE")
      ->allow_extra_args(false);
}

spec::IconSpec SpecOptions::load() const { return spec::load_spec_with_overrides(path, overrides); }

const spec::VariantSpace& builtin_space() {
  static const spec::IconSpec spec = spec::load_spec_text(spec::builtin_spec_text());
  static const spec::VariantSpace space(spec);
  return space;
}

void VariantOptions::add_to(CLI::App& command) {
  const spec::VariantSpace& space = builtin_space();
  const spec::Variant defaults = space.defaults();
  const auto help = [](const char* what, const std::vector<std::string>& names, const std::string& fallback) {
    return std::string(what) + " the spec names (built-in: " + spec::joined_names(names, ", ") + "; default: the spec's, " +
           fallback + ")";
  };
  command.add_option("--style", style, help("A style", space.styles(), defaults.style))->type_name("NAME");
  command.add_option("--weight", weight, "Stroke weight in grid units, 1 to 3 (default: the spec's, " +
                                             spec::VariantSpace::weight_label(defaults.weight) + ")")
      ->check(CLI::Range(spec::kMinWeight, spec::kMaxWeight));
  command.add_option("--motion", motion, help("A motion", space.motions(), defaults.motion))->type_name("NAME");
  command.add_option("--theme", theme, help("A theme", space.themes(), defaults.theme))->type_name("NAME");
  command.add_option("--color", color, "Primary colour #RRGGBB or #RRGGBBAA (default: the theme's)")
      ->check(color_validator());
}

std::string spec_choice(const std::string& option, const std::string& name, const std::vector<std::string>& choices) {
  if (std::find(choices.begin(), choices.end(), name) != choices.end()) return name;
  throw std::invalid_argument(option + " " + name + ": the spec names " + spec::joined_names(choices, ", "));
}

render::Variant VariantOptions::resolve(const spec::IconSpec& spec) const {
  const spec::VariantSpace space(spec);
  render::Variant v = space.defaults();
  if (!style.empty()) v.style = spec_choice("--style", style, space.styles());
  if (!motion.empty()) v.motion = spec_choice("--motion", motion, space.motions());
  if (!theme.empty()) v.theme = spec_choice("--theme", theme, space.themes());
  if (weight) v.weight = *weight;
  if (!color.empty()) v.color = spec::parse_hex_color(color);
  return v;
}

CLI::Validator color_validator() {
  return CLI::Validator(
      [](const std::string& text) {
        return spec::parse_hex_color(text) ? std::string() : "\"" + text + "\" is not #RRGGBB or #RRGGBBAA";
      },
      "COLOR");
}

}  // namespace iconsynth::cli
