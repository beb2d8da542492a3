#include "render/golden/golden_set.h"

#include "render/compare/report_files.h"
#include "spec/json_reader.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <stdexcept>

namespace iconsynth::render::golden {

using nlohmann::json;

std::string GoldenVariant::id() const { return spec::VariantSpace::golden_id(variant()); }

std::vector<int> key_frames(const AnimatedScene& scene) {
  constexpr int kMinFrames = 12;
  const int last = scene.frame_count - 1;
  std::set<int> frames{0, last};
  for (const motion::ChoreographyEvent& e : scene.choreography.events) {
    frames.insert(std::clamp(static_cast<int>(std::lround(e.frame)), 0, last));
  }
  // Evenly spaced frames fill the gaps between events (and reach the minimum count).
  const int steps = kMinFrames - 1;
  for (int i = 1; i < steps; ++i) frames.insert(static_cast<int>(std::lround(static_cast<double>(i) * last / steps)));
  return {frames.begin(), frames.end()};
}

std::vector<GoldenVariant> variants_of(const spec::IconSpec& spec) {
  std::vector<GoldenVariant> out;
  const spec::VariantSpace space(spec);
  for (const spec::Variant& variant : space.variants()) {
    // The preset's index: a golden weight is matched by its slot, so a changed preset is caught.
    const auto preset = std::find(space.weights().begin(), space.weights().end(), variant.weight) - space.weights().begin();
    GoldenVariant v{variant.style, variant.motion, variant.theme, static_cast<int>(preset), variant.weight, 0, {}, {}, {}};
    const AnimatedScene scene = build_scene(spec, v.variant());
    v.frame_count = scene.frame_count;
    for (int f : key_frames(scene)) v.frames.push_back({f, {}});
    out.push_back(std::move(v));
  }
  return out;
}

json to_json(const GoldenSet& set) {
  json variants = json::array();
  for (const GoldenVariant& v : set.variants) {
    json frames = json::array();
    for (const GoldenFrame& f : v.frames) frames.push_back({{"frame", f.frame}, {"sha256", f.sha256}});
    variants.push_back({{"id", v.id()},
                        {"style", v.style},
                        {"motion", v.motion},
                        {"theme", v.theme},
                        {"preset", v.preset},
                        {"weight", v.weight},
                        {"frame_count", v.frame_count},
                        {"png_sha256", v.png_sha256},
                        {"frames", frames},
                        {"lottie_sha256", v.lottie_sha256}});
  }
  return {{"format", 1},
          {"icon", set.icon},
          {"spec_sha256", set.spec_sha256},
          {"iconsynth", set.iconsynth_version},
          {"cairo", set.cairo_version},
          {"size", set.size},
          {"geometry", set.hinted ? "hinted" : "exact"},
          {"tolerance", {{"channel", set.tolerance.channel}, {"max_share", set.tolerance.max_share}}},
          {"variants", variants},
          {"bundle_sha256", set.bundle_sha256}};
}


GoldenSet golden_set_from_json(const json& m) {
  try {
    if (m.at("format") != 1) throw std::invalid_argument("golden manifest: unsupported format " + m.at("format").dump());
    GoldenSet set;
    set.icon = m.at("icon").get<std::string>();
    if (render::safe_file_name(set.icon) != set.icon) {
      throw std::invalid_argument("golden manifest: icon \"" + set.icon + "\" is not a plain file name");
    }
    set.spec_sha256 = m.at("spec_sha256").get<std::string>();
    set.iconsynth_version = m.at("iconsynth").get<std::string>();
    set.cairo_version = m.at("cairo").get<std::string>();
    set.size = m.at("size").get<int>();
    const std::string geometry = m.value("geometry", "exact");
    if (geometry != "hinted" && geometry != "exact") throw std::invalid_argument("golden manifest: geometry \"" + geometry + "\" is neither \"hinted\" nor \"exact\"");
    set.hinted = geometry == "hinted";
    set.tolerance = {m.at("tolerance").at("channel").get<int>(), m.at("tolerance").at("max_share").get<double>()};
    for (const json& v : m.at("variants")) {
      GoldenVariant gv{v.at("style").get<std::string>(),
                       v.at("motion").get<std::string>(),
                       v.at("theme").get<std::string>(),
                       v.at("preset").get<int>(),
                       v.at("weight").get<double>(),
                       v.value("frame_count", 0),
                       {},
                       v.at("png_sha256").get<std::string>(),
                       v.at("lottie_sha256").get<std::string>()};
      // Ids name files: a name that is not a plain file name could point outside the set.
      if (render::safe_file_name(gv.id()) != gv.id()) {
        throw std::invalid_argument("golden manifest: variant \"" + gv.id() + "\" is not a plain file name");
      }
      for (const json& f : v.at("frames")) gv.frames.push_back({f.at("frame").get<int>(), f.at("sha256").get<std::string>()});
      set.variants.push_back(std::move(gv));
    }
    set.bundle_sha256 = m.at("bundle_sha256").get<std::string>();
    return set;
  } catch (const json::exception& e) {
    throw std::invalid_argument(std::string("golden manifest is malformed: ") + e.what());
  }
}

std::vector<SetFile> GoldenSet::files() const {
  std::vector<SetFile> out;
  for (const GoldenVariant& v : variants) {
    out.push_back({sheet_file(v), v.png_sha256});
    out.push_back({lottie_file(v), v.lottie_sha256});
  }
  out.push_back({bundle_file(icon), bundle_sha256});
  return out;
}

std::string sheet_file(const GoldenVariant& v) { return "png/" + v.id() + ".png"; }
std::string lottie_file(const GoldenVariant& v) { return "lottie/" + v.id() + ".json"; }
std::string bundle_file(const std::string& icon) { return icon + ".lottie"; }

std::filesystem::path manifest_path(const std::filesystem::path& dir) { return dir / "golden.json"; }
std::filesystem::path sheet_path(const std::filesystem::path& dir, const GoldenVariant& v) { return dir / sheet_file(v); }
std::filesystem::path lottie_path(const std::filesystem::path& dir, const GoldenVariant& v) { return dir / lottie_file(v); }
std::filesystem::path bundle_path(const std::filesystem::path& dir, const std::string& icon) {
  return dir / bundle_file(icon);
}

}  // namespace iconsynth::render::golden
