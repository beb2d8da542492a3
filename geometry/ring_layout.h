#pragma once
// Rest pose of the ring on the design grid: where the modules sit, their card and die outlines,
// the links between them and the routes packets travel. Pure geometry: paints and motion live
// elsewhere.

#include "geometry/path.h"
#include "geometry/ring.h"

#include <array>
#include <vector>

namespace iconsynth::geometry {

// Every dimension of the rest pose, in grid units. Module and die sizes are *visual* sizes: the
// outer edge of the ink, so heavier strokes grow inward and the icon keeps its footprint.
struct LayoutParams {
  double grid = 24;                 // side of the square design grid
  double padding = 1.25;            // from the grid edge to a module's outer edge
  double module_size = 8;           // outer side of a module card
  double module_corner_radius = 2.25;  // outer corner radius of a card
  double die_size = 2.5;            // side of the die detail at nominal weight
  double die_corner_radius = 0.5;
  double die_clearance = 0.5;       // least free space between the card's inner edge and the die
  double die_min_size = 0.8;        // below this the die is left out rather than drawn as a speck
  double link_gap = 0.75;           // free space between a module's edge and its link's end
  double packet_radius = 1.75;      // packet dot radius at light weights
  double packet_min_stroke_ratio = 2;  // packet diameter ≥ this × stroke width, so it reads over the link
};

// What the card's outline must leave room for.
struct CardInk {
  bool stroked = true;   // the card is outlined with the stroke weight (ink grows inward)
};

struct Module {
  RingPosition position;
  Point center;
  Path card;   // in module-local coordinates (origin at the centre), clockwise
  Path die;    // module-local, clockwise; empty when the weight leaves no room
};

struct Link {
  RingPosition from;  // the link joins `from` to clockwise_next(from)
  Point start, end;   // the stroked centre line, in grid coordinates
};

struct PacketRoute {
  RingPosition from;
  Point start, end;   // from the sender's facing edge to the receiver's facing edge
  double radius;
};

struct RingGeometry {
  std::array<Module, kRingSize> modules;
  std::array<Link, kRingSize> links;
  std::array<PacketRoute, kRingSize> routes;
};

// Rest-pose geometry for one stroke weight and card ink.
RingGeometry build_ring(const LayoutParams& params, double stroke_weight, CardInk ink);

// Distance from the grid centre to each module centre, along x and along y.
double module_offset(const LayoutParams& params);

// Half the side of the die that fits a card of this ink and weight (0 when left out).
double die_half_size(const LayoutParams& params, double stroke_weight, CardInk ink);

// Radius of a packet at this stroke weight.
double packet_radius(const LayoutParams& params, double stroke_weight);

// Every stroke weight at which some rest-pose dimension bends (a min or max switches sides) or
// the die appears or goes, sorted and unique; the die's cut-off is followed by a weight 1e-4
// above it. Between two neighbours every point, radius and width of build_ring is linear in the
// weight, so keyframes at these weights (and the range's ends) reproduce any weight exactly.
std::vector<double> weight_breakpoints(const LayoutParams& params, CardInk ink);

}  // namespace iconsynth::geometry
