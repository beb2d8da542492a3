#include "render/fit/optimise.h"

#include <nlopt.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <stdexcept>

namespace iconsynth::render::fit {

namespace {

struct Problem {
  const std::function<double(const std::vector<double>&)>* f;
  const std::vector<double>* origin;
  const std::vector<double>* step;
  std::vector<double> x;  // reused
  int evaluations = 0;
  double best = std::numeric_limits<double>::infinity();
  std::vector<double> best_x;
  const std::function<bool()>* stop = nullptr;
  nlopt_opt opt = nullptr;
  bool stopped = false;
};

// NLopt sees z = (x - origin) / step.
double objective(unsigned n, const double* z, double* gradient, void* data) {
  (void)gradient;  // derivative-free methods never ask
  auto* p = static_cast<Problem*>(data);
  if (p->opt && *p->stop && (*p->stop)()) {
    p->stopped = true;
    nlopt_force_stop(p->opt);
    return std::numeric_limits<double>::max();
  }
  for (unsigned i = 0; i < n; ++i) p->x[i] = (*p->origin)[i] + z[i] * (*p->step)[i];
  const double value = (*p->f)(p->x);
  ++p->evaluations;
  if (value < p->best) p->best = value, p->best_x = p->x;
  return std::isfinite(value) ? value : std::numeric_limits<double>::max();
}

std::string reason(nlopt_result r) {
  switch (r) {
    case NLOPT_SUCCESS: return "converged";
    case NLOPT_STOPVAL_REACHED: return "reached the value asked for";
    case NLOPT_FTOL_REACHED: return "converged (the residual stopped falling)";
    case NLOPT_XTOL_REACHED: return "converged (steps below tolerance)";
    case NLOPT_MAXEVAL_REACHED: return "stopped: evaluation budget spent";
    case NLOPT_MAXTIME_REACHED: return "stopped: time budget spent";
    case NLOPT_ROUNDOFF_LIMITED: return "stopped by round-off";
    case NLOPT_FORCED_STOP: return "stopped";
    default: return "failed (NLopt " + std::to_string(static_cast<int>(r)) + ")";
  }
}

}  // namespace

Minimum minimise(const std::function<double(const std::vector<double>&)>& f, const std::vector<double>& start, const Box& box,
                 Method method, int budget, double tolerance, double initial_steps, const std::function<bool()>& stop) {
  const unsigned n = static_cast<unsigned>(start.size());
  if (n == 0) return {start, f(start), 1, true, "nothing to fit"};
  // BOBYQA needs two dimensions at least.
  const nlopt_algorithm algorithm = method == Method::Bobyqa && n >= 2 ? NLOPT_LN_BOBYQA
                                    : method == Method::Praxis && n >= 2 ? NLOPT_LN_PRAXIS
                                                                         : NLOPT_LN_SBPLX;
  std::unique_ptr<std::remove_pointer_t<nlopt_opt>, decltype(&nlopt_destroy)> opt(nlopt_create(algorithm, n), nlopt_destroy);
  if (!opt) throw std::runtime_error("NLopt could not create its optimiser");
  Problem problem{&f, &start, &box.step, start, 0, std::numeric_limits<double>::infinity(), start};
  std::vector<double> lower(n), upper(n), z(n, 0.0), dz(n), tol(n, tolerance);
  for (unsigned i = 0; i < n; ++i) {
    lower[i] = (box.lower[i] - start[i]) / box.step[i];
    upper[i] = (box.upper[i] - start[i]) / box.step[i];
    if (lower[i] > 0 || upper[i] < 0) throw std::logic_error("minimise: the start lies outside the box");
    // The first steps stay inside the box: BOBYQA moves a start that lies nearer a bound than its
    // first step, which would lose the start.
    const double room = std::min(upper[i], -lower[i]);
    dz[i] = std::min(initial_steps, room > 1e-3 ? room : std::max(upper[i], -lower[i]));
    if (!(dz[i] > 0)) dz[i] = 1e-3;
  }
  objective(n, z.data(), nullptr, &problem);  // the start itself is a candidate: never end worse
  problem.stop = &stop;
  problem.opt = opt.get();
  nlopt_set_lower_bounds(opt.get(), lower.data());
  nlopt_set_upper_bounds(opt.get(), upper.data());
  nlopt_set_min_objective(opt.get(), objective, &problem);
  nlopt_set_initial_step(opt.get(), dz.data());
  nlopt_set_xtol_abs(opt.get(), tol.data());
  nlopt_set_maxeval(opt.get(), budget);
  double value = 0;
  const nlopt_result r = nlopt_optimize(opt.get(), z.data(), &value);
  Minimum m;
  m.x = problem.best_x;
  m.value = problem.best;
  m.evaluations = problem.evaluations;
  m.converged = r > 0 && r != NLOPT_MAXEVAL_REACHED && r != NLOPT_MAXTIME_REACHED && !problem.stopped;
  m.stop = problem.stopped ? "stopped: the fit's budget spent" : reason(r);
  return m;
}

}  // namespace iconsynth::render::fit
