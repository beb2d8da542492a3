#pragma once
// An asset check as CI test cases (render/ci): one per animation and player.

#include "render/check/asset_check.h"
#include "render/ci/test_suite.h"

namespace iconsynth::render::check {

// `seconds`: the check's wall time (the suite's; cases carry none of their own).
ci::TestSuite test_suite(const CheckResult& result, double seconds);

}  // namespace iconsynth::render::check
