#include "render/lottie/lottie_writer.h"

#include "render/lottie/lottie_json.h"

namespace iconsynth::render::lottie {

// What the writer emits, top layer first (Lottie draws the first layer on top):
//
//   {"v":"5.7.0", "fr":60, "ip":0, "op":N, "w":S, "h":S, "nm":"gpu-cluster outline-light",
//    "slots": {"primary":{"p":{"a":0,"k":[r,g,b]}}, "weight":{"p":{"a":0,"k":w}}, ...},
//    "layers": [                       // modules, packets, links (front to back)
//      {"ty":4, "nm":"module-tl", "ind":1, "ip":0, "op":N, "st":0, "sr":1,
//       "ks": {"a":{..[0,0]}, "p":{..centre}, "s":{"a":1,"k":[keys]}, "r":{..0}, "o":{..100}},
//       "shapes": [                    // one group per part, front part first
//         {"ty":"gr", "nm":"die", "it":[ {"ty":"sh","ks":{"a":0,"k":{"c":true,"v":..,"i":..,"o":..}}},
//                                       {"ty":"fl","c":{"a":0,"k":[..],"sid":"primary"},"o":..,"r":1},
//                                       {"ty":"tr", ... identity} ]},   // transform last
//         {"ty":"gr", "nm":"card-stroke", "it":[ sh, {"ty":"st",..,"w":{"a":0,"k":w,"sid":"weight"},"lc":2,"lj":2}, tr ]}]}]}
//
// Portable profile: no per-dimension easing, skew, blend modes, mattes, merge paths, round
// corners or stars; opacity only on layers (paint opacity carries colour alpha only); holes are
// contours wound the other way under the nonzero rule.


namespace {

Json static_value(const Json& k) { return {{"a", 0}, {"k", k}}; }

Json scaled_point(const geometry::Point& p, double k) { return numbers({p.x() * k, p.y() * k}, kGeometryDecimals); }

// One contour in Lottie's bezier form: vertices with in/out tangents relative to each vertex.
// A closed contour that returns to its start drops the duplicate vertex: Lottie closes implicitly.
std::vector<Json> bezier_contours(const geometry::Path& path, double k) {
  std::vector<Json> shapes;
  std::vector<geometry::Point> v, in, out;
  bool closed = false;
  const auto flush = [&] {
    if (v.empty()) return;
    if (closed && v.size() > 1 && (v.back() - v.front()).norm() < 1e-9) {
      in.front() = in.back();
      v.pop_back();
      in.pop_back();
      out.pop_back();
    }
    Json jv = Json::array(), ji = Json::array(), jo = Json::array();
    for (std::size_t i = 0; i < v.size(); ++i) {
      jv.push_back(scaled_point(v[i], k));
      ji.push_back(scaled_point(in[i], k));
      jo.push_back(scaled_point(out[i], k));
    }
    shapes.push_back({{"ty", "sh"}, {"ks", static_value({{"c", closed}, {"v", jv}, {"i", ji}, {"o", jo}})}});
    v.clear(), in.clear(), out.clear();
    closed = false;
  };
  for (const geometry::PathCommand& c : path.commands()) {
    const auto& p = c.points;
    switch (c.verb) {
      case geometry::Verb::Move:
        flush();
        v = {p[0]}, in = {geometry::Point::Zero()}, out = {geometry::Point::Zero()};
        break;
      case geometry::Verb::Line:
        v.push_back(p[0]), in.push_back(geometry::Point::Zero()), out.push_back(geometry::Point::Zero());
        break;
      case geometry::Verb::Cubic:
        out.back() = p[0] - v.back();
        v.push_back(p[2]), in.push_back(p[1] - p[2]), out.push_back(geometry::Point::Zero());
        break;
      case geometry::Verb::Close: closed = true; break;
    }
  }
  flush();
  return shapes;
}

Json paint_item(const Paint& paint, double k) {
  Json color = static_value(color_value(paint.color));
  color["sid"] = paint.role == ColorRole::Primary ? kPrimarySlot : kSecondarySlot;
  const Json opacity = static_value(number(paint.color.a / 255.0 * 100, kColorDecimals));
  if (paint.kind == Paint::Kind::Fill) return {{"ty", "fl"}, {"c", color}, {"o", opacity}, {"r", 1}};
  Json width = static_value(number(paint.stroke_width * k, kValueDecimals));
  width["sid"] = kWeightSlot;
  return {{"ty", "st"}, {"c", color}, {"o", opacity}, {"w", width}, {"lc", 2}, {"lj", 2}, {"ml", 4}};
}

Json identity_transform() {
  return {{"ty", "tr"},
          {"a", static_value(Json::array({0, 0}))},
          {"p", static_value(Json::array({0, 0}))},
          {"s", static_value(Json::array({100, 100}))},
          {"r", static_value(0)},
          {"o", static_value(100)}};
}

Json part_group(const Part& part, double k) {
  Json items = Json::array();
  for (Json& shape : bezier_contours(part.path, k)) items.push_back(std::move(shape));
  items.push_back(paint_item(part.paint, k));
  items.push_back(identity_transform());
  return {{"ty", "gr"}, {"nm", part.name}, {"it", std::move(items)}};
}

Json layer(const Element& e, int index, int frame_count, double k) {
  Json shapes = Json::array();
  for (auto part = e.parts.rbegin(); part != e.parts.rend(); ++part) shapes.push_back(part_group(*part, k));
  const Json ks = {
      {"a", static_value(Json::array({0, 0}))},
      {"p", property<Eigen::Vector2d>(e.position, [k](const Eigen::Vector2d& p) { return Values{p.x() * k, p.y() * k}; })},
      {"s", property<double>(e.scale, [](const double& s) { return Values{s * 100, s * 100}; })},
      {"r", static_value(0)},
      {"o", property<double>(e.opacity, [](const double& o) { return Values{o * 100}; })},
  };
  return {{"ty", 4}, {"nm", e.name}, {"ind", index}, {"ip", 0}, {"op", frame_count}, {"st", 0}, {"sr", 1},
          {"ks", ks}, {"shapes", std::move(shapes)}};
}

}  // namespace

Json color_value(spec::Rgba c) { return numbers({c.r / 255.0, c.g / 255.0, c.b / 255.0}, kColorDecimals); }

Json write_animation(const AnimatedScene& scene, const LottieOptions& options) {
  const double k = options.size / scene.grid;
  Json layers = Json::array();
  int index = 1;
  for (auto e = scene.elements.rbegin(); e != scene.elements.rend(); ++e) {
    layers.push_back(layer(*e, index++, scene.frame_count, k));
  }
  Json slots = {{kPrimarySlot, {{"p", static_value(color_value(scene.primary))}}},
                {kWeightSlot, {{"p", static_value(number(scene.variant.weight * k, kValueDecimals))}}}};
  if (uses_role(scene, ColorRole::Secondary)) {
    slots[kSecondarySlot] = {{"p", static_value(color_value(scene.secondary))}};
  }
  return {{"v", "5.7.0"},
          {"nm", scene.icon_id + " " + spec::VariantSpace::animation_id(scene.variant)},
          {"fr", number(scene.frame_rate, kValueDecimals)},
          {"ip", 0},
          {"op", scene.frame_count},
          {"w", options.size},
          {"h", options.size},
          {"ddd", 0},
          {"assets", Json::array()},
          {"layers", std::move(layers)},
          {"slots", std::move(slots)}};
}

std::string to_text(const Json& document) { return document.dump(); }

}  // namespace iconsynth::render::lottie
