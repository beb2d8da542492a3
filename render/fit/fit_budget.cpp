#include "render/fit/fit_budget.h"

#include <cstdio>

namespace iconsynth::render::fit {

FitBudget::FitBudget(double seconds, Clock::time_point start, std::function<bool()> stop)
    : seconds_(seconds), start_(start), stop_(std::move(stop)) {}

double FitBudget::spent() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

bool FitBudget::spent_out() const { return (seconds_ > 0 && spent() >= seconds_) || (stop_ && stop_()); }

std::string FitBudget::spent_text() const {
  char text[64];
  if (seconds_ > 0) {
    std::snprintf(text, sizeof text, "%.1f s of %g s", spent(), seconds_);
  } else {
    std::snprintf(text, sizeof text, "%.1f s", spent());
  }
  return text;
}

}  // namespace iconsynth::render::fit
