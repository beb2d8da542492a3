// The icon-grade static SVG: hand-clean text (the design grid's viewBox, currentColor, basic
// shapes, no transforms where none are needed) that librsvg draws as Cairo does. Chromium's
// rendering is checked in test_svg_browser.
#include "../lottie/support.h"

#include "render/build/manifest.h"
#include "render/cairo/raster.h"
#include "render/cairo/sized_scene.h"
#include "render/svg/static_svg.h"
#include "spec/color.h"

#include <catch2/catch.hpp>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include <filesystem>
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

// The elements from `first` on, counted by name, inside the <g> that share a paint too.
std::map<std::string, int> element_counts(xmlNode* first) {
  std::map<std::string, int> counts;
  for (xmlNode* n = first ? xmlNextElementSibling(first) : nullptr; n; n = xmlNextElementSibling(n)) {
    const std::string name = reinterpret_cast<const char*>(n->name);
    ++counts[name];
    if (name == "g" && xmlFirstElementChild(n)) {
      ++counts[reinterpret_cast<const char*>(xmlFirstElementChild(n)->name)];
      for (const auto& [inner, count] : element_counts(xmlFirstElementChild(n))) counts[inner] += count;
    }
  }
  return counts;
}

bool basic_element(const std::string& name) {
  return name == "style" || name == "g" || name == "rect" || name == "line" || name == "path" || name == "circle";
}

std::unique_ptr<xmlDoc, XmlDocDeleter> parse_svg(const std::string& text) {
  return std::unique_ptr<xmlDoc, XmlDocDeleter>(xmlReadMemory(text.data(), static_cast<int>(text.size()), "icon.svg", nullptr,
                                                              XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING));
}

// librsvg's rendering of `svg` (written to DIR/NAME.svg) against Cairo's of `frame`, as the mean
// difference per channel; Cairo's PNG is kept beside it when the mean is over 1.
double rsvg_mean(const std::filesystem::path& dir, const std::string& name, const std::string& svg, const render::FrameScene& frame, int size) {
  std::ofstream(dir / (name + ".svg")) << svg;
  const std::string command = "rsvg-convert '" + (dir / (name + ".svg")).string() + "' -o '" + (dir / (name + ".png")).string() + "'";
  REQUIRE(std::system(command.c_str()) == 0);
  const render::ImageSurface theirs = render::decode_png(test::read_bytes(dir / (name + ".png")));
  const render::ImageSurface ours = render::render_frame(frame, size);
  REQUIRE(theirs.width() == size);
  const render::DiffStats d = render::compare_images(ours.view(), theirs.view(), 32);
  INFO(name << ": " << render::describe(d));
  if (d.mean_abs > 1.0) std::ofstream(dir / (name + "-cairo.png"), std::ios::binary) << ours.png_bytes();
  return d.mean_abs;
}

void require_rsvg() {
  if (std::system("command -v rsvg-convert > /dev/null 2>&1") != 0) FAIL("rsvg-convert is missing: run tools/deps.sh --test (Debian librsvg2-bin)");
}

}  // namespace

