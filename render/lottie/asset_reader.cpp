#include "render/lottie/asset_reader.h"

#include "render/lottie/zip_reader.h"
#include "spec/json_reader.h"

#include <cmath>
#include <fstream>
#include <map>

namespace iconsynth::render::lottie {

namespace {

bool is_zip(const std::string& bytes) { return bytes.size() >= 4 && bytes.compare(0, 2, "PK") == 0; }

std::string stem_of(const std::string& name) {
  const std::string file = std::filesystem::path(name).filename().string();
  const std::size_t dot = file.rfind('.');
  return dot == std::string::npos ? file : file.substr(0, dot);
}

double number_field(const Json& doc, const char* key, const std::string& where) {
  if (!doc.contains(key) || !doc[key].is_number()) {
    throw AssetError(where + ": \"" + key + "\" must be a number");
  }
  const double v = doc[key].get<double>();
  if (!std::isfinite(v)) throw AssetError(where + ": \"" + key + "\" is not finite");
  return v;
}

// The checks every animation passes before any player sees it.
AssetAnimation validate_animation(Json document, std::string id, std::string entry, const AssetLimits& limits) {
  const std::string& where = entry;
  if (!document.is_object()) throw AssetError(where + ": a Lottie animation must be a JSON object");
  const double w = number_field(document, "w", where), h = number_field(document, "h", where);
  const double fr = number_field(document, "fr", where);
  const double ip = number_field(document, "ip", where), op = number_field(document, "op", where);
  if (w < 1 || h < 1 || w > limits.max_canvas || h > limits.max_canvas) {
    throw AssetError(where + ": canvas " + spec::format_number(w) + "x" + spec::format_number(h) + " is outside 1-" +
                     std::to_string(limits.max_canvas) + " px");
  }
  if (fr <= 0 || fr > 1000) throw AssetError(where + ": frame rate " + spec::format_number(fr) + " is outside (0, 1000]");
  if (!(op > ip) || op - ip > limits.max_frames) {
    throw AssetError(where + ": frames ip " + spec::format_number(ip) + " to op " + spec::format_number(op) + " are not 1 to " +
                     spec::format_number(limits.max_frames) + " frames long");
  }
  if (!document.contains("layers") || !document["layers"].is_array()) throw AssetError(where + ": \"layers\" must be an array");
  if (document["layers"].size() > limits.max_layers) {
    throw AssetError(where + ": " + std::to_string(document["layers"].size()) + " layers; at most " +
                     std::to_string(limits.max_layers));
  }
  for (const Json& layer : document["layers"]) {
    if (!layer.is_object()) throw AssetError(where + ": a layer is not an object");
  }
  AssetAnimation a{std::move(id), std::move(entry), std::move(document), std::nullopt, {}};
  if (a.document.contains("slots") && a.document["slots"].is_object()) {
    for (const auto& [sid, unused] : a.document["slots"].items()) a.slot_ids.push_back(sid);
  }
  return a;
}

const std::string& entry_bytes(const std::map<std::string, std::string>& files, const std::string& path,
                               const std::string& what) {
  const auto it = files.find(path);
  if (it == files.end()) throw AssetError("the manifest lists " + what + ", but " + path + " is not in the bundle");
  return it->second;
}

std::string checked_id(const Json& item, const std::string& where) {
  if (!item.is_object() || !item.contains("id") || !item["id"].is_string()) throw AssetError(where + " has no string \"id\"");
  const std::string id = item["id"];
  if (id.empty() || id.size() > 256 || id.find('/') != std::string::npos || id.find("..") != std::string::npos) {
    throw AssetError(where + ": id \"" + id.substr(0, 64) + "\" is not a plain name");
  }
  return id;
}

Asset read_bundle(const std::string& bytes, const std::string& name, const AssetLimits& limits) {
  std::map<std::string, std::string> files;
  try {
    ZipLimits zip_limits;
    zip_limits.max_total_bytes = limits.max_inflated_bytes;
    for (ZipEntry& e : read_zip(bytes, zip_limits)) files[e.name] = std::move(e.bytes);
  } catch (const ZipError& e) {
    throw AssetError(name + ": " + e.what());
  }
  const Json manifest = parse_json_limited(entry_bytes(files, "manifest.json", "a manifest"), name + ": manifest.json",
                                           limits.max_json_depth);
  if (!manifest.is_object() || !manifest.contains("animations") || !manifest["animations"].is_array()) {
    throw AssetError(name + ": manifest.json has no \"animations\" array");
  }
  // v2 says "version": "2" (a string); anything else is read as v1, as players do.
  const bool v2 = manifest.contains("version") && manifest["version"] == "2";
  Asset asset;
  asset.kind = v2 ? Asset::Kind::DotLottieV2 : Asset::Kind::DotLottieV1;
  const std::string animation_dir = v2 ? "a/" : "animations/";
  if (manifest["animations"].size() > limits.max_animations) {
    throw AssetError(name + ": " + std::to_string(manifest["animations"].size()) + " animations; at most " +
                     std::to_string(limits.max_animations));
  }
  for (const Json& item : manifest["animations"]) {
    const std::string id = checked_id(item, name + ": a manifest animation");
    const std::string entry = animation_dir + id + ".json";
    AssetAnimation a = validate_animation(
        parse_json_limited(entry_bytes(files, entry, "animation \"" + id + "\""), name + ": " + entry, limits.max_json_depth),
        id, name + ": " + entry, limits);
    const char* theme_key = v2 ? "initialTheme" : "defaultTheme";
    if (item.contains(theme_key) && item[theme_key].is_string()) a.initial_theme = item[theme_key].get<std::string>();
    asset.animations.push_back(std::move(a));
  }
  // What players show first: the only word a bundle has on which style is its default.
  if (v2 && manifest.contains("initial") && manifest["initial"].is_object() && manifest["initial"].contains("animation") &&
      manifest["initial"]["animation"].is_string()) {
    const std::string initial = manifest["initial"]["animation"].get<std::string>();
    for (const AssetAnimation& a : asset.animations) {
      if (a.id == initial) asset.initial_animation = initial;
    }
  }
  if (manifest.contains("themes") && manifest["themes"].is_array()) {
    for (const Json& item : manifest["themes"]) {
      const std::string id = checked_id(item, name + ": a manifest theme");
      const std::string entry = (v2 ? "t/" : "themes/") + id + ".json";
      const auto it = files.find(entry);
      if (it == files.end()) {
        if (v2) throw AssetError(name + ": the manifest lists theme \"" + id + "\", but " + entry + " is not in the bundle");
        continue;  // v1 themes were style sheets (.lss); not ours to read
      }
      const Json theme = parse_json_limited(it->second, name + ": " + entry, limits.max_json_depth);
      if (!theme.is_object() || !theme.contains("rules") || !theme["rules"].is_array()) {
        throw AssetError(name + ": " + entry + " has no \"rules\" array");
      }
      asset.themes.push_back({id, theme["rules"]});
    }
  }
  if (v2 && manifest.contains("stateMachines") && manifest["stateMachines"].is_array()) {
    for (const Json& item : manifest["stateMachines"]) {
      const std::string id = checked_id(item, name + ": a manifest state machine");
      const std::string entry = "s/" + id + ".json";
      asset.state_machines.push_back(
          {id, parse_json_limited(entry_bytes(files, entry, "state machine \"" + id + "\""), name + ": " + entry, limits.max_json_depth)});
    }
  }
  if (asset.animations.empty()) throw AssetError(name + ": the bundle holds no animations");
  return asset;
}

}  // namespace

Json parse_json_limited(const std::string& text, const std::string& where, int max_depth) {
  try {
    return Json::parse(text, [&](int depth, Json::parse_event_t, Json&) {
      if (depth > max_depth) throw AssetError(where + ": JSON nests deeper than " + std::to_string(max_depth) + " levels");
      return true;
    });
  } catch (const Json::exception& e) {  // syntax, and number overflow (1e400)
    throw AssetError(where + ": invalid JSON: " + e.what());
  }
}

Asset read_asset_bytes(const std::string& bytes, const std::string& name, const AssetLimits& limits) {
  if (bytes.size() > limits.max_file_bytes) throw AssetError(name + ": file is larger than " + std::to_string(limits.max_file_bytes) + " bytes");
  if (bytes.empty()) throw AssetError(name + ": file is empty");
  Asset asset;
  if (is_zip(bytes)) {
    asset = read_bundle(bytes, name, limits);
  } else {
    asset.kind = Asset::Kind::LottieJson;
    asset.animations.push_back(
        validate_animation(parse_json_limited(bytes, name, limits.max_json_depth), stem_of(name), name, limits));
  }
  asset.bytes = bytes;
  return asset;
}

Asset read_asset(const std::filesystem::path& path, const AssetLimits& limits) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) throw AssetError(path.string() + ": no such file");
  if (std::filesystem::file_size(path, ec) > limits.max_file_bytes) {
    throw AssetError(path.string() + ": file is larger than " + std::to_string(limits.max_file_bytes) + " bytes");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw AssetError(path.string() + ": cannot read");
  const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  return read_asset_bytes(bytes, path.filename().string(), limits);
}

