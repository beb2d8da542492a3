#include "render/lottie/lottie_json.h"

#include <cmath>
#include <stdexcept>

namespace iconsynth::render::lottie {


Json number(double value, int decimals) {
  const double scale = std::pow(10.0, decimals);
  const double rounded = std::round(value * scale) / scale;
  if (rounded == std::floor(rounded) && std::abs(rounded) < 1e15) return static_cast<std::int64_t>(rounded);
  return rounded;
}

Json numbers(const Values& values, int decimals) {
  Json out = Json::array();
  for (double v : values) out.push_back(number(v, decimals));
  return out;
}

namespace {

// Static values: a bare number for scalars (opacity, width), an array otherwise.
Json value_json(const Values& v) { return v.size() == 1 ? number(v[0], kValueDecimals) : numbers(v, kValueDecimals); }

Json handle(double x, double y) {
  return {{"x", Json::array({number(x, kValueDecimals)})}, {"y", Json::array({number(y, kValueDecimals)})}};
}

}  // namespace

template <class T>
Json property(const motion::Track<T>& track, const std::function<Values(const T&)>& to_lottie) {
  const auto& keys = track.keys();
  if (track.is_static()) return {{"a", 0}, {"k", value_json(to_lottie(keys.front().value))}};

  std::size_t first = 0, last = keys.size() - 1;
  while (first + 1 < last && keys[first].value == keys[first + 1].value) ++first;
  while (last > first + 1 && keys[last].value == keys[last - 1].value) --last;

  Json out = Json::array();
  for (std::size_t i = first; i <= last; ++i) {
    Json key = {{"t", number(keys[i].frame, kValueDecimals)}, {"s", numbers(to_lottie(keys[i].value), kValueDecimals)}};
    if (i < last) {
      const motion::Easing& e = keys[i].ease;
      switch (e.kind) {
        case motion::Easing::Kind::Hold: key["h"] = 1; break;
        case motion::Easing::Kind::Linear:
          key["o"] = handle(0, 0);
          key["i"] = handle(1, 1);
          break;
        case motion::Easing::Kind::Bezier:
          key["o"] = handle(e.x1, e.y1);
          key["i"] = handle(e.x2, e.y2);
          break;
      }
    }
    out.push_back(std::move(key));
  }
  return {{"a", 1}, {"k", std::move(out)}};
}

template Json property<double>(const motion::Track<double>&, const std::function<Values(const double&)>&);
template Json property<Eigen::Vector2d>(const motion::Track<Eigen::Vector2d>&,
                                        const std::function<Values(const Eigen::Vector2d&)>&);

namespace {

Eigen::VectorXd vector_of(const Json& v) {
  if (v.is_number()) return Eigen::VectorXd::Constant(1, v.get<double>());
  if (!v.is_array()) throw std::invalid_argument("property value is neither a number nor an array");
  Eigen::VectorXd out(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (!v[i].is_number()) throw std::invalid_argument("property value array holds a non-number");
    out[static_cast<Eigen::Index>(i)] = v[i].get<double>();
  }
  return out;
}

double first_of(const Json& handle_axis) {
  return handle_axis.is_array() ? handle_axis.at(0).get<double>() : handle_axis.get<double>();
}

}  // namespace

motion::Track<Eigen::VectorXd> read_property(const Json& p) {
  const Json& k = p.at("k");
  if (p.value("a", 0) == 0) return motion::Track<Eigen::VectorXd>(vector_of(k));
  motion::Track<Eigen::VectorXd> track;
  for (std::size_t i = 0; i < k.size(); ++i) {
    const Json& key = k[i];
    motion::Easing ease = motion::Easing::linear();
    if (key.value("h", 0) == 1) {
      ease = motion::Easing::hold();
    } else if (key.contains("o") && key.contains("i")) {
      ease = motion::Easing::bezier(first_of(key["o"]["x"]), first_of(key["o"]["y"]), first_of(key["i"]["x"]),
                                    first_of(key["i"]["y"]));
    }
    track.add(key.at("t").get<double>(), vector_of(key.at("s")), ease);
  }
  return track;
}

}  // namespace iconsynth::render::lottie
