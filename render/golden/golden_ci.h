#pragma once
// A golden check as CI test cases (render/ci): one per variant, one for the bundle, one for the
// set's own files, one per variant the spec gained or lost.

#include "render/ci/test_suite.h"
#include "render/golden/golden_check.h"

#include <filesystem>

namespace iconsynth::render::golden {

// `dir` is the set's folder as the user named it: test cases point at its files.
ci::TestSuite test_suite(const CheckReport& report, const std::filesystem::path& dir);

}  // namespace iconsynth::render::golden
