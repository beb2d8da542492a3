#include "spec/variant_space.h"

#include "spec/json_reader.h"

#include <algorithm>
#include <stdexcept>

namespace iconsynth::spec {

VariantSpace::VariantSpace(const IconSpec& spec)
    : styles_(names_of(spec.styles)),
      motions_(names_of(spec.motions)),
      themes_(names_of(spec.themes)),
      weights_(spec.weight_presets),
      defaults_{spec.default_style, spec.default_weight, spec.default_motion, spec.default_theme, std::nullopt} {}

std::vector<Variant> VariantSpace::variants(const VariantAxes& fixed) const {
  const auto axis = [](const std::optional<std::string>& held, const std::vector<std::string>& all) {
    return held ? std::vector<std::string>{*held} : all;
  };
  const std::vector<double> weights = fixed.weight ? std::vector<double>{*fixed.weight} : weights_;
  std::vector<Variant> out;
  for (const std::string& style : axis(fixed.style, styles_)) {
    for (const std::string& motion : axis(fixed.motion, motions_)) {
      for (const std::string& theme : axis(fixed.theme, themes_)) {
        for (double weight : weights) out.push_back({style, weight, motion, theme, std::nullopt});
      }
    }
  }
  return out;
}

std::string VariantSpace::animation_id(const Variant& v) { return v.style + "-" + v.motion; }

std::optional<std::pair<std::string, std::string>> VariantSpace::parse_animation_id(std::string_view id) const {
  for (const std::string& style : styles_) {
    for (const std::string& motion : motions_) {
      if (id == style + "-" + motion) return std::pair{style, motion};
    }
  }
  return std::nullopt;
}

std::string VariantSpace::weight_label(double weight) { return format_number(weight); }

std::string VariantSpace::file_stem(const Variant& v) { return animation_id(v) + "-w" + weight_label(v.weight); }

std::string VariantSpace::golden_id(const Variant& v) {
  return animation_id(v) + "-" + v.theme + "-w" + weight_label(v.weight);
}

std::string named_choice(const std::string& option, const std::string& name, const std::vector<std::string>& choices) {
  if (std::find(choices.begin(), choices.end(), name) != choices.end()) return name;
  throw std::invalid_argument(option + " " + name + ": the spec names " + joined_names(choices, ", "));
}

}  // namespace iconsynth::spec
