#pragma once
// The ring's topology: four module positions in clockwise order, and the link that joins each
// module to its clockwise neighbour. Names here are the ones layers and files carry.

#include <array>
#include <string_view>

namespace iconsynth::geometry {

enum class RingPosition { TopLeft, TopRight, BottomRight, BottomLeft };

inline constexpr int kRingSize = 4;
// Clockwise ring order: TL → TR → BR → BL → TL.
inline constexpr std::array<RingPosition, kRingSize> kRingOrder{
    RingPosition::TopLeft, RingPosition::TopRight, RingPosition::BottomRight, RingPosition::BottomLeft};

// Index of `position` in kRingOrder.
constexpr int ring_index(RingPosition position) { return static_cast<int>(position); }
// The clockwise neighbour: the module this one sends its packet to.
constexpr RingPosition clockwise_next(RingPosition position) {
  return kRingOrder[(ring_index(position) + 1) % kRingSize];
}
// The counter-clockwise neighbour: the module this one receives its packet from.
constexpr RingPosition clockwise_previous(RingPosition position) {
  return kRingOrder[(ring_index(position) + kRingSize - 1) % kRingSize];
}

// "tl", "tr", "br", "bl".
std::string_view short_name(RingPosition position);
// Side of the square that the link leaving `from` runs along: "top", "right", "bottom", "left".
std::string_view link_side(RingPosition from);

}  // namespace iconsynth::geometry
