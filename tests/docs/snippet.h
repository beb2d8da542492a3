#pragma once
// Code the docs show and a test runs as written (a "snippet"): the README's fenced block after
// `<!-- snippet: NAME …-->`, or a manual page's .EX block after `.\" snippet: NAME …`
// (tools/man/README.md). A test that runs one names it; the docs tests leave it to that test.

#include <string>

namespace iconsynth::test {

// The snippet's text as a reader copies it (roff escapes undone); throws naming it when no doc
// has it, or when two do.
std::string docs_snippet(const std::string& name);

}  // namespace iconsynth::test
