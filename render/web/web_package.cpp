#include "render/web/web_package.h"

#include "render/cairo/sized_scene.h"
#include "render/lottie/descriptor.h"
#include "render/lottie/state_machine.h"
#include "render/web/raster_master.h"
#include "render/web/web_templates.h"
#include "render/lottie/zip_writer.h"
#include "spec/variant_space.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <stdexcept>

namespace iconsynth::render::web {

const char* const kDotlottieWebPackage = "@lottiefiles/dotlottie-web";
const char* const kDotlottieWasm = "dotlottie-player.wasm";
const char* const kElementTag = "generative-icon";

namespace {

using Values = std::vector<std::pair<std::string, std::string>>;

// 'outline' | 'solid' | 'duotone': names are [a-z0-9-], so quoting them is enough.
std::string type_union(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& name : names) out += (out.empty() ? "'" : " | '") + name + "'";
  return out;
}

std::string weights(const std::vector<double>& list) {
  std::string out;
  for (double w : list) out += (out.empty() ? "" : ", ") + spec::VariantSpace::weight_label(w);
  return out;
}

// What the templates are filled with: the spec's names, the player's pin, the bundle's inputs.
Values template_values(const spec::IconSpec& spec, const WebPackageOptions& options) {
  const spec::VariantSpace space(spec);
  return {{"GENERATOR", options.bundle.generator},
          {"ID", spec.id},
          {"TAG", kElementTag},
          {"DOTLOTTIE_WEB", kDotlottieWebPackage},
          {"DOTLOTTIE_WEB_VERSION", kDotlottieWebVersion},
          {"DOTLOTTIE_WASM", kDotlottieWasm},
          {"REDUCED_MOTION", lottie::kReducedMotionInput},
          {"STYLES", type_union(space.styles())},
          {"MOTIONS", type_union(space.motions())},
          {"THEMES", type_union(space.themes())},
          {"DEFAULT_STYLE", spec.default_style},
          {"DEFAULT_MOTION", spec.default_motion},
          {"DEFAULT_THEME", spec.default_theme},
          {"HOVER_MOTION", spec.hover_motion},
          {"CLICK_MOTION", spec.click_motion},
          {"WEIGHT_MIN", spec::VariantSpace::weight_label(spec::kMinWeight)},
          {"WEIGHT_MAX", spec::VariantSpace::weight_label(spec::kMaxWeight)},
          {"WEIGHT_DEFAULT", spec::VariantSpace::weight_label(spec.default_weight)},
          {"WEIGHT_PRESETS", weights(spec.weight_presets)}};
}

// A module as a page downloads it: its opening comment (what it is, how it was made) and its
// code; the comments inside, written for the people who read render/web, stay there.
std::string shipped_module(const std::string& text) {
  std::string out;
  bool code = false;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    const std::string_view line(text.data() + at, end - at);
    const std::size_t first = line.find_first_not_of(' ');
    const bool comment = first != std::string_view::npos && line.substr(first).starts_with("//");
    code = code || line.starts_with("import ") || line.starts_with("export ") || line.starts_with("const ");
    if (!(code && comment)) out.append(line).append(end < text.size() ? "\n" : "");
    at = end + 1;
  }
  return out;
}

std::string template_text(std::string_view name) {
  for (const WebTemplate& t : web_templates()) {
    if (t.name == name) return std::string(t.text);
  }
  throw std::logic_error("render/web has no template " + std::string(name));
}

std::string package_json(const spec::IconSpec& spec, const WebPackageOptions& options) {
  using Json = nlohmann::ordered_json;
  const std::string descriptor = lottie::descriptor_file_name(spec), bundle = lottie::bundle_file_name(spec);
  const auto module = [](const std::string& stem) { return Json{{"types", "./" + stem + ".d.mts"}, {"default", "./" + stem + ".mjs"}}; };
  const std::string icon_stem = descriptor.substr(0, descriptor.size() - 4);
  Json exports = {{"./runtime", module("runtime")},
                  {"./react", module("react")},
                  {"./element", module("element")},
                  {"./" + descriptor, module(icon_stem)},
                  {"./" + bundle, "./" + bundle},
                  {"./masters/*", "./masters/*"},
                  {"./package.json", "./package.json"}};
  const Json package = {
      {"name", "generative-icons-" + spec.id},
      {"version", options.version},
      {"description", spec.meta.title + " animated icon: its dotLottie bundle, a runtime, a React component and a custom element"},
      {"keywords", spec.meta.keywords},
      {"license", spec.meta.license},
      {"private", true},  // generated per icon: installed from its folder, never published under this name
      {"type", "module"},
      {"sideEffects", Json::array({"./element.mjs"})},  // it defines <generative-icon>
      {"exports", exports},
      {"peerDependencies", {{kDotlottieWebPackage, kDotlottieWebVersion}, {"react", ">=18"}}},
      {"peerDependenciesMeta", {{"react", {{"optional", true}}}}}};
  return package.dump(2) + "\n";
}

}  // namespace

