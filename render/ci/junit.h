#pragma once
// JUnit XML, the common format CI systems read (Jenkins, GitLab, CircleCI, GitHub test reporters):
//
//   <?xml version="1.0" encoding="UTF-8"?>
//   <testsuites name="…" tests="36" failures="18" errors="0" skipped="0" time="0.412">
//     <testsuite name="…" tests="36" failures="18" errors="0" skipped="0" time="0.412">
//       <system-out>notes, one a line; then each section:      (only when there are notes or sections)
//         its title, then its lines indented</system-out>
//       <testcase name="outline-light-dark-w2" classname="golden.gpu-cluster" time="0.011" file="…">
//         <failure message="one line" type="frame-count">details</failure>   (or <error>, <skipped/>;
//                                                         type: the case's kind, else "failure"/"error")
//         <system-out>structural changes, one a line</system-out>
//       </testcase>
//     </testsuite>
//   </testsuites>

#include "render/ci/test_suite.h"

#include <string>

namespace iconsynth::render::ci {

// The suite as a JUnit XML document (UTF-8; characters XML cannot carry become U+FFFD).
std::string junit_xml(const TestSuite& suite);

}  // namespace iconsynth::render::ci
