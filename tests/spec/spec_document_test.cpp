// A spec document edited token by token: every byte outside the changed values stays as written,
// and the document a change list makes is the one --set makes of the same changes.
#include "spec/loader.h"
#include "spec/overrides.h"
#include "spec/spec_document.h"
#include "spec/tunable_paths.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace iconsynth::spec;

namespace {

// The bytes of `a` and `b` that differ, as one span each: [first differing byte, last + 1).
std::pair<std::string, std::string> differing_span(const std::string& a, const std::string& b) {
  std::size_t head = 0;
  while (head < a.size() && head < b.size() && a[head] == b[head]) ++head;
  std::size_t tail = 0;
  while (tail < a.size() - head && tail < b.size() - head && a[a.size() - 1 - tail] == b[b.size() - 1 - tail]) ++tail;
  return {a.substr(head, a.size() - head - tail), b.substr(head, b.size() - head - tail)};
}

}  // namespace

TEST_CASE("A change replaces its value's token and nothing else", "[spec][document]") {
  const std::string original(builtin_spec_text());
  const SpecDocument doc(original);
  const TokenRange scale = doc.token("motions.light.timeline.exchange.swell.scale");
  CHECK(original.substr(scale.begin, scale.end - scale.begin) == "1.12");
  const std::string edited = doc.with_changes({{"motions.light.timeline.exchange.swell.scale", 1.2}});
  CHECK(edited == original.substr(0, scale.begin) + "1.2" + original.substr(scale.end));

  // An easing preset becomes handles: the whole token, quotes included, is replaced.
  const std::string eased = doc.with_changes({{"motions.light.timeline.exchange.travel.ease", Json::array({0.3, 0, 0.2, 1})}});
  CHECK(differing_span(original, eased) == std::pair<std::string, std::string>{"\"ease-in-out\"", "[0.3,0,0.2,1]"});
  // …and a later change may reach inside it.
  const std::string handle = doc.with_changes({{"motions.light.timeline.exchange.travel.ease", Json::array({0.3, 0, 0.2, 1})},
                                               {"motions.light.timeline.exchange.travel.ease.2", 0.5}});
  CHECK(Json::parse(handle)["motions"]["light"]["timeline"]["exchange"]["travel"]["ease"] == Json::array({0.3, 0, 0.5, 1}));

  // A colour, a string token.
  const std::string recoloured = doc.with_changes({{"themes.dark.primary", "#E5484D"}});
  CHECK(differing_span(original, recoloured) == std::pair<std::string, std::string>{"FFFFFF", "E5484D"});
}

TEST_CASE("Spacing, key order and unusual layout survive edits", "[spec][document]") {
  // Tabs, CRLF, a value in a nested array, a key with an escape, a byte-order mark.
  const std::string text = "\xEF\xBB\xBF{\r\n\t\"a\" :  [ 1 ,\t2.50 , {\"b\\u0041\": -3e2} ],\r\n\t\"z\": \"x\\\"y\", \"n\": null }";
  const SpecDocument doc(text);
  CHECK(doc.with_changes({{"a.1", 7}}) == "\xEF\xBB\xBF{\r\n\t\"a\" :  [ 1 ,\t7 , {\"b\\u0041\": -3e2} ],\r\n\t\"z\": \"x\\\"y\", \"n\": null }");
  CHECK(doc.with_changes({{"a.2.bA", 4}}) == "\xEF\xBB\xBF{\r\n\t\"a\" :  [ 1 ,\t2.50 , {\"b\\u0041\": 4} ],\r\n\t\"z\": \"x\\\"y\", \"n\": null }");
  CHECK(doc.with_changes({{"z", "q"}, {"n", 1}}) == "\xEF\xBB\xBF{\r\n\t\"a\" :  [ 1 ,\t2.50 , {\"b\\u0041\": -3e2} ],\r\n\t\"z\": \"q\", \"n\": 1 }");
  CHECK(doc.with_changes({}) == text);
}

