#include "render/scene/drawn_values.h"

#include "geometry/ring_layout.h"
#include "spec/json_reader.h"
#include "spec/tunable_paths.h"

#include <algorithm>
#include <cmath>

namespace iconsynth::render {

namespace {

constexpr double kSame = 1e-6;  // units: a value drawn this near what it says is drawn as it says

// A size for people: to a thousandth of a unit.
std::string number_text(double value) { return spec::format_number(std::round(value * 1000) / 1000); }

// The least free space between the grid's edge and a card, over every module and both axes
// (cards upright: keylines stand them so).
double drawn_padding(const geometry::RingLayout& layout) {
  const double half = layout.dims.module_size / 2, grid = layout.dims.grid;
  double least = grid;
  for (const geometry::Point& c : layout.centers) {
    for (int d = 0; d < 2; ++d) least = std::min({least, c[d] - half, grid - c[d] - half});
  }
  return least;
}

// The largest die any style that draws one draws, at the lightest weight (the most room); nullopt
// when no style draws a die.
std::optional<double> largest_die(const spec::IconSpec& spec, const geometry::LayoutParams& dims) {
  std::optional<double> largest;
  for (const auto& style : spec.styles) {
    if (style.rule.die == spec::DieInk::None) continue;
    const double die = 2 * geometry::die_half_size(dims, spec::kMinWeight, {style.rule.card_stroke});
    largest = std::max(largest.value_or(0.0), die);
  }
  return largest;
}

}  // namespace

std::vector<DrawnValue> drawn_values(const spec::IconSpec& spec) {
  if (spec.kind != "ring") return {};
  const geometry::LayoutParams& written = spec.layout;
  const geometry::RingLayout layout = geometry::ring_layout(written);
  const geometry::LayoutParams& dims = layout.dims;
  const double k = layout.scale;  // the ring of N's dimensions are the 2×2 ring's × k: said in the spec's units
  const bool keylines = written.keyline_weight > 0;
  std::vector<DrawnValue> out;
  const auto add = [&](const std::string& path, double value, double drawn, const std::string& why) {
    if (std::abs(drawn - value) > kSame) out.push_back({path, value, drawn, why});
  };
  // On a ring of N the sizes are scaled first, then rounded: said in the units drawn.
  const auto keylined = [&](double value, double drawn) {
    if (written.modules == 4) return std::string("on the keylines");
    return "on the keylines: the ring of " + std::to_string(written.modules) + " scales it to " + number_text(value * k) + ", drawn as " +
           number_text(drawn);
  };
  if (keylines) {
    add("layout.padding", written.padding, drawn_padding(layout), "on the keylines");
    add("layout.module.size", written.module_size, dims.module_size / k, keylined(written.module_size, dims.module_size));
    add("layout.module.corner_radius", written.module_corner_radius, dims.module_corner_radius / k,
        written.modules == 4 ? "on the keylines, in proportion to its card" : keylined(written.module_corner_radius, dims.module_corner_radius));
  }
  // The die: rounded by the keylines (or left out where they leave it no room), then fitted in
  // its card's free space and left out below its min_size.
  if (const std::optional<double> die = largest_die(spec, dims); die && written.die_size > 0) {
    std::string why;
    if (keylines && std::abs(dims.die_size - written.die_size * k) > kSame) why = dims.die_size > 0 ? "on the keylines" : "on the keylines: no room, left out";
    if (dims.die_size > 0 && *die == 0) {
      why += std::string(why.empty() ? "" : ", then ") + (dims.die_size < dims.die_min_size ? "below min_size: left out" : "clamped by its card below min_size: left out");
    } else if (*die < dims.die_size - kSame) {
      why += std::string(why.empty() ? "" : ", then ") + "clamped by its card";
    }
    if (!why.empty()) add("layout.die.size", written.die_size, *die / k, why);
    const double corner = std::min(dims.die_corner_radius, *die / 2);
    if (*die > 0) add("layout.die.corner_radius", written.die_corner_radius, corner / k, "clamped by its die");
  }
  // The packet: grown to read over its link (at the lightest weight, the least it grows), and
  // held within the room between neighbouring links.
  const double packet = geometry::packet_radius(dims, spec::kMinWeight);
  if (std::abs(packet - dims.packet_radius) > kSame) {
    add("layout.packet.radius", written.packet_radius, packet / k,
        packet > dims.packet_radius ? "grown to read over its link at every weight" : "held apart from its neighbours' packets");
  }
  // In tunable-path order.
  std::vector<std::string> order;
  for (const spec::TunablePath& p : spec::tunable_paths(spec)) order.push_back(p.path);
  const auto rank = [&](const DrawnValue& v) { return std::find(order.begin(), order.end(), v.path) - order.begin(); };
  std::stable_sort(out.begin(), out.end(), [&](const DrawnValue& a, const DrawnValue& b) { return rank(a) < rank(b); });
  return out;
}

std::vector<std::string> keyline_paths(const spec::IconSpec& spec) {
  if (spec.kind != "ring" || spec.layout.keyline_weight <= 0) return {};
  // The 2×2 ring's corner follows its rounded card in proportion; a ring of N's rounds itself.
  std::vector<std::string> paths{"layout.padding", "layout.module.size", "layout.die.size"};
  if (spec.layout.modules != 4) paths.insert(paths.begin() + 2, "layout.module.corner_radius");
  return paths;
}

std::string drawn_value_text(const DrawnValue& value) {
  return value.path + " " + number_text(value.written) + " is drawn as " + number_text(value.drawn) + " (" + value.why + ")";
}

}  // namespace iconsynth::render
