#pragma once
// A page source of the manual (tools/man/*.h2m), read as the docs tests need it. A source is a help2man
// include file: roff under [SECTION] headings (help2man's [=SECTION], [<SECTION], [>SECTION] too).
// Its code blocks (.EX … .EE, perhaps inside .RS … .RE) each follow one marker comment that says
// what the block is; tools/man/README.md explains them:
//   .\" run                          run as shown, after the page's blocks before it: exit 0
//   .\" run: exit N                  the same, exit N
//   .\" run: stopped with Ctrl-C     the same, in the background: Ctrl-C once it has printed and
//                                    gone quiet, exit 0
//   .\" run: steps                   a CI file: each of its `run:` lines is run as above
//   .\" output                       what the run block before it prints (shown lines, in order)
//   .\" file: NAME                   written to NAME, for the run blocks after it
//   .\" snippet: NAME (run by …)     code a test runs as written (snippet.h)

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace iconsynth::test {

struct CodeBlock {
  std::string marker;  // "run", "run: exit 2", "output", "file: my-spec.json", … ("" when it has none)
  std::string text;    // as the reader sees it: roff escapes undone, one line a line
  int line = 0;        // of its .EX in the source
};

struct ManSource {
  std::filesystem::path path;
  std::string page;                                      // "iconsynth-render"
  int section = 0;                                       // 1, 5 or 7
  std::map<std::string, std::vector<std::string>> sections;  // "EXIT STATUS" → its roff lines
  std::vector<std::string> section_order;                // as they come in the source
  std::vector<CodeBlock> blocks;
  std::vector<std::string> problems;                     // a code block with no marker, an unclosed .EX, …
};

// Reads one page source.
ManSource read_man_source(const std::filesystem::path& path);

// Every page source under tools/man/ of the source tree, by file name.
std::vector<ManSource> all_man_sources();

// The README's fenced code blocks, each with the marker of the `<!-- MARKER -->` line just above
// its fence (the same markers, and `set-up` for the two set-up commands, which CI runs).
ManSource read_readme_source();

// The text a roff line shows, fonts dropped and escapes undone (\- \e \& \(aq \(em …); a request
// line gives its arguments (".BR iconsynth\-spec (5)," → "iconsynth-spec(5),"), a comment nothing.
std::string shown_text(const std::string& roff_line);

// The shell commands of a run block: continued lines joined, then split at `&&`, `;`, `|`, `||`
// and newlines (outside quotes), comments dropped.
std::vector<std::string> shell_commands(const std::string& block);

// A command line split into words as the shell would (quotes removed; no expansion).
std::vector<std::string> shell_words(const std::string& command);

}  // namespace iconsynth::test