TEST_CASE("Every tunable path's token is its value, in the built-in spec and every example", "[spec][document]") {
  std::vector<std::string> texts{std::string(builtin_spec_text())};
  for (const auto& e : std::filesystem::directory_iterator(std::string(ICONSYNTH_SOURCE_DIR) + "/spec/examples")) {
    std::ifstream in(e.path());
    std::ostringstream text;
    text << in.rdbuf();
    texts.push_back(text.str());
  }
  for (const std::string& text : texts) {
    const SpecDocument doc(text);
    const IconSpec spec = load_spec_text(text);
    for (const TunablePath& p : tunable_paths(spec)) {
      INFO(p.path);
      const TokenRange r = doc.token(p.path);
      CHECK(Json::parse(text.substr(r.begin, r.end - r.begin)) == p.value);
    }
  }
}

TEST_CASE("A saved change list reads as the same document as --set with its flags", "[spec][document]") {
  const std::string original(builtin_spec_text());
  const std::vector<SpecChange> changes{{"motions.strong.timeline.sequence.1.exchange.swell.scale", 1.25},
                                        {"motions.light.timeline.exchange.travel.ease", Json::array({0.3, 0, 0.2, 1})},
                                        {"motions.light.timeline.exchange.swell.rise.ease", "snap"},
                                        {"motions.light.lead", "120ms"},
                                        {"themes.dark.primary", "#E5484D"}};
  Json by_set = parse_spec_json(original);
  for (const SpecChange& c : changes) apply_override(by_set, change_text(c));
  CHECK(parse_spec_json(SpecDocument(original).with_changes(changes)) == by_set);

  CHECK(set_flag(changes[0]) == "--set motions.strong.timeline.sequence.1.exchange.swell.scale=1.25");
  CHECK(set_flag(changes[1]) == "--set 'motions.light.timeline.exchange.travel.ease=[0.3,0,0.2,1]'");
  CHECK(set_flag(changes[2]) == "--set motions.light.timeline.exchange.swell.rise.ease=snap");
  CHECK(set_flag(changes[3]) == "--set motions.light.lead=120ms");
  CHECK(set_flag(changes[4]) == "--set 'themes.dark.primary=#E5484D'");
  CHECK(set_flag({"meta.title", "it's"}) == "--set 'meta.title=it'\\''s'");
  // A string that would read as JSON keeps its quotes, so --set reads it back as a string.
  CHECK(change_text({"meta.title", "12"}) == "meta.title=\"12\"");
  CHECK(parse_change(change_text({"meta.title", "12"})) == SpecChange{"meta.title", "12"});
}

TEST_CASE("Bad changes are refused naming the path, and bad text where it breaks", "[spec][document]") {
  const SpecDocument doc{std::string(builtin_spec_text())};
  CHECK_THROWS_WITH(doc.with_changes({{"layout.modul.size", 3}}), "/layout/modul: --set names no existing field (layout.modul.size)");
  CHECK_THROWS_WITH(SpecDocument("{\"a\": [1,, 2]}"), Catch::Contains("invalid JSON at line 1, column 10"));
  CHECK_THROWS_WITH(parse_change("frame_rate"), Catch::Contains("path.to.key=value"));
}

TEST_CASE("A value changed back is written as the original file wrote it", "[spec][document]") {
  const std::string original = "{\"a\": 2.50, \"b\": [1.0, 2]}";
  const SpecDocument doc(original);
  const SpecDocument edited(doc.with_changes({{"a", 3}, {"b.0", 4}}));
  CHECK(edited.text() == "{\"a\": 3, \"b\": [4, 2]}");
  CHECK(edited.with_changes({{"a", 2.5}, {"b.0", 1.0}}) == "{\"a\": 2.5, \"b\": [1.0, 2]}");
  CHECK(edited.with_changes({{"a", 2.5}, {"b.0", 1.0}}, &doc) == original);
}
