#pragma once
// A check's results in the one shape CI systems share: a suite of test cases, each passed, failed,
// errored or skipped, with a one-line reason, details and output. `golden check` and `check` adapt
// their results to it; junit.h and github.h write it for Jenkins, GitLab, CircleCI and GitHub.

#include <cstddef>
#include <string>
#include <vector>

namespace iconsynth::render::ci {

struct TestCase {
  enum class Outcome { Passed, Failed, Error, Skipped };
  std::string name;       // what was tested: "outline-light-dark-w2", "outline-light (rlottie)"
  std::string classname;  // where it belongs: "golden.gpu-cluster"
  Outcome outcome = Outcome::Passed;
  std::string message;    // one line: why it failed ("frame 32 differs: …, limit …")
  std::string details;    // more lines about the failure (every differing frame)
  std::string output;     // what else it found, one item a line (structural changes)
  std::string file;       // the file it concerns, relative to where the command ran ("" = none)
  double seconds = 0;
  std::string kind;       // what kind of failure ("frame-count"): JUnit's type; "" = "failure" or "error"
};

// A titled list the whole run shares ("spec values that differ from the set's": one a line).
struct Section {
  std::string title;
  std::vector<std::string> lines;
};

struct TestSuite {
  std::string name;                // "golden check of gpu-cluster"
  std::vector<TestCase> cases;
  std::vector<std::string> notes;  // context for the whole run (a player missing, a spec changed)
  double seconds = 0;
  std::vector<Section> sections;   // more context, under titles (after the notes)

  // Cases with this outcome.
  std::size_t count(TestCase::Outcome outcome) const;
  // No case failed or errored.
  bool passed() const;
};

}  // namespace iconsynth::render::ci
