// The exported Lottie keeps to the portable profile (features every checked player renders alike),
// declares its slots with inline defaults, and is byte-for-byte reproducible.
#include "support.h"

#include <catch2/catch.hpp>

#include <functional>
#include <set>

using namespace iconsynth;
using render::lottie::Json;

namespace {

// Calls `visit` on every object in the document with its JSON-pointer-like path.
void walk(const Json& node, const std::string& path, const std::function<void(const Json&, const std::string&)>& visit) {
  if (node.is_object()) {
    visit(node, path);
    for (const auto& [key, child] : node.items()) walk(child, path + "/" + key, visit);
  } else if (node.is_array()) {
    for (std::size_t i = 0; i < node.size(); ++i) walk(node[i], path + "/" + std::to_string(i), visit);
  }
}

// A shape item's type ("gr", "fl", …); layers carry numeric types and give "".
std::string shape_type(const Json& o) {
  return o.contains("ty") && o["ty"].is_string() ? o["ty"].get<std::string>() : "";
}

std::vector<Json> exported_variants() {
  std::vector<Json> out;
  for (const render::Variant& v : test::all_style_motion_variants()) {
    out.push_back(render::lottie::write_animation(render::build_scene(test::builtin_spec(), v), {}));
  }
  return out;
}

}  // namespace

TEST_CASE("Only portable features: shape layers with groups, paths, fills, strokes, transforms", "[lottie][profile]") {
  const std::set<std::string> allowed_shapes{"gr", "sh", "fl", "st", "tr"};
  for (const Json& animation : exported_variants()) {
    walk(animation, "", [&](const Json& o, const std::string& path) {
      INFO(path);
      for (const char* forbidden : {"tt", "td", "tp", "sk", "sa", "masksProperties", "ef"}) CHECK_FALSE(o.contains(forbidden));
      if (o.contains("bm")) CHECK(o["bm"] == 0);
      if (path.find("/shapes/") != std::string::npos && o.contains("ty")) CHECK(allowed_shapes.count(shape_type(o)) == 1);
    });
    // Shape layers, and precomposition layers (elements that follow the weight) whose asset is
    // shape layers again, their time remap slotted "weight".
    std::set<std::string> asset_ids;
    for (const Json& asset : animation["assets"]) {
      asset_ids.insert(asset["id"].get<std::string>());
      for (const Json& layer : asset["layers"]) CHECK(layer["ty"] == 4);
    }
    for (const Json& layer : animation["layers"]) {
      CHECK((layer["ty"] == 4 || layer["ty"] == 0));
      if (layer["ty"] != 0) continue;
      CHECK(asset_ids.count(layer["refId"].get<std::string>()) == 1);
      CHECK(layer["tm"]["sid"] == "weight");
    }
  }
}

TEST_CASE("One easing for all dimensions, transforms last, opacity only on layers", "[lottie][profile]") {
  for (const Json& animation : exported_variants()) {
    walk(animation, "", [&](const Json& o, const std::string& path) {
      INFO(path);
      for (const char* handle : {"o", "i"}) {
        if (o.contains("t") && o.contains(handle) && o[handle].is_object()) {
          CHECK(o[handle]["x"].size() == 1);
          CHECK(o[handle]["y"].size() == 1);
        }
      }
      if (shape_type(o) == "gr") {
        CHECK(o["it"].back()["ty"] == "tr");
        CHECK(o["it"].back()["o"] == Json({{"a", 0}, {"k", 100}}));
      }
      // Default colours are opaque: paint opacity stays at 100 (slotted for colours with alpha),
      // so only layers fade.
      if (shape_type(o) == "fl" || shape_type(o) == "st") {
        CHECK(o["o"]["a"] == 0);
        CHECK(o["o"]["k"] == 100);
      }
      if (shape_type(o) == "fl") CHECK(o["r"] == 1);  // nonzero: holes by winding
    });
  }
}

TEST_CASE("Layers are named for what they are, canvas and timing come from the spec", "[lottie][profile]") {
  const render::AnimatedScene scene = render::build_scene(test::builtin_spec(), test::all_style_motion_variants()[1]);
  const Json a = render::lottie::write_animation(scene, {64});
  CHECK(a["w"] == 64);
  CHECK(a["h"] == 64);
  CHECK(a["fr"] == 60);
  CHECK(a["ip"] == 0);
  CHECK(a["op"] == scene.frame_count);
  CHECK(a["nm"] == "gpu-cluster outline-strong");
  std::vector<std::string> names;
  for (const Json& layer : a["layers"]) names.push_back(layer["nm"]);
  CHECK(names.front() == "module-bl");  // front-most first
  CHECK(names.back() == "link-top");
  CHECK(std::count(names.begin(), names.end(), "packet-tl-tr-r1") == 1);
  CHECK(std::count(names.begin(), names.end(), "packet-bl-tl-r2") == 1);
}

TEST_CASE("Every slot id is declared at the root with the inline value as its default", "[lottie][slots]") {
  for (const Json& animation : exported_variants()) {
    std::set<std::string> used;
    walk(animation, "", [&](const Json& o, const std::string& path) {
      if (!o.contains("sid") || path.rfind("/slots", 0) == 0) return;
      INFO(path);
      const std::string sid = o["sid"];
      used.insert(sid);
      REQUIRE(animation["slots"].contains(sid));
      const Json& slot = animation["slots"][sid]["p"]["k"];
      if (sid != "weight") {
        CHECK(slot == o["k"]);
        return;
      }
      // The time remap holds one value, written a microsecond late for rlottie (slots.h).
      for (const Json& key : o["k"]) CHECK(key["s"][0].get<double>() == Approx(slot.get<double>() + 1e-6).margin(1e-9));
    });
    std::set<std::string> declared;
    for (const auto& [sid, unused] : animation["slots"].items()) declared.insert(sid);
    CHECK(used == declared);
    CHECK(used.count("primary") == 1);
    CHECK(used.count("primary-opacity") == 1);
    CHECK(used.count("weight") == 1);
  }
}

TEST_CASE("The same scene exports the same bytes", "[lottie][profile]") {
  const render::AnimatedScene scene = render::build_scene(test::builtin_spec(), test::all_style_motion_variants()[5]);
  CHECK(render::lottie::to_text(render::lottie::write_animation(scene, {})) ==
        render::lottie::to_text(render::lottie::write_animation(scene, {})));
}
