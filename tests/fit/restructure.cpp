#include "restructure.h"

#include <stdexcept>
#include <string>

namespace iconsynth::test {

namespace {

using Json = nlohmann::ordered_json;

// a + (b − a)·u over numbers, arrays and objects alike (a shape's vertices and tangents).
Json lerp(const Json& a, const Json& b, double u) {
  if (a.is_number() && b.is_number()) return a.get<double>() + (b.get<double>() - a.get<double>()) * u;
  if (a.is_array() && b.is_array() && a.size() == b.size()) {
    Json out = Json::array();
    for (std::size_t i = 0; i < a.size(); ++i) out.push_back(lerp(a[i], b[i], u));
    return out;
  }
  if (a.is_object() && b.is_object()) {
    Json out = Json::object();
    for (const auto& [key, value] : a.items()) out[key] = b.contains(key) ? lerp(value, b[key], u) : value;
    return out;
  }
  return a;
}

// A keyframed property's value at time t, as its keys' "s" holds it. Our weight timelines are
// linear between keys (handles o = (0, 0), i = (1, 1)) or hold keys; anything else is refused.
Json keyed_value_at(const Json& keys, double t) {
  if (t <= keys.front()["t"].get<double>()) return keys.front()["s"];
  for (std::size_t i = 0; i + 1 < keys.size(); ++i) {
    const double t0 = keys[i]["t"].get<double>(), t1 = keys[i + 1]["t"].get<double>();
    if (t >= t1) continue;
    if (keys[i].value("h", 0) == 1) return keys[i]["s"];
    const Json& o = keys[i]["o"];
    const Json& in = keys[i + 1].contains("i") ? keys[i + 1]["i"] : keys[i]["i"];
    if (o["x"][0] != o["y"][0] || in["x"][0] != in["y"][0]) throw std::invalid_argument("restructure: a non-linear weight key");
    return lerp(keys[i]["s"], keys[i + 1]["s"], (t - t0) / (t1 - t0));
  }
  return keys.back()["s"];
}

// A key's "s" as a static property's "k": one-element arrays (a width, a shape) unwrapped.
Json as_static(const Json& s) { return s.is_array() && s.size() == 1 ? s[0] : s; }

// Every keyframed property under `node` replaced by its value at time t; slot ids dropped.
void bake(Json& node, double t) {
  if (node.is_object()) {
    node.erase("sid");
    if (node.contains("a") && node["a"] == 1 && node.contains("k") && node["k"].is_array()) {
      node = Json{{"a", 0}, {"k", as_static(keyed_value_at(node["k"], t))}};
      return;
    }
    for (auto& [key, child] : node.items()) bake(child, t);
  } else if (node.is_array()) {
    for (Json& child : node) bake(child, t);
  }
}

// Groups renamed in order, every other name dropped.
void rename_shapes(Json& node, int& groups) {
  if (node.is_object()) {
    if (node.contains("ty") && node["ty"] == "gr") node["nm"] = "Group " + std::to_string(++groups);
    else node.erase("nm");
    node.erase("mn");
    for (auto& [key, child] : node.items()) rename_shapes(child, groups);
  } else if (node.is_array()) {
    for (Json& child : node) rename_shapes(child, groups);
  }
}

// Multiplies every number of a value by k.
Json scaled(const Json& value, double k) {
  if (value.is_number()) return value.get<double>() * k;
  Json out = value;
  for (Json& v : out) v = scaled(v, k);
  return out;
}

// A transform property with its key times × r and its values × k.
Json retimed(const Json& property, double r, double k = 1) {
  Json out = property;
  out.erase("sid");
  if (out["a"] == 0) {
    out["k"] = scaled(out["k"], k);
    return out;
  }
  for (Json& key : out["k"]) {
    key["t"] = key["t"].get<double>() * r;
    if (key.contains("s")) key["s"] = scaled(key["s"], k);
  }
  return out;
}

Json static_value(const Json& v) { return Json{{"a", 0}, {"k", v}}; }

}  // namespace

Json restructure_lottie(const Json& ours, double rate, double canvas) {
  const double r = rate / ours["fr"].get<double>();
  const double k = canvas / ours["w"].get<double>();
  Json out = {{"v", "5.7.0"}, {"fr", rate}, {"ip", ours["ip"].get<double>() * r}, {"op", ours["op"].get<double>() * r},
              {"w", static_cast<int>(canvas)}, {"h", static_cast<int>(canvas)}, {"ddd", 0}, {"assets", Json::array()}, {"layers", Json::array()}};
  const Json& layers = ours["layers"];
  const int n = static_cast<int>(layers.size());
  Json children = Json::array(), parents = Json::array();
  int groups = 0;
  for (int i = 0; i < n; ++i) {
    const Json& layer = layers[i];
    const Json& ks = layer["ks"];
    Json shapes, anchor = ks["a"]["k"];
    if (layer["ty"] == 0) {
      const Json* asset = nullptr;
      for (const Json& a : ours["assets"]) {
        if (a["id"] == layer["refId"]) asset = &a;
      }
      if (!asset || (*asset)["layers"].size() != 1) throw std::invalid_argument("restructure: a precomposition of one layer expected");
      const Json& inner = (*asset)["layers"][0];
      // The time remap picks the weight: seconds on the precomposition's own timeline.
      const double seconds = as_static(keyed_value_at(layer["tm"]["k"], 0)).get<double>();
      shapes = inner["shapes"];
      bake(shapes, seconds * ours["fr"].get<double>());
      // The inner layer only moves its content by its position: fold that into the anchor.
      for (int c = 0; c < 2; ++c) {
        anchor[c] = anchor[c].get<double>() + inner["ks"]["a"]["k"][c].get<double>() - inner["ks"]["p"]["k"][c].get<double>();
      }
    } else {
      shapes = layer["shapes"];
      bake(shapes, 0);
    }
    rename_shapes(shapes, groups);
    const double ip = layer["ip"].get<double>() * r, op = layer["op"].get<double>() * r, st = layer.value("st", 0.0) * r;
    const int parent = n + i + 1;
    parents.push_back({{"ty", 3}, {"nm", "Null " + std::to_string(i + 1)}, {"ind", parent}, {"ddd", 0}, {"ip", ip}, {"op", op},
                       {"st", st}, {"sr", 1},
                       {"ks", {{"a", static_value(Json::array({0, 0}))}, {"p", retimed(ks["p"], r, k)}, {"s", retimed(ks["s"], r, k)},
                               {"r", static_value(0)}, {"o", static_value(100)}}}});
    children.push_back({{"ty", 4}, {"nm", "Layer " + std::to_string(i + 1)}, {"ind", i + 1}, {"parent", parent}, {"ddd", 0},
                        {"ip", ip}, {"op", op}, {"st", st}, {"sr", 1},
                        {"ks", {{"a", static_value(anchor)}, {"p", static_value(Json::array({0, 0}))},
                                {"s", static_value(Json::array({100, 100}))}, {"r", retimed(ks["r"], r)}, {"o", retimed(ks["o"], r)}}},
                        {"shapes", shapes}});
  }
  for (Json& c : children) out["layers"].push_back(std::move(c));
  for (Json& p : parents) out["layers"].push_back(std::move(p));
  return out;
}

}  // namespace iconsynth::test
