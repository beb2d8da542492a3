#pragma once
// What a target's frames show the icon doing, measured frame by frame: each module's scale and,
// on each link, where a packet is (if one is). Measured by drawing our rest scene posed (modules
// scaled, one packet placed per link) and fitting the pose to the frame: the modules and the
// links' corridors do not overlap, so each module's scale is a search of its own over its own
// region, all of them stepped together, and the same for the packets. Measured tracks give the
// motion's timings, scales and easings their starting points without reading anything but pixels.

#include "render/fit/target_frames.h"
#include "render/scene/scene.h"

#include <optional>
#include <vector>

namespace iconsynth::render::fit {

struct MeasuredFrame {
  std::vector<double> module_scale;                  // by ring position; 1 = rest
  std::vector<std::optional<double>> link_progress;  // by link (link r leaves module r clockwise):
                                                     // 0 at module r's edge … 1 at its neighbour's
  // By link, whether a packet would show at each place along it (0 hidden, under a swollen solid
  // card; 1 plainly enough to be seen), at the places visibility_places() gives: where none was
  // seen, a packet there could not have been missed only where this is 1.
  std::vector<std::vector<double>> link_visibility;
};

// The places along a link (progress) where link_visibility is measured, in order.
const std::vector<double>& visibility_places();
// A packet's visibility at `progress`, interpolated between the places measured.
double visibility_at(const std::vector<double>& visibility, double progress);

struct MeasuredTracks {
  double frame_rate = 60;              // of the frames measured
  std::vector<MeasuredFrame> frames;
  long renders = 0;                    // frames drawn to measure them
};

// The tracks `frames` (size × size px, `frame_rate` frames a second) show, measured against
// `scene`'s elements at rest (any motion of the look and layout the target shows).
MeasuredTracks measure_tracks(const AnimatedScene& scene, const Frames& frames, int size, double frame_rate);

// Where the icon's parts sit in a size × size image of `scene`'s rest pose: the pixels near each
// link's route (where its packets run), every other pixel to its nearest module.
struct IconRegions {
  struct Route {
    std::size_t element = 0;  // a packet element that runs it
    Eigen::Vector2d a, b;     // px: at module r's edge, at its clockwise neighbour's
    bool present = false;
  };
  std::vector<std::size_t> modules;        // element indices, in ring order
  std::vector<Eigen::Vector2d> centers;    // px
  std::vector<Route> routes;               // by link
  double packet_radius = 0;                // px
  std::vector<std::vector<std::size_t>> module_pixels, link_pixels;  // indices into the image
};
IconRegions icon_regions(const AnimatedScene& scene, int size);

// The ink of each region as a few numbers that move smoothly with the geometry, however far off
// it is (unlike the pixel residual): per module its amount, centre and spread, per link its amount
// and its extent along the route. In px (amounts as a share of the region's pixels, ×10).
std::vector<double> ink_moments(const IconRegions& regions, const std::vector<std::uint32_t>& image, int size);

}  // namespace iconsynth::render::fit
