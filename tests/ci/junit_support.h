#pragma once
// JUnit files as CI systems read them: a small schema of the common format, checked by xmllint,
// and XPath queries on the result.

#include "../tools/cli_support.h"

#include <catch2/catch.hpp>
#include <libxml/parser.h>
#include <libxml/xpath.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace iconsynth::test {

// The common JUnit format CI systems read (Jenkins, GitLab, CircleCI, GitHub reporters), as far
// as it goes for us: testsuites › testsuite with its counts › testcase with an optional failure,
// error or skipped, and output.
inline const char* const kJunitSchema = R"(<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:attributeGroup name="counts">
    <xs:attribute name="tests" type="xs:nonNegativeInteger" use="required"/>
    <xs:attribute name="failures" type="xs:nonNegativeInteger" use="required"/>
    <xs:attribute name="errors" type="xs:nonNegativeInteger" use="required"/>
    <xs:attribute name="skipped" type="xs:nonNegativeInteger" use="required"/>
    <xs:attribute name="time" type="xs:decimal" use="required"/>
  </xs:attributeGroup>
  <xs:complexType name="problem">
    <xs:simpleContent>
      <xs:extension base="xs:string">
        <xs:attribute name="message" type="xs:string"/>
        <xs:attribute name="type" type="xs:string"/>
      </xs:extension>
    </xs:simpleContent>
  </xs:complexType>
  <xs:element name="testsuites">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="testsuite" maxOccurs="unbounded">
          <xs:complexType>
            <xs:sequence>
              <xs:element name="system-out" type="xs:string" minOccurs="0"/>
              <xs:element name="testcase" minOccurs="0" maxOccurs="unbounded">
                <xs:complexType>
                  <xs:sequence>
                    <xs:choice minOccurs="0">
                      <xs:element name="failure" type="problem"/>
                      <xs:element name="error" type="problem"/>
                      <xs:element name="skipped" type="problem"/>
                    </xs:choice>
                    <xs:element name="system-out" type="xs:string" minOccurs="0"/>
                  </xs:sequence>
                  <xs:attribute name="name" type="xs:string" use="required"/>
                  <xs:attribute name="classname" type="xs:string" use="required"/>
                  <xs:attribute name="time" type="xs:decimal" use="required"/>
                  <xs:attribute name="file" type="xs:string"/>
                </xs:complexType>
              </xs:element>
            </xs:sequence>
            <xs:attribute name="name" type="xs:string" use="required"/>
            <xs:attributeGroup ref="counts"/>
          </xs:complexType>
        </xs:element>
      </xs:sequence>
      <xs:attribute name="name" type="xs:string"/>
      <xs:attributeGroup ref="counts"/>
    </xs:complexType>
  </xs:element>
</xs:schema>
)";

// xmllint's own verdict on the file against the schema.
inline void require_valid_junit(const std::filesystem::path& xml, const std::filesystem::path& work) {
  const std::filesystem::path schema = work / "junit.xsd";
  std::ofstream(schema) << kJunitSchema;
  const std::string command = "xmllint --noout --schema '" + schema.string() + "' '" + xml.string() + "' > '" +
                              (work / "xmllint.txt").string() + "' 2>&1";
  const int status = std::system(command.c_str());
  INFO(read_file(work / "xmllint.txt"));
  REQUIRE(status == 0);
}

// The values of an XPath expression's nodes (attributes or text).
inline std::vector<std::string> xpath_values(const std::filesystem::path& file, const std::string& expression) {
  xmlDocPtr doc = xmlReadFile(file.c_str(), nullptr, XML_PARSE_NONET);
  REQUIRE(doc != nullptr);
  xmlXPathContextPtr context = xmlXPathNewContext(doc);
  xmlXPathObjectPtr result = xmlXPathEvalExpression(reinterpret_cast<const xmlChar*>(expression.c_str()), context);
  std::vector<std::string> values;
  if (result && result->nodesetval) {
    for (int i = 0; i < result->nodesetval->nodeNr; ++i) {
      xmlChar* text = xmlNodeGetContent(result->nodesetval->nodeTab[i]);
      values.emplace_back(reinterpret_cast<const char*>(text));
      xmlFree(text);
    }
  }
  xmlXPathFreeObject(result);
  xmlXPathFreeContext(context);
  xmlFreeDoc(doc);
  return values;
}

}  // namespace iconsynth::test
