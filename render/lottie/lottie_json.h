#pragma once
// Lottie's animatable-property encoding, both ways, for the writer and for readers that check it.
//
//   static:   {"a":0, "k": V}
//   animated: {"a":1, "k":[ {"t":frame, "s":[..], "o":{"x":[x1],"y":[y1]}, "i":{"x":[x2],"y":[y2]}},
//                           {"t":frame, "s":[..], "h":1},     // hold until the next key
//                           {"t":frame, "s":[..]} ]}          // last key: no easing
// One easing per key for all dimensions (single-element x/y arrays): per-dimension easing is
// where players disagree. V is a number or an array of numbers.

#include "motion/track.h"

#include <Eigen/Core>
#include <nlohmann/json.hpp>

#include <functional>
#include <vector>

namespace iconsynth::render::lottie {

// Keys keep the order they are written in: rlottie's streaming parser needs "ty" first in every
// layer and shape, so the writer decides the order (and it is stable, hence deterministic).
using Json = nlohmann::ordered_json;

using Values = std::vector<double>;

// A JSON number rounded to `decimals` places, written as an integer when it is whole, so the
// same value always prints the same short way.
Json number(double value, int decimals);
// An array of numbers, each as number(v, decimals).
Json numbers(const Values& values, int decimals);

// Precision of written numbers: animated values must survive the round trip to 1e-6.
inline constexpr int kValueDecimals = 6;
inline constexpr int kGeometryDecimals = 3;
inline constexpr int kColorDecimals = 4;

// Writes a track as a Lottie property, mapping each value through `to_lottie` (units, ×100 …).
// Static tracks become {"a":0}; leading and trailing keys that repeat their neighbour's value are
// dropped, since Lottie holds the first and last values anyway.
template <class T>
Json property(const motion::Track<T>& track, const std::function<Values(const T&)>& to_lottie);

// Reads a property back into a track of value vectors (static → a one-key track).
motion::Track<Eigen::VectorXd> read_property(const Json& property);

}  // namespace iconsynth::render::lottie
