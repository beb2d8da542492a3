#pragma once
// One budget for a whole fit: the target's reading, every stage, every loop and restart, and any
// fit again with another look draw from the same seconds of wall time. A search asks it before
// each evaluation and stops where it is once it is spent (or once `stop` says so: a cancel), and
// the fit reports the best spec it holds, marked as not converged.

#include <chrono>
#include <functional>
#include <string>

namespace iconsynth::render::fit {

class FitBudget {
 public:
  using Clock = std::chrono::steady_clock;

  // No limit.
  FitBudget() = default;
  // `seconds` of wall time from `start` (0: no limit); `stop`, if set, ends it early when it says so.
  explicit FitBudget(double seconds, Clock::time_point start = Clock::now(), std::function<bool()> stop = {});

  double seconds() const { return seconds_; }  // 0: no limit
  // Seconds since the start.
  double spent() const;
  // Whether the search must stop: the seconds are spent, or `stop` said so.
  bool spent_out() const;
  // "3.2 s of 15 s" ("3.2 s" without a limit), for progress lines.
  std::string spent_text() const;

 private:
  double seconds_ = 0;
  Clock::time_point start_ = Clock::now();
  std::function<bool()> stop_;
};

}  // namespace iconsynth::render::fit
