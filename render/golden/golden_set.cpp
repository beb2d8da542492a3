#include "render/golden/golden_set.h"

#include "render/cairo/raster.h"
#include "render/compare/report_files.h"
#include "spec/loader.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>

namespace iconsynth::render::golden {

using spec::Json;

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
    GoldenVariant v;
    v.style = variant.style;
    v.motion = variant.motion;
    v.theme = variant.theme;
    v.preset = static_cast<int>(preset);
    v.weight = variant.weight;
    const AnimatedScene scene = build_scene(spec, v.variant());
    v.frame_count = scene.frame_count;
    v.frame_rate = spec.frame_rate;
    for (int f : key_frames(scene)) v.frames.push_back({f, {}});
    out.push_back(std::move(v));
  }
  return out;
}

Json to_json(const GoldenSet& set) {
  Json renderers = Json::array();
  for (const Renderer& r : set.renderers) renderers.push_back({{"iconsynth", r.iconsynth}, {"cairo", r.cairo}, {"pixman", r.pixman}});
  Json variants = Json::array();
  for (const GoldenVariant& v : set.variants) {
    Json sheets = Json::array();
    for (const std::string& sha : v.sheets) sheets.push_back({{"sha256", sha}});
    Json frames = Json::array();
    for (const GoldenFrame& f : v.frames) {
      Json accepted = Json::array();
      for (const AcceptedImage& a : f.accepted) accepted.push_back({{"sheet", a.sheet}, {"renderer", a.renderer}, {"sha256", a.sha256}});
      frames.push_back({{"frame", f.frame}, {"accepted", accepted}});
    }
    variants.push_back({{"id", v.id()},
                        {"style", v.style},
                        {"motion", v.motion},
                        {"theme", v.theme},
                        {"preset", v.preset},
                        {"weight", v.weight},
                        {"frame_count", v.frame_count},
                        {"frame_rate", v.frame_rate},
                        {"sheets", sheets},
                        {"frames", frames},
                        {"lottie_sha256", v.lottie_sha256}});
  }
  Json out = {{"format", 2},
              {"icon", set.icon},
              {"size", set.size},
              {"geometry", set.hinted ? "hinted" : "exact"},
              {"tolerance", {{"channel", set.tolerance.channel}, {"max_share", set.tolerance.max_share}}},
              {"renderers", renderers},
              {"spec_sha256", set.spec_sha256},
              {"variants", variants},
              {"bundle_sha256", set.bundle_sha256}};
  // Last: the longest part, and the one a person reads least.
  out["spec"] = set.spec;
  return out;
}

namespace {

// JSON indented two spaces a level, but an element of a "frames" or "sheets" array on one line:
// a frame's change is then a one-line diff, and the file a third the size.
void write_pretty(const Json& value, int depth, bool compact, bool compact_elements, std::string& out) {
  if (compact || !value.is_structured() || value.empty()) {
    out += value.dump();
    return;
  }
  const bool object = value.is_object();
  out += object ? "{\n" : "[\n";
  std::size_t i = 0;
  for (const auto& [key, child] : value.items()) {
    out.append(static_cast<std::size_t>(depth + 1) * 2, ' ');
    if (object) out += Json(key).dump() + ": ";
    const bool one_line_elements = object && (key == "frames" || key == "sheets");
    write_pretty(child, depth + 1, !object && compact_elements, one_line_elements, out);
    out += ++i < value.size() ? ",\n" : "\n";
  }
  out.append(static_cast<std::size_t>(depth) * 2, ' ');
  out += object ? "}" : "]";
}

}  // namespace

std::string manifest_text(const GoldenSet& set) {
  std::string out;
  write_pretty(to_json(set), 0, false, false, out);
  return out + "\n";
}

