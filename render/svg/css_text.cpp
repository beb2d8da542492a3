#include "render/svg/css_text.h"

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace iconsynth::render::svg {

std::string css_number(double value, int decimals) {
  if (!std::isfinite(value)) throw std::invalid_argument("css_number: not a finite number");
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  std::string out(text);
  if (out.find('.') != std::string::npos) {
    while (out.back() == '0') out.pop_back();
    if (out.back() == '.') out.pop_back();
  }
  if (out == "-0") out = "0";
  return out;
}

std::string timing_function(const motion::Easing& ease) {
  switch (ease.kind) {
    case motion::Easing::Kind::Hold: return "steps(1,end)";
    case motion::Easing::Kind::Linear: return "linear";
    case motion::Easing::Kind::Bezier: break;
  }
  return "cubic-bezier(" + css_number(ease.x1) + "," + css_number(ease.y1) + "," + css_number(ease.x2) + "," +
         css_number(ease.y2) + ")";
}

namespace {

// Appends "+ c<unit>*factor" (or "- …") to a calc() body; nothing when c rounds to 0.
void add_term(std::string& calc, double c, const std::string& factor) {
  const std::string magnitude = css_number(std::abs(c));
  if (magnitude == "0") return;
  if (calc.empty()) {
    calc = (c < 0 ? "-" : "") + magnitude + "px";
  } else {
    calc += c < 0 ? " - " : " + ";
    calc += magnitude + "px";
  }
  if (!factor.empty()) calc += "*" + factor;
}

}  // namespace

std::string weight_length(const std::vector<std::pair<double, double>>& samples, const std::string& weight_var) {
  if (samples.size() < 2) throw std::logic_error("weight_length needs two samples or more");
  const std::string w = "var(" + weight_var + ")";
  std::vector<double> slopes;
  for (std::size_t i = 0; i + 1 < samples.size(); ++i) {
    const auto& [w0, v0] = samples[i];
    const auto& [w1, v1] = samples[i + 1];
    if (!(w1 > w0)) throw std::logic_error("weight_length: sample weights must ascend");
    slopes.push_back((v1 - v0) / (w1 - w0));
  }
  // The first segment's line, then a bend at each inner sample by the change of slope.
  std::string calc;
  add_term(calc, samples[0].second - slopes[0] * samples[0].first, "");
  add_term(calc, slopes[0], w);
  for (std::size_t i = 1; i < slopes.size(); ++i) {
    add_term(calc, slopes[i] - slopes[i - 1], "max(0," + w + " - " + css_number(samples[i].first) + ")");
  }
  if (calc.empty()) return "0";
  return "calc(" + calc + ")";
}

std::string path_data(const geometry::Path& path, int decimals) {
  std::string d;
  const auto point = [&d, decimals](const geometry::Point& p, bool first) {
    const std::string x = css_number(p.x(), decimals), y = css_number(p.y(), decimals);
    if (!first && x[0] != '-') d += ' ';
    d += x;
    if (y[0] != '-') d += ' ';
    d += y;
  };
  for (const geometry::PathCommand& c : path.commands()) {
    switch (c.verb) {
      case geometry::Verb::Move: d += 'M'; point(c.points[0], true); break;
      case geometry::Verb::Line: d += 'L'; point(c.points[0], true); break;
      case geometry::Verb::Cubic:
        d += 'C';
        point(c.points[0], true);
        point(c.points[1], false);
        point(c.points[2], false);
        break;
      case geometry::Verb::Close: d += 'Z'; break;
    }
  }
  return d;
}

}  // namespace iconsynth::render::svg
