// The icon-grade static SVG: hand-clean text (the design grid's viewBox, currentColor, basic
// shapes, no transforms where none are needed) that librsvg draws as Cairo does. Chromium's
// rendering is checked in test_svg_browser.
#include "../lottie/support.h"

#include "render/cairo/raster.h"
#include "render/svg/static_svg.h"
#include "spec/color.h"

#include <catch2/catch.hpp>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include <memory>
#include <regex>

using namespace iconsynth;

namespace {

struct XmlDocDeleter {
  void operator()(xmlDoc* d) const { xmlFreeDoc(d); }
};

std::string property(xmlNode* node, const char* name) {
  xmlChar* value = xmlGetProp(node, BAD_CAST name);
  if (!value) return "";
  std::string out(reinterpret_cast<const char*>(value));
  xmlFree(value);
  return out;
}

// The rest pose (what build's svg/ holds) of every style at every preset weight.
std::vector<render::AnimatedScene> rest_poses(const spec::IconSpec& spec) {
  std::vector<render::AnimatedScene> scenes;
  for (const render::Variant& v : spec::VariantSpace(spec).variants({.motion = "light", .theme = "dark"})) {
    scenes.push_back(render::build_scene(spec, v));
  }
  return scenes;
}

std::string label(const render::AnimatedScene& scene) {
  return scene.variant.style + " w" + spec::VariantSpace::weight_label(scene.variant.weight);
}

}  // namespace

TEST_CASE("Static SVGs parse, sit on the design grid, ink in currentColor and use basic shapes", "[svg][static]") {
  for (const render::AnimatedScene& scene : rest_poses(test::builtin_spec())) {
    const std::string text = render::svg::write_static_svg(render::evaluate(scene, 0), 64);
    INFO(label(scene) << "\n" << text);
    std::unique_ptr<xmlDoc, XmlDocDeleter> doc(xmlReadMemory(text.data(), static_cast<int>(text.size()), "icon.svg", nullptr,
                                                             XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING));
    REQUIRE(doc);
    xmlNode* root = xmlDocGetRootElement(doc.get());
    CHECK(std::string(reinterpret_cast<const char*>(root->name)) == "svg");
    CHECK(property(root, "viewBox") == "0 0 24 24");
    CHECK(property(root, "width") == "64");
    CHECK(property(root, "height") == "64");
    xmlNode* first = xmlFirstElementChild(root);
    REQUIRE(first);
    CHECK(std::string(reinterpret_cast<const char*>(first->name)) == "title");
    // The primary is currentColor: its value appears once, in the rule for a standalone file.
    CHECK(text.find("rgb(") == std::string::npos);
    const std::string primary = spec::to_hex(scene.primary);
    CHECK(text.find(primary) == text.rfind(primary));
    CHECK_THAT(text, Catch::Contains(":root{color:" + primary + "}"));
    // Nothing but basic shapes and short paths, and on the 2x2 ring no transform at all.
    std::map<std::string, int> elements;
    for (xmlNode* n = xmlNextElementSibling(first); n; n = xmlNextElementSibling(n)) ++elements[reinterpret_cast<const char*>(n->name)];
    for (const auto& [name, count] : elements) CHECK((name == "style" || name == "rect" || name == "line" || name == "path" || name == "circle"));
    CHECK(elements["line"] == 4);  // the links
    CHECK(text.find("transform") == std::string::npos);
    CHECK(text.find("matrix") == std::string::npos);
    // Numbers trimmed: never more than three decimals.
    CHECK_FALSE(std::regex_search(text, std::regex(R"(\d\.\d{4})")));
    if (scene.variant.style == "outline") CHECK(text.size() <= 1536);
    if (scene.variant.style == "duotone") CHECK_THAT(text, Catch::Contains("color-mix(in srgb,currentColor 40%,#0B0F19)"));
  }
}

TEST_CASE("A turned ring's static SVG turns only its cards, and every frame of a motion is written", "[svg][static]") {
  const spec::IconSpec& spec = test::turned_ring_spec(6);
  const render::AnimatedScene scene = render::build_scene(spec, test::variant("outline", 2, "strong"));
  const std::string rest = render::svg::write_static_svg(render::evaluate(scene, 0), 48);
  CHECK(std::regex_search(rest, std::regex(R"(<rect [^>]*transform="rotate\()")));
  CHECK_FALSE(std::regex_search(rest, std::regex(R"(<(line|circle)[^>]*transform)")));
  // Mid-flight the packets are circles, the swelling cards' strokes scaled with them.
  const motion::PacketMotion& packet = scene.choreography.packets.front();
  const std::string flying = render::svg::write_static_svg(render::evaluate(scene, (packet.depart + packet.land) / 2), 48);
  CHECK(std::regex_search(flying, std::regex("<circle ")));
  CHECK(render::svg::write_static_svg(render::evaluate(scene, 0), 48) == rest);  // deterministic
}

TEST_CASE("librsvg draws every static SVG as Cairo draws the frame, at 24, 48 and 96 px", "[svg][static][rsvg]") {
  if (std::system("command -v rsvg-convert > /dev/null 2>&1") != 0) FAIL("rsvg-convert is missing: run tools/deps.sh --test (Debian librsvg2-bin)");
  const auto dir = test::artifact_dir("static-svg-rsvg");
  double worst = 0;
  std::string worst_at;
  for (const spec::IconSpec* spec : {&test::builtin_spec(), &test::ring_spec(6)}) {
    for (const render::AnimatedScene& scene : rest_poses(*spec)) {
      for (int size : {24, 48, 96}) {
        const std::string name = std::to_string(spec->module_count()) + "-" + scene.variant.style + "-w" +
                                 spec::VariantSpace::weight_label(scene.variant.weight) + "-" + std::to_string(size);
        const render::FrameScene frame = render::evaluate(scene, 0);
        std::ofstream(dir / (name + ".svg")) << render::svg::write_static_svg(frame, size);
        const std::string command = "rsvg-convert '" + (dir / (name + ".svg")).string() + "' -o '" + (dir / (name + ".png")).string() + "'";
        REQUIRE(std::system(command.c_str()) == 0);
        const render::ImageSurface theirs = render::decode_png(test::read_bytes(dir / (name + ".png")));
        const render::ImageSurface ours = render::render_frame(frame, size);
        REQUIRE(theirs.width() == size);
        const render::DiffStats d = render::compare_images(ours.view(), theirs.view(), 32);
        INFO(name << ": " << render::describe(d));
        CHECK(d.mean_abs <= 1.0);
        if (d.mean_abs > worst) worst = d.mean_abs, worst_at = name;
        if (d.mean_abs > 1.0) std::ofstream(dir / (name + "-cairo.png"), std::ios::binary) << ours.png_bytes();
      }
    }
  }
  WARN("rsvg-convert against Cairo: worst mean " << worst << " (" << worst_at << ")");
  // A control that must fail: librsvg's weight 1.5 against Cairo's 2.5.
  const render::ImageSurface thin = render::decode_png(test::read_bytes(dir / "4-outline-w1.5-96.png"));
  const render::AnimatedScene heavy = render::build_scene(test::builtin_spec(), test::variant("outline", 2.5, "light"));
  CHECK(render::compare_images(render::render_frame(render::evaluate(heavy, 0), 96).view(), thin.view(), 32).mean_abs > 1.0);
}
