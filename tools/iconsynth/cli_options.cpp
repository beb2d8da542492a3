#include "tools/iconsynth/cli_options.h"

#include "spec/loader.h"

namespace iconsynth::cli {

void SpecOptions::add_to(CLI::App& command) {
  command.add_option("--spec", path, "Spec JSON file (default: the built-in gpu-cluster spec)")
      ->check(CLI::ExistingFile);
  command.add_option("--set", overrides, "Override a spec field, e.g. --set motions.light.rounds.0.swell.scale=1.2")
      ->type_name("PATH=VALUE")
      ->allow_extra_args(false);
}

spec::IconSpec SpecOptions::load() const { return spec::load_spec_with_overrides(path, overrides); }

void VariantOptions::add_to(CLI::App& command) {
  command.add_option("--style", style, "outline, solid or duotone")
      ->check(CLI::IsMember({"outline", "solid", "duotone"}))
      ->capture_default_str();
  command.add_option("--weight", weight, "Stroke weight in grid units, 1 to 3 (default: the spec's, 2)")
      ->check(CLI::Range(spec::kMinWeight, spec::kMaxWeight));
  command.add_option("--motion", motion, "light or strong")
      ->check(CLI::IsMember({"light", "strong"}))
      ->capture_default_str();
  command.add_option("--theme", theme, "light or dark")->check(CLI::IsMember({"light", "dark"}))->capture_default_str();
  command.add_option("--color", color, "Primary colour #RRGGBB or #RRGGBBAA (default: the theme's, #FFFFFF on dark)")
      ->check(color_validator());
}

render::Variant VariantOptions::resolve(const spec::IconSpec& spec) const {
  render::Variant v;
  v.style = *spec::parse_style(style);  // validated by CLI11's IsMember
  v.motion = *spec::parse_motion(motion);
  v.theme = *spec::parse_theme(theme);
  v.weight = weight.value_or(spec.default_weight);
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

std::string weight_label(double weight) { return spec::format_number(weight); }

}  // namespace iconsynth::cli
