#include "render/svg/css_text.h"

#include <catch2/catch.hpp>

#include <regex>

using namespace iconsynth;
using render::svg::css_number;
using render::svg::weight_length;

namespace {

// Evaluates what weight_length writes (calc(±a px ±b px*var(--w) ±c px*max(0,var(--w) - k) …)) at
// weight w: a reader independent of the writer's arithmetic.
double evaluate_weight_length(const std::string& css, double w) {
  if (css == "0") return 0;
  REQUIRE(css.rfind("calc(", 0) == 0);
  const std::string body = css.substr(5, css.size() - 6);
  static const std::regex term(R"((^|\s[+-]\s)(-?[0-9.]+)px(\*var\(--w\)|\*max\(0,var\(--w\) - ([0-9.]+)\))?)");
  double value = 0;
  std::size_t consumed = 0;
  for (auto it = std::sregex_iterator(body.begin(), body.end(), term); it != std::sregex_iterator(); ++it) {
    const std::smatch& m = *it;
    REQUIRE(static_cast<std::size_t>(m.position()) == consumed);  // nothing unparsed between terms
    consumed += m.length();
    double c = std::stod(m[2]);
    if (m[1].str().find('-') != std::string::npos) c = -c;
    if (!m[3].matched) value += c;
    else if (!m[4].matched) value += c * w;
    else value += c * std::max(0.0, w - std::stod(m[4]));
  }
  REQUIRE(consumed == body.size());
  return value;
}

}  // namespace

TEST_CASE("css_number writes short, exact-enough numbers with no '-0'", "[svg][css]") {
  CHECK(css_number(2) == "2");
  CHECK(css_number(0.5) == "0.5");
  CHECK(css_number(-1.25) == "-1.25");
  CHECK(css_number(1.0 / 3) == "0.3333");
  CHECK(css_number(-0.00001) == "0");
  CHECK(css_number(12.3456789, 5) == "12.34568");
  CHECK_THROWS_AS(css_number(std::nan("")), std::invalid_argument);
}

TEST_CASE("Lottie easing becomes the same CSS timing function", "[svg][css]") {
  CHECK(render::svg::timing_function(motion::Easing::linear()) == "linear");
  CHECK(render::svg::timing_function(motion::Easing::hold()) == "steps(1,end)");
  CHECK(render::svg::timing_function(motion::Easing::bezier(0.42, 0, 0.58, 1)) == "cubic-bezier(0.42,0,0.58,1)");
  // y may overshoot, as in Lottie and CSS alike.
  CHECK(render::svg::timing_function(motion::Easing::bezier(0.3, 1.6, 0.6, 1)) == "cubic-bezier(0.3,1.6,0.6,1)");
}

TEST_CASE("weight_length equals the samples' polyline at every weight", "[svg][css]") {
  const std::vector<std::vector<std::pair<double, double>>> cases{
      {{1, 1}, {3, 3}},                                   // a stroke width: w itself
      {{1, 1.75}, {1.75, 1.75}, {3, 3}},                  // a packet radius: flat, then growing
      {{1, 3.5}, {3, 2.5}},                               // a card half that shrinks
      {{1, 1.25}, {2.25, 1.25}, {2.85, 0.5}, {3, 0.5}},   // flat, falling, flat again
      {{1, 0.7}, {3, 0.7}},                               // constant
  };
  for (const auto& samples : cases) {
    const std::string css = weight_length(samples, "--w");
    INFO(css);
    for (double w = 1; w <= 3.0001; w += 0.05) {
      // The polyline at w.
      std::size_t i = 0;
      while (i + 2 < samples.size() && w > samples[i + 1].first) ++i;
      const auto& [w0, v0] = samples[i];
      const auto& [w1, v1] = samples[i + 1];
      const double expected = v0 + (v1 - v0) * (w - w0) / (w1 - w0);
      INFO("w " << w);
      CHECK(evaluate_weight_length(css, w) == Approx(expected).margin(2e-4));
    }
  }
  CHECK(weight_length({{1, 1}, {3, 3}}, "--w") == "calc(1px*var(--w))");
  CHECK(weight_length({{1, 1.75}, {1.75, 1.75}, {3, 3}}, "--w") == "calc(1.75px + 1px*max(0,var(--w) - 1.75))");
  CHECK_THROWS_AS(weight_length({{1, 1}}, "--w"), std::logic_error);
  CHECK_THROWS_AS(weight_length({{2, 1}, {1, 2}}, "--w"), std::logic_error);
}

TEST_CASE("path_data writes every command compactly", "[svg][css]") {
  geometry::Path p;
  p.move_to({1, 2}).line_to({3, -4}).cubic_to({0.5, 0}, {-1, -1}, {2, 2}).close();
  CHECK(render::svg::path_data(p) == "M1 2L3-4C0.5 0-1-1 2 2Z");
}