namespace {
// Replaces every property carrying a slot id of `slots` by that slot's property value.
void apply_slot_values(Json& node, const Json& slots) {
  if (node.is_object()) {
    if (node.contains("sid") && node["sid"].is_string()) {
      const std::string sid = node["sid"].get<std::string>();
      if (slots.contains(sid) && slots[sid].is_object() && slots[sid].contains("p") && slots[sid]["p"].is_object()) {
        node = slots[sid]["p"];
        node["sid"] = sid;
        return;
      }
    }
    for (auto& [key, child] : node.items()) apply_slot_values(child, slots);
  } else if (node.is_array()) {
    for (Json& child : node) apply_slot_values(child, slots);
  }
}
}  // namespace

Json apply_slots(const Json& animation, const Json& slots) {
  Json applied = animation;
  if (!slots.is_object()) return applied;
  for (const char* list : {"layers", "assets"}) {
    if (applied.contains(list)) apply_slot_values(applied[list], slots);
  }
  if (applied.contains("slots") && applied["slots"].is_object()) {
    for (auto& [sid, slot] : applied["slots"].items()) {
      if (slots.contains(sid) && slot.is_object()) slot = slots[sid];
    }
  }
  return applied;
}

Json apply_theme(const Json& animation, const AssetTheme& theme) {
  Json slots = Json::object();
  for (const Json& rule : theme.rules) {
    if (rule.is_object() && rule.contains("id") && rule["id"].is_string() && rule.contains("value")) {
      slots[rule["id"].get<std::string>()] = {{"p", {{"a", 0}, {"k", rule["value"]}}}};
    }
  }
  return apply_slots(animation, slots);
}

std::string kind_name(Asset::Kind kind) {
  switch (kind) {
    case Asset::Kind::LottieJson: return "Lottie JSON";
    case Asset::Kind::DotLottieV1: return "dotLottie v1";
    case Asset::Kind::DotLottieV2: return "dotLottie v2";
  }
  return "?";
}

}  // namespace iconsynth::render::lottie
