#include "render/lottie/descriptor.h"

#include "render/lottie/dotlottie_writer.h"
#include "render/lottie/lottie_json.h"
#include "render/lottie/masters.h"
#include "render/lottie/slots.h"
#include "render/scene/scene.h"
#include "spec/variant_space.h"

#include <algorithm>
#include <stdexcept>

namespace iconsynth::render::lottie {

extern const char* const kDescriptorTemplate;

namespace {

Json descriptor_data(const spec::IconSpec& spec, const DescriptorOptions& options) {
  const spec::VariantSpace space(spec);
  Json motions = Json::object();
  for (const std::string& m : space.motions()) {
    const int frames = motion::choreograph(spec.choreography(m), spec.module_count()).frame_count;
    Json animations = Json::object();
    for (const std::string& s : space.styles()) animations[s] = s + "-" + m;
    motions[m] = {{"frames", frames}, {"duration", number(frames / spec.frame_rate, kValueDecimals)}, {"animations", animations}};
  }
  Json themes = Json::object(), secondary_styles = Json::array();
  for (const std::string& t : space.themes()) {
    const spec::ThemeRule& rule = spec.theme_rule(t);
    themes[t] = {{"primary", spec::to_hex(rule.primary)},
                 {"backdrop", spec::to_hex(rule.backdrop)},
                 {"secondaryMix", rule.secondary_mix},
                 {"presetThemes", Json::object()}};
  }
  // The bundle's themes that set a preset weight, by the weight they set.
  for (const BundleTheme& b : bundle_themes(spec)) {
    if (b.weight) themes[b.colours]["presetThemes"][spec::VariantSpace::weight_label(*b.weight)] = b.id;
  }
  // Which styles paint anything in the secondary tone (only their animations declare its slots).
  for (const spec::Variant& v : space.variants({.motion = spec.default_motion, .theme = spec.default_theme, .weight = spec.default_weight})) {
    if (uses_role(build_scene(spec, v), ColorRole::Secondary)) secondary_styles.push_back(v.style);
  }
  Json defaults = {{"style", spec.default_style}, {"motion", spec.default_motion}, {"theme", options.theme.value_or(spec.default_theme)}};
  if (options.color) defaults["color"] = spec::to_hex(*options.color);
  Json data = {{"id", spec.id},
          {"title", spec.meta.title},
          {"styles", space.styles()},
          {"motions", motions},
          {"themes", themes},
          {"defaults", defaults},
          {"weight",
           {{"min", spec::kMinWeight},
            {"max", spec::kMaxWeight},
            {"default", spec.default_weight},
            {"presets", spec.weight_presets},
            {"secondsPerUnit", kWeightSecondsPerUnit}}},
          {"slotIds", {kPrimarySlot, kPrimaryOpacitySlot, kSecondarySlot, kSecondaryOpacitySlot, kWeightSlot}},
          {"secondaryStyles", secondary_styles}};
  if (options.masters && !master_sizes(spec).empty()) {
    data["masters"] = {{"sizes", master_sizes(spec)},
                       {"weights", spec.weight_presets},
                       {"path", master_path_pattern(spec)},
                       {"raster", {{"path", raster_master_path_pattern(spec)}, {"rest", raster_rest_path_pattern(spec)}, {"clock", clock_bundle_path(spec)}}}};
  }
  return data;
}

}  // namespace

std::string fill_template(const std::string& text, const std::vector<std::pair<std::string, std::string>>& values) {
  // One pass over the template: values are copied in, never scanned again.
  std::string out;
  std::size_t from = 0;
  for (std::size_t at = text.find('@'); at != std::string::npos; at = text.find('@', from)) {
    const std::size_t end = text.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ_", at + 1);
    if (end == std::string::npos || end == at + 1 || text[end] != '@') {  // an @ of the code's own ('@lottiefiles/…')
      out.append(text, from, at + 1 - from);
      from = at + 1;
      continue;
    }
    const std::string name = text.substr(at + 1, end - at - 1);
    const auto value = std::find_if(values.begin(), values.end(), [&](const auto& v) { return v.first == name; });
    if (value == values.end()) throw std::logic_error("template placeholder @" + name + "@ has no value");
    out.append(text, from, at - from);
    out += value->second;
    from = end + 1;
  }
  out.append(text, from);
  return out;
}

DescriptorOptions descriptor_options(const BundleOptions& bundle) { return {bundle.generator, bundle.theme, bundle.color}; }

std::string descriptor_file_name(const spec::IconSpec& spec) { return spec.id + ".mjs"; }
std::string bundle_file_name(const spec::IconSpec& spec) { return spec.id + ".lottie"; }

std::string write_descriptor(const spec::IconSpec& spec, const DescriptorOptions& options) {
  // Ids and generator names are plain ([a-z0-9-], the tool's own); the data is JSON, which is
  // valid JavaScript; "</" never matters in a module file.
  return fill_template(kDescriptorTemplate, {{"DATA", descriptor_data(spec, options).dump()},
                                             {"BUNDLE", bundle_file_name(spec)},
                                             {"GENERATOR", options.generator},
                                             {"ID", spec.id}});
}

}  // namespace iconsynth::render::lottie
