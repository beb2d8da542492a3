#pragma once
// What the golden tests share: a copy of the project's set, files compared byte for byte, and the
// report's HTML checked by libxml2 (whose HTML 4 parser knows no HTML5 element: those alone pass).
#include "../tools/cli_support.h"

#include <catch2/catch.hpp>
#include <libxml/HTMLparser.h>
#include <libxml/xpath.h>

#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace iconsynth::test {

inline const std::filesystem::path& golden_dir() {
  static const std::filesystem::path dir = std::filesystem::path(ICONSYNTH_SOURCE_DIR) / "tests" / "golden";
  return dir;
}

// A copy of the project's set to damage or update: WORK/set, WORK a fresh scratch folder.
inline std::filesystem::path copy_of_golden(const std::string& name) {
  const std::filesystem::path work = scratch_dir(name);
  std::filesystem::copy(golden_dir(), work / "set", std::filesystem::copy_options::recursive);
  return work;
}

// Every file of a folder, relative, with its bytes.
inline std::map<std::string, std::string> files_of(const std::filesystem::path& dir) {
  std::map<std::string, std::string> out;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) {
    if (e.is_regular_file()) out[e.path().lexically_relative(dir).generic_string()] = read_file(e.path());
  }
  return out;
}

// The files whose bytes differ between two listings, or that only one has.
inline std::set<std::string> differing(const std::map<std::string, std::string>& a, const std::map<std::string, std::string>& b) {
  std::set<std::string> out;
  for (const auto& [file, bytes] : a) {
    if (!b.count(file) || b.at(file) != bytes) out.insert(file);
  }
  for (const auto& [file, bytes] : b) {
    if (!a.count(file)) out.insert(file);
  }
  return out;
}

// libxml2's complaints about an HTML page, but for the HTML5 elements its HTML 4 parser does not know.
inline std::vector<std::string> html_errors(const std::string& html) {
  static const std::set<std::string> html5{"section", "figure", "figcaption", "details", "summary", "output"};
  std::vector<std::string> errors;
  xmlSetStructuredErrorFunc(&errors, [](void* sink, xmlErrorPtr e) {
    if (e->code == XML_HTML_UNKNOWN_TAG && e->str1 && html5.count(reinterpret_cast<const char*>(e->str1))) return;
    static_cast<std::vector<std::string>*>(sink)->push_back("line " + std::to_string(e->line) + ": " + (e->message ? e->message : "?"));
  });
  htmlDocPtr doc = htmlReadMemory(html.data(), static_cast<int>(html.size()), "index.html", "utf-8", HTML_PARSE_NONET);
  xmlSetStructuredErrorFunc(nullptr, nullptr);
  if (!doc) errors.push_back("not parsed");
  xmlFreeDoc(doc);
  return errors;
}

// A parsed HTML page and XPath over it.
class HtmlPage {
 public:
  explicit HtmlPage(const std::string& html)
      : doc_(htmlReadMemory(html.data(), static_cast<int>(html.size()), "index.html", "utf-8",
                            HTML_PARSE_NONET | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING),
             xmlFreeDoc),
        xpath_(xmlXPathNewContext(doc_.get()), xmlXPathFreeContext) {
    REQUIRE(doc_ != nullptr);
  }
  // The number an expression evaluates to ("count(//section)").
  double number(const std::string& expression) const {
    std::unique_ptr<xmlXPathObject, void (*)(xmlXPathObjectPtr)> r(
        xmlXPathEvalExpression(reinterpret_cast<const xmlChar*>(expression.c_str()), xpath_.get()), xmlXPathFreeObject);
    return r ? xmlXPathCastToNumber(r.get()) : -1;
  }
  // The text of every node an expression selects.
  std::vector<std::string> texts(const std::string& expression) const {
    std::unique_ptr<xmlXPathObject, void (*)(xmlXPathObjectPtr)> r(
        xmlXPathEvalExpression(reinterpret_cast<const xmlChar*>(expression.c_str()), xpath_.get()), xmlXPathFreeObject);
    std::vector<std::string> out;
    if (!r || !r->nodesetval) return out;
    for (int i = 0; i < r->nodesetval->nodeNr; ++i) {
      xmlChar* text = xmlNodeGetContent(r->nodesetval->nodeTab[i]);
      out.emplace_back(text ? reinterpret_cast<const char*>(text) : "");
      xmlFree(text);
    }
    return out;
  }

 private:
  std::unique_ptr<xmlDoc, void (*)(xmlDocPtr)> doc_;
  std::unique_ptr<xmlXPathContext, void (*)(xmlXPathContextPtr)> xpath_;
};

}  // namespace iconsynth::test
