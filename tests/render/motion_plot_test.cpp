// The motion chart draws each curve where its values say: sample known points.
#include "render/cairo/motion_plot.h"
#include "support.h"

#include "geometry/ring.h"

#include <catch2/catch.hpp>

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
