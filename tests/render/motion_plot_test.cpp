// The motion chart draws each curve where its values say: sample known points.
#include "render/cairo/motion_plot.h"
#include "support.h"

#include "geometry/ring.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <map>

using namespace iconsynth;

namespace {
// True when some pixel within `radius` of (x, y) is close to the 0xRRGGBB colour.
bool colour_near(const render::ImageSurface& img, double x, double y, std::uint32_t rgb, int radius = 2) {
  for (int dy = -radius; dy <= radius; ++dy) {
    for (int dx = -radius; dx <= radius; ++dx) {
      const int px = static_cast<int>(std::lround(x)) + dx, py = static_cast<int>(std::lround(y)) + dy;
      if (px < 0 || py < 0 || px >= img.width() || py >= img.height()) continue;
      const std::uint32_t p = img.pixel(px, py);
      int worst = 0;
      for (int shift : {0, 8, 16}) worst = std::max(worst, std::abs(int((p >> shift) & 255) - int((rgb >> shift) & 255)));
      if (worst <= 40) return true;
    }
  }
  return false;
}
}  // namespace

TEST_CASE("Each module's scale curve passes through its own values, in its own colour", "[render][plot]") {
  // Staggered departures pull the four curves apart so each can be seen.
  const spec::Json builtin = spec::Json::parse(spec::builtin_spec_text());
  const spec::Json wave = {{"stagger", {{"lag", 6}, {"clip", builtin["motions"]["light"]["timeline"]}}}};
  const spec::IconSpec spec = spec::load_spec_with_overrides("", {"motions.light.timeline=" + wave.dump()});
  const motion::Choreography c = motion::choreograph(spec.choreography("light"), 4);
  const render::PlotOptions options;
  const render::ImageSurface img = render::decode_png(render::motion_plot_png(c, spec.frame_rate, options));
  const render::PlotLayout layout(c, options);
  for (int m = 0; m < 4; ++m) {
    INFO("module " << m);
    for (const motion::ChoreographyEvent& e : c.events) {
      if (e.kind != motion::ChoreographyEvent::Kind::SwellPeak || e.module != m) continue;
      CHECK(colour_near(img, layout.x(e.frame), layout.y_scale(c.module_scale[m].at(e.frame)), render::ring_color(m)));
      // Half-way up the rise, too: a point on the curve that is not a keyframe.
      const double f = e.frame - 4;
      CHECK(colour_near(img, layout.x(f), layout.y_scale(c.module_scale[m].at(f)), render::ring_color(m)));
    }
  }
  // And nowhere near a wrong value: well above the light swell's peak there is no curve.
  CHECK_FALSE(colour_near(img, layout.x(38), layout.y_scale(1.0) - 0.5 * (layout.y_scale(1.0) - layout.scale_top), render::ring_color(0), 1));
}

TEST_CASE("Packet progress is drawn in the sender's colour from 0 to 1", "[render][plot]") {
  const spec::IconSpec& spec = test::builtin_spec();
  const motion::Choreography c = motion::choreograph(spec.choreography("strong"), 4);
  const render::PlotOptions options;
  const render::ImageSurface img = render::decode_png(render::motion_plot_png(c, spec.frame_rate, options));
  const render::PlotLayout layout(c, options);
  const motion::PacketMotion& p = c.packets.front();
  const double mid = (p.depart + p.land) / 2;
  // Packets of a round overlap exactly (no stagger): the last one drawn shows.
  const std::uint32_t last_sender = render::ring_color(c.packets[3].sender);
  CHECK(colour_near(img, layout.x(mid), layout.y_progress(p.progress.at(mid)), last_sender));
  CHECK(colour_near(img, layout.x(p.land), layout.y_progress(1), last_sender));
}

TEST_CASE("Plot sizes outside the supported range are refused", "[render][plot]") {
  const motion::Choreography c = motion::choreograph(test::builtin_spec().choreography("light"), 4);
  CHECK_THROWS_WITH(render::motion_plot_png(c, 60, {100, 100, "", ""}), Catch::Contains("outside 480x320"));
}

