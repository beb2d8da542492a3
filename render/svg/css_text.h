#pragma once
// The small pieces of CSS and SVG text the animated-SVG writer is made of: numbers, eased
// keyframe timing, values that follow the stroke weight, and path data. Pure functions of their
// arguments, so the document's bytes are deterministic.

#include "geometry/path.h"
#include "motion/easing.h"

#include <string>
#include <utility>
#include <vector>

namespace iconsynth::render::svg {

// A number with at most `decimals` decimals, trailing zeros dropped, no "-0": "2", "0.5", "-1.25".
std::string css_number(double value, int decimals = 4);

// The CSS timing function of a segment with Lottie easing `ease`: "linear", "steps(1,end)" for a
// hold (the value stays until the next key), "cubic-bezier(x1,y1,x2,y2)" with Lottie's handles
// unchanged (CSS's cubic-bezier is the same curve, with the same clamping of x to [0, 1]).
std::string timing_function(const motion::Easing& ease);

// A length that is piecewise linear in the stroke weight, as a CSS value of `weight_var` (a
// custom property already clamped to the samples' range): `samples` are (weight, value) pairs in
// ascending weight, linear between neighbours. Written as a + b·w + Σ c·max(0, w − breakpoint),
// which equals the samples' polyline exactly on their range: "calc(3.5px - 0.5px*var(--w))".
std::string weight_length(const std::vector<std::pair<double, double>>& samples, const std::string& weight_var);

// SVG path data with numbers to `decimals`: "M1 2L3 4C…Z".
std::string path_data(const geometry::Path& path, int decimals = 4);

}  // namespace iconsynth::render::svg
