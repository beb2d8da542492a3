// The animated SVG as a document: well-formed, self-contained, deterministic, scoped, smaller than
// the Lottie, and a transcription of the scene's own keys (the browser suite checks the pixels).
#include "../lottie/support.h"

#include "render/svg/animated_svg.h"
#include "render/svg/css_text.h"

#include <catch2/catch.hpp>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <zlib.h>

#include <iostream>
#include <regex>

using namespace iconsynth;
using render::svg::write_animated_svg;

namespace {

struct XmlDocFree {
  void operator()(xmlDoc* d) const { xmlFreeDoc(d); }
};

// Everything in the tree a self-contained, script-free image must not have.
void check_self_contained(xmlNode* node, std::vector<std::string>& found) {
  for (xmlNode* n = node; n; n = n->next) {
    if (n->type != XML_ELEMENT_NODE) continue;
    const std::string name = reinterpret_cast<const char*>(n->name);
    for (const char* banned : {"script", "foreignObject", "image", "use", "a", "iframe"}) {
      if (name == banned) found.push_back("<" + name + ">");
    }
    for (xmlAttr* a = n->properties; a; a = a->next) {
      const std::string attr = reinterpret_cast<const char*>(a->name);
      if (attr == "href" || attr.rfind("on", 0) == 0) found.push_back(name + " @" + attr);
    }
    check_self_contained(n->children, found);
  }
}

std::size_t gzip_size(const std::string& text) {
  std::vector<unsigned char> out(compressBound(text.size()) + 64);
  z_stream z{};
  REQUIRE(deflateInit2(&z, 9, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) == Z_OK);
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = out.data();
  z.avail_out = static_cast<uInt>(out.size());
  REQUIRE(deflate(&z, Z_FINISH) == Z_STREAM_END);
  const std::size_t n = z.total_out;
  deflateEnd(&z);
  return n;
}

// The selectors of a stylesheet's top-level rules, and of the rules inside @media (not the
// percentages inside @keyframes).
std::vector<std::string> top_level_selectors(const std::string& css) {
  std::vector<std::string> selectors;
  std::vector<bool> in_keyframes;  // per open block
  std::size_t start = 0;
  for (std::size_t i = 0; i < css.size(); ++i) {
    if (css[i] == '{') {
      const std::string head = css.substr(start, i - start);
      const bool keyframes = head.find("@keyframes") != std::string::npos;
      const bool inside_keyframes = !in_keyframes.empty() && in_keyframes.back();
      if (head.find('@') == std::string::npos && !inside_keyframes) selectors.push_back(head);
      in_keyframes.push_back(keyframes);
      start = i + 1;
    } else if (css[i] == '}') {
      if (!in_keyframes.empty()) in_keyframes.pop_back();
      start = i + 1;
    }
  }
  return selectors;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("Every variant's SVG is well-formed XML, an <svg> with a title, and references nothing", "[svg]") {
  for (const render::Variant& v : test::all_style_motion_variants()) {
    const render::AnimatedScene scene = render::build_scene(test::builtin_spec(), v);
    for (bool pretty : {false, true}) {
      const std::string text = write_animated_svg(scene, {128, pretty});
      INFO(spec::VariantSpace::animation_id(v) << (pretty ? " pretty" : ""));
      std::unique_ptr<xmlDoc, XmlDocFree> doc(
          xmlReadMemory(text.data(), static_cast<int>(text.size()), "icon.svg", nullptr, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING));
      REQUIRE(doc);
      xmlNode* root = xmlDocGetRootElement(doc.get());
      REQUIRE(root);
      CHECK(std::string(reinterpret_cast<const char*>(root->name)) == "svg");
      REQUIRE(root->ns);
      CHECK(std::string(reinterpret_cast<const char*>(root->ns->href)) == "http://www.w3.org/2000/svg");
      xmlChar* role = xmlGetProp(root, BAD_CAST "role");
      REQUIRE(role);
      CHECK(std::string(reinterpret_cast<const char*>(role)) == "img");
      xmlFree(role);
      // <title> first, then <desc>: what assistive technology announces.
      xmlNode* first = xmlFirstElementChild(root);
      REQUIRE(first);
      CHECK(std::string(reinterpret_cast<const char*>(first->name)) == "title");
      CHECK(std::string(reinterpret_cast<const char*>(xmlNextElementSibling(first)->name)) == "desc");
      std::vector<std::string> found;
      check_self_contained(root, found);
      CHECK(found.empty());
      CHECK(text.find("url(") == std::string::npos);
      CHECK(text.find("@import") == std::string::npos);
    }
  }
}

TEST_CASE("The SVG is deterministic, and scoped so that two variants inline on one page do not collide", "[svg]") {
  const spec::IconSpec& spec = test::builtin_spec();
  std::set<std::string> scopes;
  for (const render::Variant& v : test::all_style_motion_variants()) {
    const render::AnimatedScene scene = render::build_scene(spec, v);
    const std::string a = write_animated_svg(scene, {128});
    CHECK(a == write_animated_svg(render::build_scene(spec, v), {128}));
    const std::smatch m = [&] {
      std::smatch match;
      REQUIRE(std::regex_search(a, match, std::regex(R"re(class="(gpu-cluster-[0-9a-f]{8})")re")));
      return match;
    }();
    scopes.insert(m[1]);
    // Every rule and every animation name carries the scope.
    const std::string scope = m[1];
    CHECK(count(a, "@keyframes ") == count(a, "@keyframes " + scope + "-k"));
    const std::string style = a.substr(a.find("<style>") + 7, a.find("</style>") - a.find("<style>") - 7);
    for (const std::string& selector : top_level_selectors(style)) {
      INFO(selector);
      CHECK(selector.find("." + scope) != std::string::npos);
    }
  }
  CHECK(scopes.size() == test::all_style_motion_variants().size());
}

TEST_CASE("Each animated track becomes one @keyframes rule with the scene's own keys and easing", "[svg]") {
  const render::AnimatedScene scene = render::build_scene(test::builtin_spec(), test::variant("outline", 2, "strong"));
  const std::string text = write_animated_svg(scene, {128, true});
  // Each @keyframes rule's keys with their offsets left out: "{scale:1}{scale:0.88;…}…".
  std::vector<std::string> rules;
  for (std::size_t at = text.find("@keyframes"); at != std::string::npos; at = text.find("@keyframes", at + 1)) {
    const std::size_t end = text.find("\n}", at);
    std::string keys;
    for (std::size_t open = text.find('{', text.find('{', at) + 1); open < end; open = text.find('{', open + 1)) {
      keys += text.substr(open, text.find('}', open) - open + 1);
    }
    rules.push_back(keys);
  }
  int modules = 0;
  for (const render::Element& e : scene.elements) {
    if (e.scale.is_static()) continue;
    ++modules;
    // The scene's keys one for one, each with the timing function of the segment it starts; the
    // rule may add a 0% key before them and a 100% key after them (values hold there).
    std::string expected;
    for (std::size_t i = 0; i < e.scale.keys().size(); ++i) {
      const auto& k = e.scale.keys()[i];
      expected += "{scale:" + render::svg::css_number(k.value);
      if (i + 1 < e.scale.keys().size() && k.ease.kind != motion::Easing::Kind::Linear) {
        expected += ";animation-timing-function:" + render::svg::timing_function(k.ease);
      }
      expected += "}";
    }
    INFO(e.name << " expects " << expected);
    CHECK(std::any_of(rules.begin(), rules.end(), [&](const std::string& r) { return r.find(expected) != std::string::npos; }));
  }
  CHECK(modules == 4);
  CHECK(text.find("steps(1,end)") != std::string::npos);     // the packets' appearances are holds
  CHECK(text.find("cubic-bezier(") != std::string::npos);
}

TEST_CASE("The reduced-motion rendition is the rest pose with no animation at all", "[svg]") {
  const render::AnimatedScene scene = render::rest_pose(render::build_scene(test::builtin_spec(), test::variant("duotone", 2, "light")));
  const std::string text = write_animated_svg(scene, {64});
  CHECK(text.find("@keyframes") == std::string::npos);
  CHECK(text.find("linear both") == std::string::npos);
  CHECK(count(text, "<g ") == scene.elements.size());
}

TEST_CASE("Each SVG is smaller than the same variant's minified Lottie", "[svg][size]") {
  for (const render::Variant& v : test::all_style_motion_variants()) {
    const render::AnimatedScene scene = render::build_scene(test::builtin_spec(), v);
    const std::string svg = write_animated_svg(scene, {24});
    const std::string lottie = render::lottie::write_animation(scene, {}).dump();
    std::cout << spec::VariantSpace::animation_id(v) << ": svg " << svg.size() << " bytes (gzip " << gzip_size(svg)
              << "), lottie " << lottie.size() << " bytes (gzip " << gzip_size(lottie) << ")\n";
    INFO(spec::VariantSpace::animation_id(v));
    CHECK(svg.size() < lottie.size());
    CHECK(gzip_size(svg) < gzip_size(lottie));
  }
}

TEST_CASE("A part that follows the weight but is no rect or circle is refused, by name", "[svg]") {
  render::AnimatedScene scene = render::build_scene(test::builtin_spec(), test::variant("outline", 2, "light"));
  render::Element& module = scene.elements.back();
  render::Part& die = module.parts.back();
  REQUIRE_FALSE(die.across_weights.empty());
  // A die drawn as a triangle that grows with the weight.
  for (render::PartAtWeight& s : die.across_weights) {
    s.path = geometry::Path().move_to({0, 0}).line_to({s.weight, 0}).line_to({0, 1}).close();
  }
  die.path = die.across_weights.front().path;
  try {
    (void)write_animated_svg(scene);
    FAIL("no error");
  } catch (const std::invalid_argument& e) {
    CHECK(std::string(e.what()).find("element '" + module.name + "' part '" + die.name + "'") != std::string::npos);
  }
}