std::vector<std::string> web_package_files(const spec::IconSpec& spec) {
  std::vector<std::string> files{"package.json", "runtime.mjs", "raster.mjs", "runtime.d.mts", "react.mjs", "react.d.mts", "element.mjs", "element.d.mts"};
  if (std::find(files.begin(), files.end(), lottie::descriptor_file_name(spec)) != files.end()) {
    throw std::invalid_argument("/id: \"" + spec.id + "\" would name the web package's own " + spec.id + ".mjs; choose another id");
  }
  for (std::string name : {lottie::descriptor_file_name(spec), spec.id + ".d.mts", lottie::bundle_file_name(spec)}) files.push_back(name);
  const spec::VariantSpace space(spec);
  for (const lottie::Master& m : lottie::masters(spec)) {
    files.push_back(lottie::master_path(spec, m));
    for (const std::string& style : space.styles()) {
      for (const std::string& motion : space.motions()) {
        files.push_back(lottie::raster_master_path(spec, m, style, motion));
        files.push_back(lottie::raster_rest_path(spec, m, style, motion));
      }
    }
  }
  if (!lottie::masters(spec).empty()) files.push_back(lottie::clock_bundle_path(spec));
  return files;
}

lottie::BundleOptions master_options(lottie::BundleOptions exact, const lottie::Master& master) {
  exact.size = master.px;
  exact.weight = master.weight;
  exact.fitted = [](const spec::IconSpec& spec, const spec::Variant& variant, int px) { return scene_for_size(spec, variant, px); };
  return exact;
}

std::string clock_bundle(const spec::IconSpec& spec, const lottie::BundleOptions& exact) {
  std::vector<lottie::ZipEntry> zip;
  for (lottie::BundleEntry& e : lottie::bundle_entries(spec, exact)) {
    if (e.path.starts_with("t/")) continue;  // the page paints the colours itself
    if (e.path == "manifest.json") {
      nlohmann::ordered_json manifest = nlohmann::ordered_json::parse(e.bytes);
      // No player reads the words; a page downloads them before the first frame.
      for (const char* key : {"themes", "description", "keywords", "custom", "generator"}) manifest.erase(key);
      for (auto& animation : manifest["animations"]) animation.erase("themes"), animation.erase("initialTheme"), animation.erase("name");
      for (auto& machine : manifest["stateMachines"]) machine.erase("name");
      e.bytes = manifest.dump();
    }
    if (e.path.starts_with("a/") && e.path.ends_with(".json")) {
      nlohmann::ordered_json animation = nlohmann::ordered_json::parse(e.bytes);
      animation["layers"] = nlohmann::ordered_json::array();
      for (const char* key : {"assets", "slots", "meta", "nm"}) animation.erase(key);  // the page paints; its timing and markers stay
      e.bytes = animation.dump();
    }
    zip.push_back({std::move(e.path), std::move(e.bytes)});
  }
  return lottie::write_zip(zip);
}

std::string web_package_file(const spec::IconSpec& spec, const WebPackageOptions& options, const std::string& name) {
  if (name == "package.json") return package_json(spec, options);
  if (name == lottie::descriptor_file_name(spec)) {
    lottie::DescriptorOptions descriptor = descriptor_options(options.bundle);
    descriptor.masters = true;  // they sit beside it here
    return shipped_module(lottie::write_descriptor(spec, descriptor));
  }
  if (name == lottie::bundle_file_name(spec)) return lottie::write_dotlottie(spec, options.bundle);
  if (name == lottie::clock_bundle_path(spec)) return clock_bundle(spec, options.bundle);
  const spec::VariantSpace space(spec);
  for (const lottie::Master& m : lottie::masters(spec)) {
    if (name == lottie::master_path(spec, m)) return lottie::write_dotlottie(spec, master_options(options.bundle, m));
    for (const std::string& style : space.styles()) {
      for (const std::string& motion : space.motions()) {
        const bool whole = name == lottie::raster_master_path(spec, m, style, motion);
        if (!whole && name != lottie::raster_rest_path(spec, m, style, motion)) continue;
        // Coverage only: the colours are the page's, so any theme draws the same planes.
        const spec::Variant variant{style, m.weight, motion, spec.default_theme, std::nullopt};
        AnimatedScene scene = scene_for_size(spec, variant, m.px);
        return (whole ? write_raster_master(scene, m.px) : write_raster_rest(std::move(scene), m.px)).sheet;
      }
    }
  }
  const std::string source = name == spec.id + ".d.mts" ? "icon.d.mts" : name;
  const std::string text = lottie::fill_template(template_text(source), template_values(spec, options));
  return name.ends_with(".mjs") ? shipped_module(text) : text;
}

std::map<std::string, std::string> write_web_package(const spec::IconSpec& spec, const WebPackageOptions& options) {
  std::map<std::string, std::string> files;
  for (const std::string& name : web_package_files(spec)) files[name] = web_package_file(spec, options, name);
  return files;
}

}  // namespace iconsynth::render::web
