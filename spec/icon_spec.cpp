#include "spec/icon_spec.h"

#include <algorithm>
#include <stdexcept>

namespace iconsynth::spec {

namespace {

template <class Rule>
const Rule& find_rule(const std::vector<Named<Rule>>& list, std::string_view name, const char* what) {
  for (const auto& item : list) {
    if (item.name == name) return item.rule;
  }
  throw std::invalid_argument("no " + std::string(what) + " \"" + std::string(name) + "\" in the spec; it has " +
                              joined_names(names_of(list), ", "));
}

}  // namespace

const StyleRule& IconSpec::style_rule(std::string_view name) const { return find_rule(styles, name, "style"); }
const ThemeRule& IconSpec::theme_rule(std::string_view name) const { return find_rule(themes, name, "theme"); }
const motion::ChoreographyParams& IconSpec::choreography(std::string_view name) const {
  return find_rule(motions, name, "motion");
}

IconSpec at_optical_size(const IconSpec& spec, int size) {
  for (const OpticalSize& optical : spec.hinting.optical_sizes) {
    if (size >= optical.below) continue;
    IconSpec sized = spec;
    sized.layout = optical.layout;
    // Radius in units for a diameter in px at this size.
    sized.layout.packet_radius = std::max(sized.layout.packet_radius, optical.packet_min_px / 2 * spec.layout.grid / size);
    return sized;
  }
  return spec;
}

Json to_json(const IconMeta& meta) {
  return {{"title", meta.title}, {"description", meta.description}, {"category", meta.category},
          {"keywords", meta.keywords}, {"license", meta.license}};
}

std::string joined_names(const std::vector<std::string>& names, std::string_view separator) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : std::string(separator)) + n;
  return out;
}

}  // namespace iconsynth::spec