TEST_CASE("Static SVGs parse, sit on the design grid, ink in currentColor and use basic shapes", "[svg][static]") {
  for (const render::AnimatedScene& scene : rest_poses(test::builtin_spec())) {
    const std::string text = render::svg::write_static_svg(render::evaluate(scene, 0), 64);
    INFO(label(scene) << "\n" << text);
    const auto doc = parse_svg(text);
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
    const std::map<std::string, int> elements = element_counts(first);
    for (const auto& [name, count] : elements) CHECK(basic_element(name));
    CHECK(elements.at("line") == 4);  // the links
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
  require_rsvg();
  const auto dir = test::artifact_dir("static-svg-rsvg");
  double worst = 0;
  std::string worst_at;
  for (const spec::IconSpec* spec : {&test::builtin_spec(), &test::ring_spec(6)}) {
    for (const render::AnimatedScene& scene : rest_poses(*spec)) {
      for (int size : {24, 48, 96}) {
        const std::string name = std::to_string(spec->module_count()) + "-" + scene.variant.style + "-w" +
                                 spec::VariantSpace::weight_label(scene.variant.weight) + "-" + std::to_string(size);
        const render::FrameScene frame = render::evaluate(scene, 0);
        const double mean = rsvg_mean(dir, name, render::svg::write_static_svg(frame, size), frame, size);
        CHECK(mean <= 1.0);
        if (mean > worst) worst = mean, worst_at = name;
      }
    }
  }
  WARN("rsvg-convert against Cairo: worst mean " << worst << " (" << worst_at << ")");
  // A control that must fail: librsvg's weight 1.5 against Cairo's 2.5.
  const render::ImageSurface thin = render::decode_png(test::read_bytes(dir / "4-outline-w1.5-96.png"));
  const render::AnimatedScene heavy = render::build_scene(test::builtin_spec(), test::variant("outline", 2.5, "light"));
  CHECK(render::compare_images(render::render_frame(render::evaluate(heavy, 0), 96).view(), thin.view(), 32).mean_abs > 1.0);
}

TEST_CASE("build's hinted svg/ files at 16 to 64 px are short and parse, and librsvg draws them as Cairo draws that geometry", "[svg][static][rsvg]") {
  require_rsvg();
  const auto dir = test::artifact_dir("static-svg-built");
  const spec::IconSpec& spec = test::builtin_spec();
  double worst_mean = 0;
  std::size_t largest_outline = 0, files = 0;
  for (int size : {16, 24, 32, 48, 64}) {
    const std::filesystem::path out = dir / ("build-" + std::to_string(size));
    std::filesystem::remove_all(out);
    const std::string command = std::string(ICONSYNTH_CLI) + " build --size " + std::to_string(size) + " -o '" + out.string() + "' > /dev/null";
    REQUIRE(std::system(command.c_str()) == 0);
    const render::build::Manifest manifest = render::build::read_manifest(out);
    for (const render::build::ManifestFile* f : manifest.of_kind("svg")) {
      const std::string text = test::read_bytes(out / f->path);
      const render::Variant variant = test::variant(*f->variant->style, *f->variant->weight, spec.default_motion);
      const std::string name = std::to_string(size) + "-" + variant.style + "-w" + spec::VariantSpace::weight_label(variant.weight);
      INFO(name << " (" << text.size() << " bytes)\n" << text);
      // The same geometry build draws its PNGs in: fitted to this size's pixels.
      const render::AnimatedScene scene = render::scene_for_size(spec, variant, size);
      REQUIRE(render::hints_at(spec, size));
      const render::FrameScene frame = render::evaluate(scene, 0);
      CHECK(text == render::svg::write_static_svg(frame, size));
      const auto doc = parse_svg(text);
      REQUIRE(doc);
      xmlNode* root = xmlDocGetRootElement(doc.get());
      CHECK(property(root, "viewBox") == "0 0 24 24");
      for (const auto& [element, count] : element_counts(xmlFirstElementChild(root))) CHECK(basic_element(element));
      // No segment of no length ("C3.375 3.375 3.375 3.375 3.375 3.375") and no long decimals.
      CHECK_FALSE(std::regex_search(text, std::regex(R"(C(-?[\d.]+)[ ,]?(-?[\d.]+)[ ,]?\1[ ,]?\2[ ,]?\1[ ,]?\2)")));
      CHECK_FALSE(std::regex_search(text, std::regex(R"(\d\.\d{4})")));
      if (variant.style == "outline") {
        CHECK(text.size() <= 1536);
        largest_outline = std::max(largest_outline, text.size());
      }
      const double mean = rsvg_mean(dir, name, text, frame, size);
      CHECK(mean <= 1.0);
      worst_mean = std::max(worst_mean, mean);
      ++files;
    }
  }
  CHECK(files == 5 * 9);  // every style at every preset weight, at each size
  WARN("build's hinted static SVGs: largest outline " << largest_outline << " bytes, worst rsvg-convert mean " << worst_mean);
}