namespace {

// Ids name files: a name that is not a plain file name could point outside the set.
void require_plain_name(const std::string& name, const std::string& what) {
  if (safe_file_name(name) != name) throw std::invalid_argument("golden manifest: " + what + " \"" + name + "\" is not a plain file name");
}

// A frame number a hostile manifest cannot make huge: within the longest motion a spec may have.
int frame_number(const Json& f) {
  const int frame = f.at("frame").get<int>();
  if (frame < 0 || frame > spec::kMaxMotionFrames) {
    throw std::invalid_argument("golden manifest: frame " + std::to_string(frame) + " is outside 0-" + std::to_string(spec::kMaxMotionFrames));
  }
  return frame;
}

GoldenVariant variant_slot(const Json& v) {
  GoldenVariant gv;
  gv.style = v.at("style").get<std::string>();
  gv.motion = v.at("motion").get<std::string>();
  gv.theme = v.at("theme").get<std::string>();
  gv.preset = v.at("preset").get<int>();
  gv.weight = v.at("weight").get<double>();
  gv.frame_count = v.value("frame_count", 0);
  gv.frame_rate = v.value("frame_rate", 0.0);
  require_plain_name(gv.id(), "variant");
  return gv;
}

// Format 1: one image per frame, all by the set's one renderer.
GoldenSet read_format_1(const Json& m, GoldenSet set) {
  set.renderers = {{m.at("iconsynth").get<std::string>(), m.at("cairo").get<std::string>(), ""}};
  for (const Json& v : m.at("variants")) {
    GoldenVariant gv = variant_slot(v);
    gv.sheets = {v.at("png_sha256").get<std::string>()};
    for (const Json& f : v.at("frames")) gv.frames.push_back({frame_number(f), {{0, 0, f.at("sha256").get<std::string>()}}});
    gv.lottie_sha256 = v.at("lottie_sha256").get<std::string>();
    set.variants.push_back(std::move(gv));
  }
  return set;
}

GoldenSet read_format_2(const Json& m, GoldenSet set) {
  for (const Json& r : m.at("renderers")) {
    set.renderers.push_back({r.at("iconsynth").get<std::string>(), r.at("cairo").get<std::string>(), r.at("pixman").get<std::string>()});
  }
  // An index into a list of `count`, named in the error when it is outside it.
  const auto index = [](const Json& j, const char* key, int count, const std::string& where) {
    const int i = j.at(key).get<int>();
    if (i < 0 || i >= count) throw std::invalid_argument("golden manifest: " + where + " names " + key + " " + std::to_string(i) + " of " + std::to_string(count));
    return i;
  };
  set.spec = m.at("spec");
  for (const Json& v : m.at("variants")) {
    GoldenVariant gv = variant_slot(v);
    for (const Json& s : v.at("sheets")) gv.sheets.push_back(s.at("sha256").get<std::string>());
    for (const Json& f : v.at("frames")) {
      GoldenFrame frame{frame_number(f), {}};
      const std::string where = gv.id() + " frame " + std::to_string(frame.frame);
      for (const Json& a : f.at("accepted")) {
        const AcceptedImage image{index(a, "sheet", static_cast<int>(gv.sheets.size()), where),
                                  index(a, "renderer", static_cast<int>(set.renderers.size()), where), a.at("sha256").get<std::string>()};
        if (std::any_of(frame.accepted.begin(), frame.accepted.end(), [&](const AcceptedImage& i) { return i.sheet == image.sheet; })) {
          throw std::invalid_argument("golden manifest: " + where + " has two images in sheet " + std::to_string(image.sheet));
        }
        frame.accepted.push_back(image);
      }
      if (frame.accepted.empty()) throw std::invalid_argument("golden manifest: " + where + " has no accepted image");
      gv.frames.push_back(std::move(frame));
    }
    gv.lottie_sha256 = v.at("lottie_sha256").get<std::string>();
    set.variants.push_back(std::move(gv));
  }
  return set;
}

}  // namespace

