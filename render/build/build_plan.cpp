#include "render/build/build_plan.h"

#include "render/build/output_format.h"
#include "render/cairo/raster.h"
#include "render/cairo/sized_scene.h"

#include <set>
#include <stdexcept>

namespace iconsynth::render::build {

std::vector<spec::Variant> BuildContext::variants() const {
  std::vector<spec::Variant> out = space.variants({.theme = look.theme});
  for (spec::Variant& v : out) v.color = look.color;
  return out;
}

std::vector<spec::Variant> BuildContext::rest_poses() const {
  std::vector<spec::Variant> out = space.variants({.motion = spec.default_motion, .theme = look.theme});
  for (spec::Variant& v : out) v.color = look.color;
  return out;
}

int BuildContext::frame_count(const std::string& motion) const {
  for (const auto& [name, frames] : motion_frames) {
    if (name == motion) return frames;
  }
  throw std::logic_error("the build plans a motion the spec does not name: " + motion);
}

BuildContext build_context(const spec::IconSpec& spec, const BuildRequest& request) {
  spec::VariantSpace space(spec);
  spec::Variant look = space.defaults();
  if (!request.theme.empty()) look.theme = spec::named_choice("--theme", request.theme, space.themes());
  // Every file names its colour in the manifest: the one asked for, else the theme's.
  look.color = request.color.value_or(spec.theme_rule(look.theme).primary);
  BuildContext context{spec, request, look, std::move(space), {}};
  for (const auto& [name, params] : spec.motions) {
    context.motion_frames.emplace_back(name, motion::choreograph(params, spec.module_count()).frame_count);
  }
  return context;
}

int largest_size(const spec::IconSpec& spec) {
  const BuildContext context = build_context(spec, {});
  int largest = kMaxSize;
  for (const OutputKind& kind : output_kinds()) {
    if (kind.largest_size) largest = std::min(largest, kind.largest_size(context, largest));
  }
  return largest;
}

AnimatedScene scene_at_size(const spec::IconSpec& spec, const spec::Variant& variant, int size, bool exact) {
  return scene_for_size(spec, variant, size, exact ? Geometry::Exact : Geometry::Hinted);
}

int pixel_grid_at_size(const spec::IconSpec& spec, int size, bool exact) {
  return hints_at(spec, size, exact ? Geometry::Exact : Geometry::Hinted) ? size : 0;
}

ManifestVariant manifest_variant(const spec::Variant& variant, bool with_motion) {
  ManifestVariant v;
  v.style = variant.style;
  if (with_motion) v.motion = variant.motion;
  v.theme = variant.theme;
  v.weight = variant.weight;
  if (variant.color) v.color = spec::to_hex(*variant.color);
  return v;
}

BuildPlan plan_build(const spec::IconSpec& spec, const BuildRequest& request) {
  const BuildContext context = build_context(spec, request);

  BuildPlan plan;
  for (const OutputKind& kind : output_kinds()) kind.plan(context, plan.files);
  std::set<std::string> paths{kManifestName};
  for (const PlannedFile& f : plan.files) {
    if (!paths.insert(f.path).second) throw std::logic_error("the build plans " + f.path + " twice");
    format_named(f.format);  // every file's format is a row of the format table
  }
  return plan;
}

}  // namespace iconsynth::render::build
