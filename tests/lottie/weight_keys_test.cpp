// The weight slot's promise: an exported animation keys every part that follows the weight over
// its precomposition's timeline, so a player reading it at the time remap of any weight in
// [1, 3] draws exactly the outline and width that build_scene gives that weight.
#include "support.h"

#include "render/lottie/slots.h"

#include <catch2/catch.hpp>

#include <map>

using namespace iconsynth;
using render::lottie::Json;

namespace {

// A property's value at `frame`, interpolated linearly (the writer keys weights linearly), as a
// flat list of numbers; shapes are flattened v, i, o.
std::vector<double> flat(const Json& value) {
  std::vector<double> out;
  if (value.is_number()) out.push_back(value.get<double>());
  if (value.is_array()) {
    for (const Json& v : value) {
      const std::vector<double> inner = flat(v);
      out.insert(out.end(), inner.begin(), inner.end());
    }
  }
  if (value.is_object()) {
    for (const char* field : {"v", "i", "o"}) {
      const std::vector<double> inner = flat(value[field]);
      out.insert(out.end(), inner.begin(), inner.end());
    }
  }
  return out;
}

std::vector<double> value_at(const Json& property, double frame) {
  if (property["a"] == 0) return flat(property["k"]);
  const Json& keys = property["k"];
  if (frame <= keys.front()["t"].get<double>()) return flat(keys.front()["s"]);
  for (std::size_t i = 0; i + 1 < keys.size(); ++i) {
    const double t0 = keys[i]["t"], t1 = keys[i + 1]["t"];
    if (frame > t1) continue;
    REQUIRE(keys[i]["o"]["x"][0] == 0);  // linear: o = (0, 0), i = (1, 1)
    REQUIRE(keys[i]["i"]["y"][0] == 1);
    const std::vector<double> a = flat(keys[i]["s"]), b = flat(keys[i + 1]["s"]);
    std::vector<double> out(a.size());
    for (std::size_t d = 0; d < a.size(); ++d) out[d] = a[d] + (b[d] - a[d]) * (frame - t0) / (t1 - t0);
    return out;
  }
  return flat(keys.back()["s"]);
}

}  // namespace

TEST_CASE("Keys over the weight timeline draw any weight as build_scene does", "[lottie][slots]") {
  const spec::IconSpec& spec = test::builtin_spec();
  constexpr int kSize = 96;
  const double k = kSize / spec.layout.grid;
  for (const char* style : {"outline", "solid", "duotone"}) {
    // Exported at weight 2; read at other weights through the keys alone.
    const render::AnimatedScene exported = render::build_scene(spec, test::variant(style, 2, "strong"));
    const Json animation = render::lottie::write_animation(exported, {kSize});
    std::map<std::string, Json> assets;
    for (const Json& a : animation["assets"]) assets[a["id"]] = a;
    for (double weight : {1.0, 1.1, 1.37, 1.5, 1.75, 2.0, 2.25, 2.5, 2.6, 2.75, 2.99, 3.0}) {
      const render::AnimatedScene expected = render::build_scene(spec, test::variant(style, weight, "strong"));
      const double frame = render::lottie::weight_remap_seconds(weight) * spec.frame_rate;
      int precomps = 0;
      for (const Json& layer : animation["layers"]) {
        const auto element = std::find_if(expected.elements.begin(), expected.elements.end(),
                                          [&](const render::Element& e) { return e.name == layer["nm"]; });
        REQUIRE(element != expected.elements.end());
        if (layer["ty"] != 0) {
          CHECK_FALSE(render::follows_weight(*element));  // static parts: the same at every weight
          continue;
        }
        ++precomps;
        const Json& groups = assets.at(layer["refId"])["layers"][0]["shapes"];
        REQUIRE(groups.size() == element->parts.size());
        for (std::size_t g = 0; g < groups.size(); ++g) {
          const render::Part& part = element->parts[element->parts.size() - 1 - g];  // front part first
          INFO(style << " weight " << weight << " " << element->name << "/" << part.name);
          const Json& items = groups[g]["it"];
          const Json contours = render::lottie::bezier_shapes(part.path, k);
          for (std::size_t c = 0; c < contours.size(); ++c) {
            const std::vector<double> got = value_at(items[c]["ks"], frame), want = flat(contours[c]);
            REQUIRE(got.size() == want.size());
            for (std::size_t d = 0; d < got.size(); ++d) CHECK(got[d] == Approx(want[d]).margin(1.5e-3));
          }
          const Json& paint = items[contours.size()];
          if (paint["ty"] == "st") CHECK(value_at(paint["w"], frame)[0] == Approx(part.paint.stroke_width * k).margin(1e-5));
        }
      }
      CHECK(precomps >= 8);  // links and packets always follow the weight
    }
  }
}

TEST_CASE("The weight's time remap is in seconds from weight 1, 0.2 s a unit", "[lottie][slots]") {
  CHECK(render::lottie::weight_remap_seconds(1) == 0);
  CHECK(render::lottie::weight_remap_seconds(2) == Approx(0.2));
  CHECK(render::lottie::weight_remap_seconds(3) == Approx(0.4));
  const render::AnimatedScene scene = render::build_scene(test::builtin_spec(), test::variant("outline", 2.5, "light"));
  const Json animation = render::lottie::write_animation(scene, {});
  CHECK(animation["slots"]["weight"]["p"]["k"] == Approx(0.3));
  const Json& tm = animation["layers"].back()["tm"];  // link-top
  CHECK(tm["sid"] == "weight");
  CHECK(tm["a"] == 1);  // rlottie ignores a static time remap
}
