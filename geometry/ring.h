#pragma once
// The ring's topology for any size N: positions 0 … N-1 in clockwise order, position 0 at the
// left end of the top side, and the link that joins each position to its clockwise neighbour.
// Names here are the ones layers and files carry.
//
// Positions and links are named by where they sit as seen from the ring's centre, on a 16-point
// compass in screen words: "t", "r", "b", "l" on an axis, "tl", "tr", "br", "bl" on a diagonal,
// and between the two the nearer side first ("rt": right, toward the top). Links take the long
// words ("top", "top-right", "right-top" …). So the 2×2 ring keeps its names (tl, tr, br, bl;
// top, right, bottom, left), and within a ring of 3 … 8 every name is distinct (the compass
// points are 22.5° apart, neighbours at least 45°).

#include <string>

namespace iconsynth::geometry {

inline constexpr int kMinRingSize = 3;
inline constexpr int kMaxRingSize = 8;

// The clockwise neighbour of `position`: the module it sends its packet to.
constexpr int clockwise_next(int position, int size) { return (position + 1) % size; }
// The counter-clockwise neighbour: the module `position` receives its packet from.
constexpr int clockwise_previous(int position, int size) { return (position + size - 1) % size; }

// Direction from the ring's centre to module `position`, in degrees clockwise on screen from +x:
// -90 - 180/N + position · 360/N (the top side lies flat, as in the 2×2 ring).
double position_angle(int position, int size);
// Direction from the ring's centre to the midpoint of the link leaving `position`.
double link_angle(int position, int size);

// "tl", "tr", "br", "bl" for N = 4; "lt", "rt", "b" for N = 3 …
std::string position_name(int position, int size);
// Side of the polygon that the link leaving `position` runs along: "top", "right", "bottom",
// "left" for N = 4; "top", "right-bottom", "left-bottom" for N = 3 …
std::string link_name(int position, int size);

}  // namespace iconsynth::geometry
