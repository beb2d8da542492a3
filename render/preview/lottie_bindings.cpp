#include "render/preview/lottie_bindings.h"

#include "motion/easing.h"
#include "spec/json_reader.h"

#include <algorithm>
#include <cmath>
#include <tuple>
#include <utility>

namespace iconsynth::render {

namespace {

using Json = nlohmann::ordered_json;

// How far a predicted number may be from the exporter's: its numbers are rounded to 3 decimals
// (geometry) or 6 (values), and a slope measured over one step carries that rounding (a few
// thousandths of a pixel, of a frame, of a per cent of scale).
constexpr double kPredictionTolerance = 3e-3;

// Whether a string is a duration ("200ms", "200 ms") and its ms.
std::optional<double> duration_ms(const std::string& text) {
  if (text.size() < 3 || text.compare(text.size() - 2, 2, "ms") != 0) return std::nullopt;
  std::string number = text.substr(0, text.size() - 2);
  while (!number.empty() && number.back() == ' ') number.pop_back();
  char* end = nullptr;
  const double ms = std::strtod(number.c_str(), &end);
  if (number.empty() || end != number.c_str() + number.size() || !std::isfinite(ms)) return std::nullopt;
  return ms;
}

// A key as a JSON pointer writes it (RFC 6901: "~" as "~0", "/" as "~1").
std::string pointer_token(const std::string& key) {
  std::string out;
  for (const char c : key) out += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
  return out;
}

void collect(const Json& a, const Json& b, const std::string& at, std::vector<std::tuple<std::string, double, double>>& moved, bool& same_shape) {
  if (!same_shape) return;
  if (a.is_number() && b.is_number()) {
    const double x = a.get<double>(), y = b.get<double>();
    if (x != y) moved.emplace_back(at, x, y);
    return;
  }
  if (a.type() != b.type() || a.size() != b.size()) {
    same_shape = false;
    return;
  }
  if (a.is_object()) {
    for (auto ia = a.begin(), ib = b.begin(); ia != a.end(); ++ia, ++ib) {
      if (ia.key() != ib.key()) {
        same_shape = false;
        return;
      }
      collect(*ia, *ib, at + "/" + pointer_token(ia.key()), moved, same_shape);
    }
  } else if (a.is_array()) {
    for (std::size_t i = 0; i < a.size(); ++i) collect(a[i], b[i], at + "/" + std::to_string(i), moved, same_shape);
  } else if (a != b) {
    same_shape = false;
  }
}

// A JSON pointer's last token.
std::string last_token(const std::string& pointer) { return pointer.substr(pointer.find_last_of('/') + 1); }

// A measured offset or slope without the noise of the differences it came from (1e-16 for 0):
// the exporter's numbers have at most 6 decimals, a step's slope far fewer.
double tidy(double x) { return std::round(x * 1e9) / 1e9; }

Json unbound(const std::string& path, const std::string& why) { return {{"path", path}, {"bound", false}, {"why", why}}; }

}  // namespace

std::optional<std::vector<double>> value_components(const spec::Json& value) {
  if (value.is_number()) return std::vector<double>{value.get<double>()};
  if (value.is_array() && value.size() == 4 && std::all_of(value.begin(), value.end(), [](const spec::Json& v) { return v.is_number(); })) {
    return std::vector<double>{value[0].get<double>(), value[1].get<double>(), value[2].get<double>(), value[3].get<double>()};
  }
  if (!value.is_string()) return std::nullopt;
  const std::string text = value.get<std::string>();
  if (const std::optional<double> ms = duration_ms(text)) return std::vector<double>{*ms};
  const std::optional<motion::Easing> preset = motion::easing_preset(text);
  if (!preset || preset->kind == motion::Easing::Kind::Hold) return std::nullopt;
  return std::vector<double>{preset->x1, preset->y1, preset->x2, preset->y2};
}

spec::Json with_components(const spec::Json& like, const std::vector<double>& c) {
  if (like.is_number()) return c.at(0);
  if (like.is_string() && duration_ms(like.get<std::string>())) return spec::format_number(c.at(0)) + "ms";
  return spec::Json::array({c.at(0), c.at(1), c.at(2), c.at(3)});
}

std::optional<std::vector<std::tuple<std::string, double, double>>> moved_numbers(const Json& a, const Json& b) {
  std::vector<std::tuple<std::string, double, double>> moved;
  bool same_shape = true;
  collect(a, b, "", moved, same_shape);
  if (!same_shape) return std::nullopt;
  return moved;
}

Json measure_bindings(const std::vector<spec::SpecChange>& changes, const spec::TunablePath& row, const CardExports& exports) {
  const std::string& path = row.path;
  spec::Json value = row.value;
  std::vector<spec::SpecChange> others;
  for (const spec::SpecChange& c : changes) {
    if (c.path == path) value = c.value;
    else others.push_back(c);
  }
  const std::optional<std::vector<double>> at = value_components(value);
  if (!at) return unbound(path, "it is not made of numbers");
  const auto cards_at = [&](const std::vector<double>& components) {
    std::vector<spec::SpecChange> probe = others;
    probe.push_back({path, with_components(value, components)});
    return exports(probe);
  };
  // The value as numbers (a preset as its handles): the exporter draws them alike.
  const std::map<std::string, Json> base = cards_at(*at);

  // The cards at the first of `tries` the exporter takes (the others leave the value's range), and which.
  const auto first_taken = [&](const std::vector<std::vector<double>>& tries) {
    std::optional<std::pair<std::size_t, std::map<std::string, Json>>> taken;
    for (std::size_t t = 0; t < tries.size() && !taken; ++t) {
      try {
        taken.emplace(t, cards_at(tries[t]));
      } catch (const spec::SpecError&) {
        // out of its range that way: the next
      }
    }
    return taken;
  };

  // Each component moved by a step (back, where forward leaves its range): the slopes.
  const double step = row.step > 0 ? 2 * row.step : 0.02;
  std::vector<double> moved_by(at->size());
  std::map<std::string, std::map<std::string, LeafBinding>> leaves;  // card → pointer → binding
  for (std::size_t i = 0; i < at->size(); ++i) {
    std::vector<double> forward = *at, back = *at;
    forward[i] += step;
    back[i] -= step;
    const auto probe = first_taken({forward, back});
    if (!probe) return unbound(path, "no value a step either side is valid");
    moved_by[i] = probe->first == 0 ? step : -step;
    for (const auto& [card, document] : probe->second) {
      const auto moved = moved_numbers(base.at(card), document);
      if (!moved) return unbound(path, "it changes the shape of the animation");
      for (const auto& [pointer, before, after] : *moved) {
        LeafBinding& leaf = leaves[card][pointer];
        leaf.pointer = pointer;
        leaf.slopes.resize(at->size());
        leaf.slopes[i] = tidy((after - before) / moved_by[i]);
      }
    }
  }
  for (auto& [card, bound] : leaves) {
    for (auto& [pointer, leaf] : bound) {
      const std::string key = last_token(pointer);
      if (key == "op" || key == "ip") return unbound(path, "it changes the animation's length");
      double sum = 0;
      for (std::size_t i = 0; i < at->size(); ++i) sum += leaf.slopes[i] * (*at)[i];
      leaf.offset = tidy(base.at(card).at(Json::json_pointer(pointer)).get<double>() - sum);
    }
  }
  if (leaves.empty()) return unbound(path, "it moves nothing in the cards' animations here");

  // One more export, every component moved at once: the slopes must predict it.
  std::vector<std::vector<double>> tries;
  for (const double k : {-1.0, 2.0}) {
    tries.push_back(*at);
    for (std::size_t i = 0; i < at->size(); ++i) tries.back()[i] += k * moved_by[i];
  }
  const auto check = first_taken(tries);
  if (!check) return unbound(path, "no value to check the prediction with is valid");
  const std::vector<double>& checked = tries[check->first];
  for (const auto& [card, document] : check->second) {
    const auto moved = moved_numbers(base.at(card), document);
    if (!moved) return unbound(path, "it changes the shape of the animation");
    const auto bound = leaves.find(card);
    for (const auto& [pointer, before, after] : *moved) {
      if (bound == leaves.end() || !bound->second.count(pointer)) return unbound(path, "a number moves only when several handles move together");
    }
    if (bound == leaves.end()) continue;
    for (const auto& [pointer, leaf] : bound->second) {
      double guess = leaf.offset;
      for (std::size_t i = 0; i < checked.size(); ++i) guess += leaf.slopes[i] * checked[i];
      const double actual = document.at(Json::json_pointer(pointer)).get<double>();
      if (std::abs(guess - actual) > kPredictionTolerance + 1e-6 * std::abs(actual)) return unbound(path, "it moves numbers other than in proportion");
    }
  }

  Json cards = Json::object();
  for (const auto& [card, bound] : leaves) {
    Json list = Json::array();
    for (const auto& [pointer, leaf] : bound) list.push_back(Json::array({pointer, leaf.offset, leaf.slopes}));
    cards[card] = std::move(list);
  }
  return {{"path", path}, {"bound", true}, {"at", *at}, {"cards", std::move(cards)}};
}

}  // namespace iconsynth::render
