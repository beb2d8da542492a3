#include "render/build/manifest.h"

#include "spec/json_reader.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace iconsynth::render::build {

using Json = nlohmann::ordered_json;

namespace {

constexpr int kManifestVersion = 1;

Json variant_json(const ManifestVariant& v) {
  Json out = Json::object();
  if (v.style) out["style"] = *v.style;
  if (v.motion) out["motion"] = *v.motion;
  if (v.theme) out["theme"] = *v.theme;
  if (v.weight) out["weight"] = *v.weight;
  if (v.color) out["color"] = *v.color;
  return out;
}

ManifestVariant read_variant(spec::ObjectReader r) {
  ManifestVariant v;
  if (r.has("style")) v.style = r.string("style");
  if (r.has("motion")) v.motion = r.string("motion");
  if (r.has("theme")) v.theme = r.string("theme");
  if (r.has("weight")) v.weight = r.number("weight", 0, 100);
  if (r.has("color")) v.color = r.string("color");
  r.finish();
  return v;
}

// A listed path must stay inside the folder: relative, no "..", no empty or "." parts.
bool inside_folder(const std::string& path) {
  if (path.empty() || path.front() == '/' || path.back() == '/' || path.find('\\') != std::string::npos) return false;
  std::size_t start = 0;
  while (start <= path.size()) {
    const std::size_t slash = std::min(path.find('/', start), path.size());
    const std::string part = path.substr(start, slash - start);
    if (part.empty() || part == "." || part == "..") return false;
    start = slash + 1;
  }
  return true;
}

ManifestFile read_file_entry(spec::ObjectReader r) {
  ManifestFile f;
  f.path = r.string("path");
  if (!inside_folder(f.path)) throw spec::SpecError(r.pointer_of("path"), "\"" + f.path + "\" is not a path inside the folder");
  f.kind = r.string("kind");
  f.format = r.string("format");
  if (r.has("variant")) f.variant = read_variant(r.object("variant"));
  f.size = r.integer("size", 0, 1 << 20);
  if (r.has("pixel_grid")) f.pixel_grid = r.integer("pixel_grid", 1, 1 << 20);
  f.frames = r.integer("frames", 0, 1 << 20);
  f.bytes = static_cast<std::size_t>(r.number("bytes", 0, 1e15));
  f.sha256 = r.string("sha256");
  r.finish();
  return f;
}

}  // namespace

const ManifestFile* Manifest::find(const std::string& path) const {
  for (const ManifestFile& f : files) {
    if (f.path == path) return &f;
  }
  return nullptr;
}

std::vector<const ManifestFile*> Manifest::of_kind(std::string_view kind) const {
  std::vector<const ManifestFile*> out;
  for (const ManifestFile& f : files) {
    if (f.kind == kind) out.push_back(&f);
  }
  return out;
}

Json to_json(const Manifest& m) {
  Json build = {{"size", m.size}, {"theme", m.theme}};
  if (m.color) build["color"] = *m.color;
  Json files = Json::array();
  for (const ManifestFile& f : m.files) {
    Json entry = {{"path", f.path}, {"kind", f.kind}, {"format", f.format}};
    if (f.variant) entry["variant"] = variant_json(*f.variant);
    entry["size"] = f.size;
    if (f.pixel_grid) entry["pixel_grid"] = f.pixel_grid;
    entry["frames"] = f.frames;
    entry["bytes"] = f.bytes;
    entry["sha256"] = f.sha256;
    files.push_back(std::move(entry));
  }
  return {{"manifest", kManifestVersion},
          {"generator", m.generator},
          {"spec", {{"id", m.spec_id}, {"sha256", m.spec_sha256}}},
          {"build", std::move(build)},
          {"files", std::move(files)}};
}

Manifest manifest_from_json(const Json& document) {
  try {
    spec::ObjectReader root(document, "");
    if (root.integer("manifest", 1, 1000) != kManifestVersion) {
      throw spec::SpecError("/manifest", "version " + std::to_string(kManifestVersion) + " is the one this iconsynth reads");
    }
    Manifest m;
    m.generator = root.string("generator");
    spec::ObjectReader spec = root.object("spec");
    m.spec_id = spec.string("id");
    m.spec_sha256 = spec.string("sha256");
    spec.finish();
    spec::ObjectReader build = root.object("build");
    m.size = build.integer("size", 0, 1 << 20);
    m.theme = build.string("theme");
    if (build.has("color")) m.color = build.string("color");
    build.finish();
    const Json& files = root.array("files", 0, 1 << 20);
    for (std::size_t i = 0; i < files.size(); ++i) m.files.push_back(read_file_entry(spec::ObjectReader(files[i], "/files/" + std::to_string(i))));
    root.finish();
    return m;
  } catch (const spec::SpecError& e) {
    throw std::invalid_argument(std::string("not a build manifest: ") + e.what());
  }
}

Manifest read_manifest(const std::filesystem::path& dir) {
  const std::filesystem::path path = dir / kManifestName;
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::invalid_argument("cannot read " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  const Json document = Json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
  if (document.is_discarded()) throw std::invalid_argument(path.string() + " is not JSON");
  try {
    return manifest_from_json(document);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(path.string() + ": " + e.what());
  }
}

}  // namespace iconsynth::render::build
