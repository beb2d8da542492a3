#include "render/lottie/lottie_writer.h"

#include "render/lottie/lottie_json.h"
#include "render/lottie/markers.h"
#include "spec/json_reader.h"

#include <cmath>
#include <optional>
#include <stdexcept>

namespace iconsynth::render::lottie {

// What the writer emits, top layer first (Lottie draws the first layer on top):
//
//   {"v":"5.7.0", "fr":60, "ip":0, "op":N, "w":S, "h":S, "nm":"gpu-cluster outline-light",
//    "assets": [ {"id":"module", "layers":[ {"ty":4, ... "shapes":[ parts keyed over weight ]} ]}, … ],
//    "layers": [                       // modules, packets, links (front to back)
//      {"ty":0, "nm":"module-tl", "refId":"module", "w":2S, "h":2S, "tm":{…,"sid":"weight"}, "ks":{…}},
//      {"ty":4, "nm":"module-tl", "ind":1, "ip":0, "op":N, "st":0, "sr":1,
//       "ks": {"a":{..[0,0]}, "p":{..centre}, "s":{"a":1,"k":[keys]}, "r":{..0}, "o":{..100}},
//       "shapes": [                    // one group per part, front part first
//         {"ty":"gr", "nm":"die", "it":[ {"ty":"sh","ks":{"a":0,"k":{"c":true,"v":..,"i":..,"o":..}}},
//                                       {"ty":"fl","c":{"a":0,"k":[..],"sid":"primary"},"o":..,"r":1},
//                                       {"ty":"tr", ... identity} ]},   // transform last
//         {"ty":"gr", "nm":"card-stroke", "it":[ sh, {"ty":"st",..,"w":{"a":0,"k":w},"lc":2,"lj":2}, tr ]}]}],
//    "slots": {"primary":{"p":{"a":0,"k":[r,g,b]}}, "primary-opacity":…, "weight":…}}
//
// An element whose parts follow the stroke weight (links, packets, stroked cards) is a precomp
// layer (ty 0): its motion stays on the layer's transform, its parts live in an asset whose own
// timeline is the weight (render/lottie/slots.h), and the layer's time remap, slotted "weight",
// picks the weight. Elements with the same parts share one asset (the four modules, all packets).
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

Json paint_item(const Paint& paint, const Json& width) {
  const bool primary = paint.role == ColorRole::Primary;
  Json color = static_value(color_value(paint.color));
  color["sid"] = primary ? kPrimarySlot : kSecondarySlot;
  Json opacity = static_value(opacity_value(paint.color.a));
  opacity["sid"] = primary ? kPrimaryOpacitySlot : kSecondaryOpacitySlot;
  if (paint.kind == Paint::Kind::Fill) return {{"ty", "fl"}, {"c", color}, {"o", opacity}, {"r", 1}};
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

// A part's group at the variant's weight: outlines as they are, the width as a number.
Json part_group(const Part& part, double k) {
  Json items = Json::array();
  for (Json& shape : bezier_contours(part.path, k)) items.push_back(std::move(shape));
  items.push_back(paint_item(part.paint, static_value(number(part.paint.stroke_width * k, kValueDecimals))));
  items.push_back(identity_transform());
  return {{"ty", "gr"}, {"nm", part.name}, {"it", std::move(items)}};
}

// The weight timeline of an animation's precompositions: each weight's key sits at its remap
// time, (weight − 1) × 0.2 s. rlottie floors a time remap to a whole frame (at 60 fps, weight 2.7
// is 20.4 frames in, and plays as frame 20: weight 2.667), so a variant whose weight falls between
// two whole frames also gets a key of its own, holding exactly its outlines, at the first whole
// frame after weight 3's; the layers' inline time remap points there, while the `weight` slot keeps
// the contract's (weight − 1) × 0.2 s, which players that apply slots interpolate exactly.
struct WeightTimeline {
  double frame_rate;
  std::optional<double> own_frame;  // the variant's own key, when its weight falls between frames

  WeightTimeline(double weight, double rate) : frame_rate(rate) {
    const double at = frame(weight);
    if (std::abs(at - std::round(at)) > 1e-6) own_frame = std::floor(frame(spec::kMaxWeight)) + 1;
  }
  // Precomposition time (frames) at which a weight's key sits.
  double frame(double weight) const { return weight_remap_seconds(weight) * frame_rate; }
  // The last frame the timeline uses: the animation must be longer (rlottie clamps a remap to it).
  double last_frame() const { return own_frame.value_or(frame(spec::kMaxWeight)); }
  // The layers' inline time remap, in seconds.
  double inline_seconds(double weight) const { return own_frame ? *own_frame / frame_rate : weight_remap_seconds(weight); }
};

// Linear keys over the weight timeline, one per sample: build_scene keeps only the weights where
// a part bends. Repeats at either end are dropped (players hold the first and last values, as
// property() does for tracks); a property whose samples are all equal is static.
Json weight_keys(const std::vector<double>& frames, const std::vector<Json>& values) {
  std::size_t first = 0, last = values.size() - 1;
  while (first < last && values[first] == values[first + 1]) ++first;
  while (last > first && values[last] == values[last - 1]) --last;
  if (first == last) return static_value(values[first]);
  Json keys = Json::array();
  for (std::size_t i = first; i <= last; ++i) {
    Json key = {{"t", number(frames[i], kValueDecimals)}, {"s", Json::array({values[i]})}};
    if (i < last) {
      key["o"] = {{"x", Json::array({0})}, {"y", Json::array({0})}};
      key["i"] = {{"x", Json::array({1})}, {"y", Json::array({1})}};
    }
    keys.push_back(std::move(key));
  }
  return {{"a", 1}, {"k", std::move(keys)}};
}

std::string verbs(const geometry::Path& path) {
  std::string out;
  for (const geometry::PathCommand& c : path.commands()) out += "MLCZ"[static_cast<int>(c.verb)];
  return out;
}

// A part's group keyed over the weight timeline: each contour's outline and the stroke width.
Json part_group_across_weights(const Part& part, const std::string& element, double k, const WeightTimeline& timeline) {
  std::vector<double> frames;
  std::vector<std::vector<Json>> contours;  // [contour][sample]
  std::vector<Json> widths;
  const auto add = [&](double frame, const geometry::Path& path, double stroke_width) {
    frames.push_back(frame);
    std::vector<Json> shapes = bezier_contours(path, k);
    contours.resize(shapes.size());
    for (std::size_t c = 0; c < shapes.size(); ++c) contours[c].push_back(std::move(shapes[c]["ks"]["k"]));
    widths.push_back(number(stroke_width * k, kValueDecimals));
  };
  for (const PartAtWeight& at : part.across_weights) {
    if (verbs(at.path) != verbs(part.across_weights.front().path)) {
      throw std::invalid_argument(element + "/" + part.name + ": its outline changes shape between weight " +
                                  spec::format_number(part.across_weights.front().weight) + " and " +
                                  spec::format_number(at.weight) + ", so no player can key it over the weight");
    }
    add(timeline.frame(at.weight), at.path, at.stroke_width);
  }
  // The part as the variant's weight draws it: its own outline.
  if (timeline.own_frame) add(*timeline.own_frame, part.path, part.paint.stroke_width);
  Json items = Json::array();
  for (const std::vector<Json>& contour : contours) items.push_back({{"ty", "sh"}, {"ks", weight_keys(frames, contour)}});
  items.push_back(paint_item(part.paint, weight_keys(frames, widths)));
  items.push_back(identity_transform());
  return {{"ty", "gr"}, {"nm", part.name}, {"it", std::move(items)}};
}

Json element_transform(const Element& e, double k, const Eigen::Vector2d& anchor) {
  return {
      {"a", static_value(numbers({anchor.x(), anchor.y()}, kGeometryDecimals))},
      {"p", property<Eigen::Vector2d>(e.position, [k](const Eigen::Vector2d& p) { return Values{p.x() * k, p.y() * k}; })},
      {"s", property<double>(e.scale, [](const double& s) { return Values{s * 100, s * 100}; })},
      {"r", static_value(number(e.rotation, kValueDecimals))},
      {"o", property<double>(e.opacity, [](const double& o) { return Values{o * 100}; })},
  };
}

// "ddd": 0 before "ks" in every layer: rlottie takes a layer without it for a 3D one and then
// reads its rotation from "rz", ignoring "r".
Json shape_layer(std::string name, int index, int frame_count, Json ks, Json shapes) {
  return {{"ty", 4}, {"nm", std::move(name)}, {"ind", index}, {"ddd", 0}, {"ip", 0}, {"op", frame_count}, {"st", 0}, {"sr", 1},
          {"ks", std::move(ks)}, {"shapes", std::move(shapes)}};
}

Json layer(const Element& e, int index, int frame_count, double k) {
  Json shapes = Json::array();
  for (auto part = e.parts.rbegin(); part != e.parts.rend(); ++part) shapes.push_back(part_group(*part, k));
  return shape_layer(e.name, index, frame_count, element_transform(e, k, Eigen::Vector2d::Zero()), std::move(shapes));
}

// The asset of an element that follows the weight: one shape layer, its parts keyed over the
// weight timeline. Its canvas is twice the icon's, with the element's local origin at the
// centre, so whatever the element holds (a link in grid coordinates, a module about its centre)
// lies inside it: players may clip a precomposition to its size.
Json weight_asset_layers(const Element& e, double k, double side, const WeightTimeline& timeline, int frame_count) {
  Json shapes = Json::array();
  for (auto part = e.parts.rbegin(); part != e.parts.rend(); ++part) {
    shapes.push_back(part->across_weights.empty() ? part_group(*part, k) : part_group_across_weights(*part, e.name, k, timeline));
  }
  const Json ks = {{"a", static_value(Json::array({0, 0}))},
                   {"p", static_value(numbers({side / 2, side / 2}, kGeometryDecimals))},
                   {"s", static_value(Json::array({100, 100}))},
                   {"r", static_value(0)},
                   {"o", static_value(100)}};
  return Json::array({shape_layer(e.name.substr(0, e.name.find('-')), 1, frame_count, ks, std::move(shapes))});
}

// The time remap that shows `weight`: written animated (one held value) because rlottie ignores
// a static `tm`, and a microsecond late because rlottie truncates time × rate to a frame.
Json weight_remap(const WeightTimeline& timeline, double weight, int frame_count) {
  const Json seconds = number(timeline.inline_seconds(weight) + 1e-6, kValueDecimals);
  return {{"a", 1},
          {"k", Json::array({{{"t", 0}, {"s", Json::array({seconds})}, {"h", 1}},
                             {{"t", frame_count}, {"s", Json::array({seconds})}}})},
          {"sid", kWeightSlot}};
}

}  // namespace

Json bezier_shapes(const geometry::Path& path, double scale) {
  Json out = Json::array();
  for (Json& shape : bezier_contours(path, scale)) out.push_back(std::move(shape["ks"]["k"]));
  return out;
}

Json color_value(spec::Rgba c) { return numbers({c.r / 255.0, c.g / 255.0, c.b / 255.0}, kColorDecimals); }

Json write_animation(const AnimatedScene& scene, const LottieOptions& options) {
  const double k = options.size / scene.grid;
  const double side = 2.0 * options.size;
  // rlottie clamps a time remap to the animation's own duration: an animation shorter than the
  // weight timeline (the one-frame reduced-motion rendition) bakes its weight instead.
  const WeightTimeline timeline(scene.variant.weight, scene.frame_rate);
  const bool key_weight = options.weight_slot && scene.frame_count > timeline.last_frame();
  // Each element that follows the weight gets an asset; elements with the same parts share it,
  // named for their kind when every element of that kind does ("module"), else for the first.
  const std::size_t n = scene.elements.size();
  std::vector<Json> content(n);
  std::vector<std::size_t> first_with_same(n);
  std::vector<bool> keyed(n, false);
  for (std::size_t i = 0; i < n; ++i) {
    const Element& e = scene.elements[i];
    if (!key_weight || !follows_weight(e)) continue;
    keyed[i] = true;
    first_with_same[i] = i;
    for (std::size_t j = 0; j < i; ++j) {
      if (keyed[j] && scene.elements[j].kind == e.kind && scene.elements[j].parts == e.parts) {
        first_with_same[i] = first_with_same[j];
        break;
      }
    }
    // The same kind and parts write the same asset: only the first is built.
    if (first_with_same[i] == i) content[i] = weight_asset_layers(e, k, side, timeline, scene.frame_count);
  }
  std::vector<std::string> asset_id(n);
  for (std::size_t i = 0; i < n; ++i) {
    if (!keyed[i] || first_with_same[i] != i) continue;
    const Element& e = scene.elements[i];
    bool whole_kind = true;
    for (std::size_t j = 0; j < n; ++j) {
      if (scene.elements[j].kind == e.kind && (!keyed[j] || first_with_same[j] != i)) whole_kind = false;
    }
    asset_id[i] = whole_kind ? e.name.substr(0, e.name.find('-')) : e.name;
  }
  Json assets = Json::array(), layers = Json::array();
  // Assets in the order layers first use them (front to back), as before.
  std::vector<bool> written(n, false);
  int index = 1;
  for (std::size_t r = n; r-- > 0;) {
    const Element* e = &scene.elements[r];
    if (!key_weight || !follows_weight(*e)) {
      layers.push_back(layer(*e, index++, scene.frame_count, k));
      continue;
    }
    const std::size_t shared = first_with_same[r];
    const std::string& id = asset_id[shared];
    if (!written[shared]) {
      assets.push_back({{"id", id}, {"layers", content[shared]}});
      written[shared] = true;
    }
    layers.push_back({{"ty", 0},
                      {"nm", e->name},
                      {"refId", id},
                      {"ind", index++},
                      {"ddd", 0},
                      {"ip", 0},
                      {"op", scene.frame_count},
                      {"st", 0},
                      {"sr", 1},
                      {"w", number(side, kGeometryDecimals)},
                      {"h", number(side, kGeometryDecimals)},
                      {"tm", weight_remap(timeline, scene.variant.weight, scene.frame_count)},
                      {"ks", element_transform(*e, k, Eigen::Vector2d::Constant(side / 2))}});
  }
  const SlotLook look{scene.primary, scene.secondary, key_weight ? std::optional<double>(scene.variant.weight) : std::nullopt,
                      uses_role(scene, ColorRole::Secondary)};
  Json markers = Json::array();
  for (const Marker& m : animation_markers(scene.choreography)) {
    markers.push_back({{"cm", m.name}, {"tm", number(m.start, kValueDecimals)}, {"dr", number(m.duration, kValueDecimals)}});
  }
  // Lottie's meta has a description and keywords; the title leads the description.
  Json meta = {{"g", "iconsynth"}, {"d", scene.meta.title}};
  if (options.meta == LottieOptions::Meta::Full) {
    std::string about = scene.meta.title;
    const std::string category = scene.meta.category.empty() ? "" : "Category: " + scene.meta.category;
    const std::string license = scene.meta.license.empty() ? "" : "License: " + scene.meta.license;
    for (const std::string& part : {scene.meta.description, category, license}) {
      if (part.empty()) continue;
      about += about.back() == '.' ? " " : ". ";
      about += part;
    }
    meta["d"] = about;
    if (!scene.meta.keywords.empty()) meta["k"] = spec::joined_names(scene.meta.keywords, ", ");
  }
  return {{"v", "5.7.0"},
          {"nm", scene.icon_id + " " + spec::VariantSpace::animation_id(scene.variant)},
          {"meta", std::move(meta)},
          {"fr", number(scene.frame_rate, kValueDecimals)},
          {"ip", 0},
          {"op", scene.frame_count},
          {"w", options.size},
          {"h", options.size},
          {"ddd", 0},
          {"assets", std::move(assets)},
          {"layers", std::move(layers)},
          {"markers", std::move(markers)},
          {"slots", slots_object(look)}};
}

std::string to_text(const Json& document) { return document.dump(); }

}  // namespace iconsynth::render::lottie
