#include "render/fit/param_table.h"

#include "motion/easing.h"
#include "spec/loader.h"

#include <algorithm>
#include <functional>
#include <stdexcept>

namespace iconsynth::render::fit {

namespace {

using spec::Json;

// A timing as the spec writes it (frames, or "NNNms") in frames at `rate`.
double frames_of(const Json& value, double rate) {
  if (value.is_number()) return value.get<double>();
  const std::string text = value.get<std::string>();
  return std::stod(text) * rate / 1000.0;
}

bool is_timing(const Json& value) {
  return value.is_number() || (value.is_string() && value.get<std::string>().size() > 2 &&
                               value.get<std::string>().substr(value.get<std::string>().size() - 2) == "ms");
}

}  // namespace

std::string family_name(Family family) {
  switch (family) {
    case Family::Style: return "style";
    case Family::Color: return "colour";
    case Family::Weight: return "weight";
    case Family::Layout: return "layout";
    case Family::FrameRate: return "frame rate";
    case Family::Timing: return "timing";
    case Family::Scale: return "scale";
    case Family::Easing: return "easing";
  }
  return "?";
}

std::string json_pointer(const std::string& path) {
  std::string out = "/";
  for (char c : path) out += c == '.' ? '/' : c;
  return out;
}

void ParamTable::add(const std::string& path, Family family, double lower, double upper, double step, const std::string& unit,
                     const std::string& motion) {
  const double value = document_.at(Json::json_pointer(json_pointer(path))).get<double>();
  params_.push_back({path, family, std::min(lower, value), std::max(upper, value), step, unit, motion});
  base_.push_back(value);
  pointers_.emplace_back(json_pointer(path));
}

ParamTable::ParamTable(const Json& base, double frame_rate) : document_(base) {
  const double from = base.at("frame_rate").get<double>();
  document_["frame_rate"] = frame_rate;
  add("stroke.default", Family::Weight, spec::kMinWeight, spec::kMaxWeight, 0.05, "units", "");
  const double grid = document_["layout"]["grid"].get<double>();
  add("layout.padding", Family::Layout, 0, grid / 4, 0.05, "units", "");
  add("layout.module.size", Family::Layout, 1, grid / 2, 0.05, "units", "");
  add("layout.module.corner_radius", Family::Layout, 0, grid / 4, 0.05, "units", "");
  add("layout.die.size", Family::Layout, 0, grid / 2, 0.05, "units", "");
  add("layout.link.gap", Family::Layout, 0, grid / 4, 0.05, "units", "");
  add("layout.packet.radius", Family::Layout, 0.1, grid / 8, 0.05, "units", "");
  for (auto& [name, motion] : document_["motions"].items()) add_motion(name, motion, from, frame_rate);
}

void ParamTable::add_motion(const std::string& name, Json& motion, double from_rate, double to_rate) {
  const double k = to_rate / from_rate;
  const bool loop = motion.value("loop", false);
  // A timing keeps its length in seconds, within what the loader accepts: at 25 fps the built-in
  // strong motion's lead of 2 frames at 60 would be 0.83 frames, below an action's 1.
  const auto timing = [&](Json& value, const std::string& path, double min) {
    value = std::clamp(frames_of(value, from_rate) * k, min, spec::kMaxTimingFrames);
    const double v = value.get<double>();
    add(path, Family::Timing, min, std::min(spec::kMaxTimingFrames, std::max(3 * v, v + 30 * k)), 1, "frames", name);
  };
  const std::string root = "motions." + name;
  timing(motion["lead"], root + ".lead", loop ? 0 : 1);
  timing(motion["tail"], root + ".tail", loop ? 0 : 1);
  // Every timing, scale and easing of the timeline, wherever it sits.
  std::function<void(Json&, const std::string&, const std::string&)> walk = [&](Json& node, const std::string& path,
                                                                                  const std::string& key) {
    if (node.is_array()) {
      for (std::size_t i = 0; i < node.size(); ++i) walk(node[i], path + "." + std::to_string(i), std::to_string(i));
      return;
    }
    if (!node.is_object()) return;
    const bool gather = node.contains("release");  // a gather's own fields, beside its "hold"
    for (auto& [field, value] : node.items()) {
      const std::string at = path + "." + field;
      if ((field == "frames" || field == "hold" || field == "lag") && is_timing(value)) {
        timing(value, at, field == "frames" ? 0.5 : field == "lag" || gather ? 0 : 0.5);
      } else if (field == "scale" && value.is_number()) {
        add(at, Family::Scale, gather ? 0.5 : 1, gather ? 1 : 2, 0.01, "\u00d7", name);
      } else if (field == "ease") {
        std::optional<motion::Easing> e;
        if (value.is_string()) e = motion::easing_preset(value.get<std::string>());
        else e = motion::Easing::bezier(value[0].get<double>(), value[1].get<double>(), value[2].get<double>(), value[3].get<double>());
        if (!e || e->kind == motion::Easing::Kind::Hold) continue;  // a hold has no curve to fit
        value = Json::array({e->x1, e->y1, e->x2, e->y2});
        // Packets run monotonically: a travel's handles stay in [0, 1].
        const double y_lo = key == "travel" ? 0 : -1, y_hi = key == "travel" ? 1 : 2;
        for (int h = 0; h < 4; ++h) {
          add(at + "." + std::to_string(h), Family::Easing, h % 2 == 0 ? 0 : y_lo, h % 2 == 0 ? 1 : y_hi, 0.05, "", name);
        }
      } else {
        walk(value, at, field);
      }
    }
  };
  walk(motion["timeline"], root + ".timeline", "timeline");
}

std::optional<std::size_t> ParamTable::find(const std::string& path) const {
  for (std::size_t i = 0; i < params_.size(); ++i) {
    if (params_[i].path == path) return i;
  }
  return std::nullopt;
}

Json ParamTable::document_with(const std::vector<double>& values) const {
  if (values.size() != params_.size()) throw std::logic_error("ParamTable: one value per row expected");
  Json out = document_;
  for (std::size_t i = 0; i < params_.size(); ++i) out.at(pointers_[i]) = values[i];
  return out;
}

}  // namespace iconsynth::render::fit
