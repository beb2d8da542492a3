#pragma once
// A chart of a motion for people tweaking its parameters: each module's scale over the frames
// (top panel) and each packet's progress and visibility (bottom panel), with keyframes marked,
// Bézier handles drawn, events (departures, landings, swell peaks, the anticipation low)
// annotated with the spec path of the timing that places them, and the time axis in frames and
// milliseconds.

#include "motion/choreography.h"
#include "render/cairo/surface.h"

#include <cairo.h>

#include <string>

namespace iconsynth::render {

struct PlotOptions {
  int width = 1200;
  int height = 720;
  std::string title;
  // The motion's name in the spec: each event is then labelled, along its line, with the --set
  // path of the timing that places it (motions.<motion>.<event field>).
  std::string motion;
};

// Where things land on the chart: the same mapping the drawing uses, for callers and tests.
class PlotLayout {
 public:
  PlotLayout(const motion::Choreography& c, const PlotOptions& options);
  double x(double frame) const;
  double y_scale(double scale) const;        // top panel
  double y_progress(double progress) const;  // bottom panel, 0…1
  double scale_min() const { return scale_min_; }
  double scale_max() const { return scale_max_; }
  double left, right, scale_top, scale_bottom, packet_top, packet_bottom;

 private:
  int frame_count_;
  double scale_min_, scale_max_;
};

// Colour of a ring position (0 … 7, clockwise from the top left) on the chart, as 0xRRGGBB.
std::uint32_t ring_color(int ring_index);

// Draws the chart on `cr` (white background, width × height user units).
void draw_motion_plot(cairo_t* cr, const motion::Choreography& c, double frame_rate, const PlotOptions& options);

// The chart as PNG bytes, or as an SVG document.
std::string motion_plot_png(const motion::Choreography& c, double frame_rate, const PlotOptions& options);
std::string motion_plot_svg(const motion::Choreography& c, double frame_rate, const PlotOptions& options);

}  // namespace iconsynth::render
