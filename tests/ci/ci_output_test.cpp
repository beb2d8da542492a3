// The CI writers on hand-made suites: JUnit XML that parses and counts right whatever the text
// holds, GitHub annotations that cannot be broken by a message, Markdown that shows text as text.
#include "render/ci/github.h"
#include "render/ci/junit.h"

#include <catch2/catch.hpp>
#include <libxml/parser.h>
#include <libxml/xpath.h>

#include <memory>
#include <string>

using namespace iconsynth::render::ci;
using Outcome = TestCase::Outcome;

namespace {

TestSuite sample() {
  TestSuite suite{"golden check of gpu-cluster", {}, {"the spec differs"}, 1.5, {}};
  suite.cases.push_back({"outline-light-dark-w2", "golden.gpu-cluster", Outcome::Passed, {}, {}, {}, "png/a.png", 0.25, {}});
  suite.cases.push_back({"solid <&> \"w2\"", "golden.gpu-cluster", Outcome::Failed, "frame 3 differs: 1% > 0.5%",
                         "frame 3: mean 1\nframe 4: mean 2\n", "changed /layers[module-tl]/ks: 1 → 2\n", {}, 0.5, "frame-count"});
  suite.cases.push_back({"bad \x01 byte \xff here", "c", Outcome::Error, "crashed", {}, {}, {}, 0, {}});
  suite.cases.push_back({"skipped one", "c", Outcome::Skipped, "ThorVG missing", {}, {}, {}, 0, {}});
  suite.sections.push_back({"spec values that differ", {"motions.light.lead: 6 → 7", "a|b: <x>"}});
  return suite;
}

// Evaluates an XPath expression as a number on `xml`, which must parse.
double xpath_number(const std::string& xml, const std::string& expression) {
  std::unique_ptr<xmlDoc, void (*)(xmlDocPtr)> doc(xmlReadMemory(xml.data(), static_cast<int>(xml.size()), "junit.xml", nullptr, XML_PARSE_NONET),
                                                   xmlFreeDoc);
  REQUIRE(doc != nullptr);
  std::unique_ptr<xmlXPathContext, void (*)(xmlXPathContextPtr)> context(xmlXPathNewContext(doc.get()), xmlXPathFreeContext);
  std::unique_ptr<xmlXPathObject, void (*)(xmlXPathObjectPtr)> result(
      xmlXPathEvalExpression(reinterpret_cast<const xmlChar*>(expression.c_str()), context.get()), xmlXPathFreeObject);
  REQUIRE(result != nullptr);
  return xmlXPathCastToNumber(result.get());
}

}  // namespace

TEST_CASE("JUnit XML parses, counts each outcome, and carries any text", "[ci]") {
  const std::string xml = junit_xml(sample());
  CHECK(xpath_number(xml, "count(/testsuites/testsuite/testcase)") == 4);
  CHECK(xpath_number(xml, "number(/testsuites/@tests)") == 4);
  CHECK(xpath_number(xml, "number(/testsuites/testsuite/@failures)") == 1);
  CHECK(xpath_number(xml, "number(/testsuites/testsuite/@errors)") == 1);
  CHECK(xpath_number(xml, "number(/testsuites/testsuite/@skipped)") == 1);
  CHECK(xpath_number(xml, "number(/testsuites/testsuite/@time)") == 1.5);
  CHECK(xpath_number(xml, "count(//testcase[@name='solid <&> \"w2\"']/failure[@message='frame 3 differs: 1% > 0.5%'])") == 1);
  CHECK(xpath_number(xml, "count(//testcase[failure]/system-out[contains(., 'module-tl')])") == 1);
  CHECK(xpath_number(xml, "count(//testcase[@name='skipped one']/skipped)") == 1);
  CHECK(xpath_number(xml, "count(//testcase[@file='png/a.png'])") == 1);
  // A failure's kind is its type; a failure without one is of type "failure", an error "error".
  CHECK(xpath_number(xml, "count(//failure[@type='frame-count'])") == 1);
  CHECK(xpath_number(xml, "count(//error[@type='error'])") == 1);
  // The suite's output: its notes, then each section under its title.
  CHECK(xpath_number(xml, "count(/testsuites/testsuite/system-out[contains(., 'the spec differs\nspec values that differ:\n"
                          "  motions.light.lead: 6 → 7\n  a|b: <x>\n')])") == 1);
  // A control byte and invalid UTF-8 would make the document unreadable: both become U+FFFD.
  CHECK(xml.find("bad \xEF\xBF\xBD byte \xEF\xBF\xBD here") != std::string::npos);
}

TEST_CASE("GitHub annotations name the test and survive newlines, percents, colons and commas", "[ci]") {
  TestSuite suite{"check of a,b.lottie", {}, {}, 0, {}};
  suite.cases.push_back({"x: y", "c", Outcome::Failed, "50% worse\nsecond line", {}, {}, "dir/a,b.png", 0, {}});
  suite.cases.push_back({"fine", "c", Outcome::Passed, {}, {}, {}, {}, 0, {}});
  CHECK(github_annotations(suite) ==
        "::error file=dir/a%2Cb.png,title=check of a%2Cb.lottie%3A x%3A y::50%25 worse%0Asecond line\n");
  suite.cases.pop_back();
  suite.cases.front().outcome = Outcome::Passed;
  CHECK(github_annotations(suite).empty());
}

TEST_CASE("At most ten annotations: past nine, the tenth counts the rest", "[ci]") {
  TestSuite suite{"golden", {}, {}, 0, {}};
  for (int i = 0; i < 18; ++i) {
    std::string name = "v";  // not "v" + to_string(i): GCC 12's false -Wrestrict (bug 105329)
    name += std::to_string(i);
    suite.cases.push_back({name, "c", Outcome::Failed, "differs", {}, {}, {}, 0, {}});
  }
  const std::string text = github_annotations(suite);
  CHECK(std::count(text.begin(), text.end(), '\n') == 10);
  CHECK(text.find("::error title=golden%3A v8::differs\n") != std::string::npos);
  CHECK(text.find("v9") == std::string::npos);
  CHECK(text.find("::error title=golden::9 more failed") != std::string::npos);
}

TEST_CASE("The Markdown summary shows names as text: no HTML, no broken table", "[ci]") {
  const std::string md = markdown_summary(sample());
  CHECK(md.find("### golden check of gpu-cluster: **failed**") == 0);
  CHECK(md.find("4 tests: 1 passed, 1 failed, 1 errors, 1 skipped") != std::string::npos);
  CHECK(md.find("| solid &lt;&amp;&gt; &quot;w2&quot; | failed | frame 3 differs: 1% &gt; 0.5% |") != std::string::npos);
  CHECK(md.find("- the spec differs") != std::string::npos);
  CHECK(md.find("**spec values that differ**\n\n- motions.light.lead: 6 → 7\n- a\\|b: &lt;x&gt;\n") != std::string::npos);
  TestSuite pipes{"s", {{"a|b", "c", Outcome::Failed, "x*y*", {}, {}, {}, 0, {}}}, {}, 0, {}};
  CHECK(markdown_summary(pipes).find("| a\\|b | failed | x\\*y\\* |") != std::string::npos);
  CHECK(markdown_summary(pipes, 0).find("| … | | 1 more |") != std::string::npos);
}