GoldenSet golden_set_from_json(const Json& m) {
  try {
    const int format = m.at("format").is_number_integer() ? m.at("format").get<int>() : 0;
    if (format != 1 && format != 2) throw std::invalid_argument("golden manifest: unsupported format " + m.at("format").dump());
    GoldenSet set;
    set.icon = m.at("icon").get<std::string>();
    require_plain_name(set.icon, "icon");
    set.spec_sha256 = m.at("spec_sha256").get<std::string>();
    set.size = m.at("size").get<int>();
    if (set.size < kMinSize || set.size > kMaxSize) {
      throw std::invalid_argument("golden manifest: size " + std::to_string(set.size) + " is outside " + std::to_string(kMinSize) + "-" + std::to_string(kMaxSize));
    }
    const std::string geometry = m.value("geometry", "exact");
    if (geometry != "hinted" && geometry != "exact") throw std::invalid_argument("golden manifest: geometry \"" + geometry + "\" is neither \"hinted\" nor \"exact\"");
    set.hinted = geometry == "hinted";
    set.tolerance = {m.at("tolerance").at("channel").get<int>(), m.at("tolerance").at("max_share").get<double>()};
    set = format == 1 ? read_format_1(m, std::move(set)) : read_format_2(m, std::move(set));
    for (const GoldenVariant& v : set.variants) {
      if (static_cast<std::int64_t>(v.frames.size()) * set.size > kMaxSurfaceSide) {
        throw std::invalid_argument("golden manifest: " + v.id() + "'s " + std::to_string(v.frames.size()) + " key frames at " +
                                    std::to_string(set.size) + " px make a sheet wider than " + std::to_string(kMaxSurfaceSide) + " px");
      }
    }
    set.bundle_sha256 = m.at("bundle_sha256").get<std::string>();
    return set;
  } catch (const Json::exception& e) {
    throw std::invalid_argument(std::string("golden manifest is malformed: ") + e.what());
  }
}

GoldenSet golden_set_from_text(std::string_view text, const std::string& where) {
  Json manifest;
  try {
    manifest = Json::parse(text);
  } catch (const Json::exception& e) {
    throw std::invalid_argument(where + " is not valid JSON: " + e.what());
  }
  return golden_set_from_json(manifest);
}

std::vector<SetFile> files_of(const GoldenVariant& v) {
  std::vector<SetFile> out;
  for (std::size_t i = 0; i < v.sheets.size(); ++i) out.push_back({sheet_file(v, i), v.sheets[i]});
  out.push_back({lottie_file(v), v.lottie_sha256});
  return out;
}

std::vector<SetFile> GoldenSet::files() const {
  std::vector<SetFile> out;
  for (const GoldenVariant& v : variants) {
    const std::vector<SetFile> files = files_of(v);
    out.insert(out.end(), files.begin(), files.end());
  }
  out.push_back({bundle_file(icon), bundle_sha256});
  return out;
}

std::vector<std::string> GoldenSet::accepted_labels(const GoldenFrame& frame) const {
  std::vector<std::string> out;
  for (const AcceptedImage& a : frame.accepted) out.push_back(renderers.at(static_cast<std::size_t>(a.renderer)).label());
  return out;
}

int GoldenSet::renderer_index(const Renderer& renderer) const {
  const auto it = std::find(renderers.begin(), renderers.end(), renderer);
  return it == renderers.end() ? -1 : static_cast<int>(it - renderers.begin());
}

std::string sheet_file(const GoldenVariant& v, std::size_t sheet) {
  return "png/" + v.id() + (sheet == 0 ? "" : ".alt" + std::to_string(sheet)) + ".png";
}
std::string lottie_file(const GoldenVariant& v) { return "lottie/" + v.id() + ".json"; }
std::string bundle_file(const std::string& icon) { return icon + ".lottie"; }

std::filesystem::path manifest_path(const std::filesystem::path& dir) { return dir / "golden.json"; }
std::filesystem::path sheet_path(const std::filesystem::path& dir, const GoldenVariant& v, std::size_t sheet) {
  return dir / sheet_file(v, sheet);
}
std::filesystem::path lottie_path(const std::filesystem::path& dir, const GoldenVariant& v) { return dir / lottie_file(v); }
std::filesystem::path bundle_path(const std::filesystem::path& dir, const std::string& icon) {
  return dir / bundle_file(icon);
}

}  // namespace iconsynth::render::golden
