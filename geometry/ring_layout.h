#pragma once
// Rest pose of the ring on the design grid: where the modules sit, their card and die outlines,
// the links between them and the routes packets travel. Pure geometry: paints and motion live
// elsewhere.
//
// A ring of N modules sits at the vertices of a regular N-gon about the grid's centre, its top
// side flat. Each card is turned so that a corner points at the centre, as in the 2×2 ring, so
// turning the whole ring by 360°/N maps it onto itself. Links run along the polygon's sides.
// The spec's dimensions are the 2×2 ring's; other N scale every dimension of a module, link gap
// and packet by one factor (RingLayout::scale), the largest ≤ 1 that leaves neighbouring cards
// as far apart, for their size, as the 2×2 ring's; the modules then sit as far out as the
// padding allows.
//
// Keylines (LayoutParams::keyline_weight) make the rest pose pixel-true on the design grid, one
// unit a pixel: at that weight every straight edge falls on a whole unit. Cards then stand
// upright (a turned card has no straight edge to put there); a ring of N rounds its module size
// to whole units of the weight's parity (so a card's centre line carries the link's stroke on
// whole units when the weight is even, half units when odd), its corner radius to whole units
// (so each straight side starts and ends on a keyline) and its centres onto that lattice;
// dies round to whole units of the module's parity, or are left out when that leaves no room.
// The 2×2 ring's numbers are already on the grid: keylines change nothing there.

#include "geometry/path.h"
#include "geometry/ring.h"

#include <limits>
#include <vector>

namespace iconsynth::geometry {

// Every dimension of the rest pose, in grid units, as the spec gives it. Module and die sizes are
// *visual* sizes: the outer edge of the ink, so heavier strokes grow inward and the icon keeps its
// footprint.
struct LayoutParams {
  double grid = 24;                 // side of the square design grid
  double padding = 1;               // from the grid edge to a module's outer edge
  int modules = 4;                  // N: modules on the ring, kMinRingSize … kMaxRingSize
  double module_size = 8;           // outer side of a module card (on the 2×2 ring)
  double module_corner_radius = 2.25;  // outer corner radius of a card
  double die_size = 2;              // side of the die detail at nominal weight
  double die_corner_radius = 0.5;
  double die_clearance = 0.5;       // least free space between the card's inner edge and the die
  double die_min_size = 0.8;        // below this the die is left out rather than drawn as a speck
  double link_gap = 0.75;           // free space between a module's edge and its link's end
  double packet_radius = 1.75;      // packet dot radius at light weights
  double packet_min_stroke_ratio = 2;  // packet diameter ≥ this × stroke width, so it reads over the link
  double keyline_weight = 0;        // whole stroke weight whose straight edges fall on whole units; 0: no keylines
  bool upright_cards = false;       // cards stand upright instead of turning a corner to the centre (keylines
                                    // imply it; an optical size keeps it without the rounding)
  // Not in the spec: the largest packet radius the ring leaves room for, set by ring_layout so
  // that the packets of neighbouring links, flying together, stay a link gap apart (on a ring of
  // 3 a weight-3 packet would otherwise touch its neighbours mid-flight).
  double packet_max_radius = std::numeric_limits<double>::infinity();
};

// Where the N modules sit and the dimensions they are drawn at: the spec's layout fitted to N.
struct RingLayout {
  LayoutParams dims;             // the spec's, module / die / link gap / packet radius × scale (rounded on keylines)
  double scale = 1;              // 1 for the 2×2 ring
  std::vector<Point> centers;    // grid coordinates, in ring order
  std::vector<double> turns;     // degrees, clockwise on screen: each card's turn, in [0, 90)
  std::vector<double> edges;     // edges[k]: from a module's centre to its card's outer edge along
                                 // link k (the same at both of its ends)
};

// What the card's outline must leave room for.
struct CardInk {
  bool stroked = true;   // the card is outlined with the stroke weight (ink grows inward)
};

struct Module {
  int position = 0;   // ring index, 0 … N-1 clockwise
  Point center;
  double turn = 0;    // degrees: the card and die are drawn turned by this about the centre
  Path card;          // in module-local coordinates (origin at the centre, unturned), clockwise
  Path die;           // module-local, clockwise; empty when the weight leaves no room
};

struct Link {
  int from = 0;       // the link joins `from` to its clockwise neighbour
  Point start, end;   // the stroked centre line, in grid coordinates
};

struct PacketRoute {
  int from = 0;
  Point start, end;   // from the sender's facing edge to the receiver's facing edge
  double radius = 0;
};

struct RingGeometry {
  std::vector<Module> modules;       // in ring order
  std::vector<Link> links;           // links[i] leaves modules[i]
  std::vector<PacketRoute> routes;   // routes[i] runs along links[i], clockwise
};

// The spec's layout fitted to its number of modules.
RingLayout ring_layout(const LayoutParams& params);

// Rest-pose geometry for one stroke weight and card ink.
RingGeometry build_ring(const RingLayout& layout, double stroke_weight, CardInk ink);
// The same for the spec's layout as given (fitted first).
RingGeometry build_ring(const LayoutParams& params, double stroke_weight, CardInk ink);

// The 2×2 ring: distance from the grid centre to each module centre, along x and along y.
double module_offset(const LayoutParams& params);

// Length of the free run between neighbouring cards along link k (at rest, scale 1).
double free_run(const RingLayout& layout, int link);
// The shortest free run of any link.
double free_run(const RingLayout& layout);
// The largest module scale (a swell) that keeps every card inside the grid.
double max_swell_in_grid(const RingLayout& layout);
// The largest module scale at which no two neighbouring cards, swelling together, touch along
// their link.
double max_swell_apart(const RingLayout& layout);
// The largest swell the layout allows: inside the grid and apart (the lesser of the two above).
double max_swell(const RingLayout& layout);

// Half the side of the die that fits a card of this ink and weight (0 when left out).
double die_half_size(const LayoutParams& params, double stroke_weight, CardInk ink);

// Radius of a packet at this stroke weight: the spec's, grown to packet_min_stroke_ratio × the
// stroke's half width, at most packet_max_radius.
double packet_radius(const LayoutParams& params, double stroke_weight);

// Every stroke weight at which some rest-pose dimension bends (a min or max switches sides) or
// the die appears or goes, sorted and unique; the die's cut-off is followed by a weight 1e-4
// above it. Between two neighbours every point, radius and width of build_ring is linear in the
// weight, so keyframes at these weights (and the range's ends) reproduce any weight exactly.
// Pass the fitted dimensions (RingLayout::dims).
std::vector<double> weight_breakpoints(const LayoutParams& params, CardInk ink);

}  // namespace iconsynth::geometry
