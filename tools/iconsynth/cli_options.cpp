#include "tools/iconsynth/cli_options.h"

#include "render/scene/drawn_values.h"
#include "spec/json_reader.h"
#include "spec/loader.h"
#include "spec/tunable_paths.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <iostream>

namespace iconsynth::cli {

void SpecOptions::add_to(CLI::App& command) {
  command.add_option("--spec", path, "Spec JSON file (default: the built-in gpu-cluster spec)")
      ->check(CLI::ExistingFile);
  command.add_option("--set", overrides, "Override a spec field, e.g. --set motions.light.timeline.exchange.swell.scale=1.2")
      ->type_name("PATH=VALUE")
      ->allow_extra_args(false);
}

spec::IconSpec SpecOptions::load() const {
  spec::IconSpec spec = spec::load_spec_with_overrides(path, overrides);
  // Timings in frames follow a new frame rate: say what that does to the motions' lengths.
  const bool sets_rate = std::any_of(overrides.begin(), overrides.end(), [](const std::string& o) { return o.rfind("frame_rate=", 0) == 0; });
  if (sets_rate) {
    try {
      const std::string note = spec::frame_rate_note(spec::load_spec_with_overrides(path, {}), spec);
      if (!note.empty()) std::cerr << "iconsynth: note: " << note << "\n";
    } catch (const spec::SpecError&) {
      // The file alone is not valid (the overrides mend it): there is no "before" to compare with.
    }
  }
  // A value the icon draws as another does nothing where it is: said, not refused.
  for (const render::DrawnValue& d : render::drawn_values(spec)) std::cerr << "iconsynth: warning: " << render::drawn_value_text(d) << "\n";
  return spec;
}

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

render::Variant VariantOptions::resolve(const spec::IconSpec& spec) const {
  const spec::VariantSpace space(spec);
  render::Variant v = space.defaults();
  if (!style.empty()) v.style = spec::named_choice("--style", style, space.styles());
  if (!motion.empty()) v.motion = spec::named_choice("--motion", motion, space.motions());
  if (!theme.empty()) v.theme = spec::named_choice("--theme", theme, space.themes());
  if (weight) v.weight = *weight;
  if (!color.empty()) v.color = spec::parse_hex_color(color);
  return v;
}

void FrameOption::add_to(CLI::App& command, const std::string& help) {
  command.add_option("--frame", text, help + ": a frame number from 0, or a time like 500ms (the nearest frame)")
      ->type_name("N|NNNms")
      ->check(CLI::Validator(
          [](const std::string& value) {
            int frame = 0;
            const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), frame);
            const bool number = error == std::errc() && end == value.data() + value.size() && frame >= 0;
            const std::optional<double> ms = spec::parse_ms(value);
            return number || (ms && *ms >= 0) ? std::string() : "frame " + value + " is not a frame number from 0 or a time like 500ms";
          },
          "FRAME"));
}

int FrameOption::resolve(double frame_rate, int frame_count, const std::string& motion) const {
  const std::optional<double> ms = spec::parse_ms(text);
  const double frame = ms ? std::round(*ms * frame_rate / 1000) : std::stod(text);
  if (frame >= frame_count) {
    throw std::invalid_argument("--frame " + text + (ms ? " (frame " + spec::format_number(frame) + ")" : "") + " is past the last frame of " +
                                motion + " (0-" + std::to_string(frame_count - 1) + ", " + spec::format_ms((frame_count - 1) * 1000.0 / frame_rate) + ")");
  }
  return static_cast<int>(frame);
}

CLI::Validator color_validator() {
  return CLI::Validator(
      [](const std::string& text) {
        return spec::parse_hex_color(text) ? std::string() : "\"" + text + "\" is not #RRGGBB or #RRGGBBAA";
      },
      "COLOR");
}

}  // namespace iconsynth::cli
