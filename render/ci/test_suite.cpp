#include "render/ci/test_suite.h"

#include <algorithm>

namespace iconsynth::render::ci {

std::size_t TestSuite::count(TestCase::Outcome outcome) const {
  return static_cast<std::size_t>(std::count_if(cases.begin(), cases.end(), [&](const TestCase& c) { return c.outcome == outcome; }));
}

bool TestSuite::passed() const { return count(TestCase::Outcome::Failed) == 0 && count(TestCase::Outcome::Error) == 0; }

}  // namespace iconsynth::render::ci