namespace {
// A label's box in the SVG chart: Cairo writes each run of text as a <g> of its colour holding one
// <use> per glyph at the glyph's origin.
struct LabelBox {
  double left, top, right, bottom;
  bool overlaps(const LabelBox& o) const { return left < o.right && o.left < right && top < o.bottom && o.top < bottom; }
};

std::string cairo_fill(std::uint32_t rgb) {
  char text[64];
  std::snprintf(text, sizeof text, "fill:rgb(%f%%,%f%%,%f%%)", ((rgb >> 16) & 255) / 2.55, ((rgb >> 8) & 255) / 2.55, (rgb & 255) / 2.55);
  return text;
}

// The boxes of the runs of text in `rgb`: horizontal ones (10 px, glyphs along x) and turned ones
// (9 px, written upwards: every glyph at one x).
std::vector<LabelBox> label_boxes(const std::string& svg, std::uint32_t rgb) {
  std::vector<LabelBox> boxes;
  const std::string opening = "<g style=\"" + cairo_fill(rgb) + ";";
  for (std::size_t at = svg.find(opening); at != std::string::npos; at = svg.find(opening, at + 1)) {
    const std::string body = svg.substr(at, svg.find("</g>", at) - at);
    double x0 = 1e9, x1 = -1e9, y0 = 1e9, y1 = -1e9;
    for (std::size_t u = body.find("<use "); u != std::string::npos; u = body.find("<use ", u + 1)) {
      const double x = std::stod(body.substr(body.find(" x=\"", u) + 4)), y = std::stod(body.substr(body.find(" y=\"", u) + 4));
      x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
    }
    if (x1 < x0) continue;
    const bool turned = x0 == x1 && y0 < y1;
    boxes.push_back(turned ? LabelBox{x0 - 7, y0 - 6, x0 + 2, y1} : LabelBox{x0, y0 - 8, x1 + 6.4, y0 + 2});
  }
  return boxes;
}
}  // namespace

TEST_CASE("Event labels never overlap, events of one frame (strong's frame 41) included", "[render][plot]") {
  const spec::IconSpec& spec = test::builtin_spec();
  for (const std::string motion : {"light", "strong"}) {
    const motion::Choreography c = motion::choreograph(spec.choreography(motion), 4);
    std::map<double, int> per_frame;
    for (const motion::ChoreographyEvent& e : c.events) ++per_frame[e.frame];
    if (motion == "strong") REQUIRE(per_frame[41] >= 2);  // the case that used to collide
    for (const render::PlotOptions& size : {render::PlotOptions{}, render::PlotOptions{480, 320, "", ""}}) {
      render::PlotOptions options = size;
      options.motion = motion;
      const std::string svg = render::motion_plot_svg(c, spec.frame_rate, options);
      // The events' names (0x4B5563) and their spec paths (0x6B7280, turned).
      const std::vector<LabelBox> names = label_boxes(svg, 0x4B5563);
      std::vector<LabelBox> paths;
      for (const LabelBox& b : label_boxes(svg, 0x6B7280)) {
        if (b.bottom - b.top > 20 && b.right - b.left < 10) paths.push_back(b);
      }
      INFO(motion << " at " << options.width << "x" << options.height);
      CHECK(names.size() >= (motion == "strong" ? 7u : 3u));
      CHECK(paths.size() == names.size());
      for (const std::vector<LabelBox>* family : {&names, static_cast<const std::vector<LabelBox>*>(&paths)}) {
        for (std::size_t i = 0; i < family->size(); ++i) {
          for (std::size_t j = i + 1; j < family->size(); ++j) {
            INFO("labels " << i << " and " << j);
            CHECK_FALSE((*family)[i].overlaps((*family)[j]));
          }
        }
      }
    }
  }
}
