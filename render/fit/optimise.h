#pragma once
// A bounded, derivative-free minimiser over a few named parameters: NLopt's BOBYQA (a quadratic
// model of the objective, refined as it goes; for smooth objectives such as a pixel residual) or
// Subplex (Nelder–Mead on subspaces; for objectives with steps, such as a packet that appears on
// a frame). Coordinates are scaled by each parameter's step, so one unit of every axis is a change
// the frames show.

#include <functional>
#include <string>
#include <vector>

namespace iconsynth::render::fit {

enum class Method { Bobyqa, Subplex, Praxis };

struct Box {
  std::vector<double> lower, upper, step;  // per parameter
};

struct Minimum {
  std::vector<double> x;
  double value = 0;
  int evaluations = 0;
  bool converged = false;  // stopped by its tolerance, not by the evaluation budget
  std::string stop;        // NLopt's reason, for reports
};

// The minimum of `f` near `start` within `box`, stopping when every step is below
// `tolerance` × its parameter's step, after `budget` evaluations, or where `stop` (asked before
// each evaluation after the start's) says so; the first steps are `initial_steps` × each step
// (less near a bound). Never worse than the start.
Minimum minimise(const std::function<double(const std::vector<double>&)>& f, const std::vector<double>& start, const Box& box,
                 Method method, int budget, double tolerance = 1e-3, double initial_steps = 1,
                 const std::function<bool()>& stop = {});

}  // namespace iconsynth::render::fit
