#include "geometry/ring.h"

#include <array>
#include <cmath>

namespace iconsynth::geometry {

namespace {

// The 16 compass points in screen words, clockwise from +x (right), 22.5° apart: {short, long}.
// On an axis or a diagonal the usual names; between them, the nearer side first.
struct CompassPoint {
  const char* short_name;
  const char* long_name;
};
constexpr std::array<CompassPoint, 16> kCompass{{
    {"r", "right"},        {"rb", "right-bottom"}, {"br", "bottom-right"}, {"br", "bottom-right"},
    {"b", "bottom"},       {"bl", "bottom-left"},  {"bl", "bottom-left"},  {"lb", "left-bottom"},
    {"l", "left"},         {"lt", "left-top"},     {"tl", "top-left"},     {"tl", "top-left"},
    {"t", "top"},          {"tr", "top-right"},    {"tr", "top-right"},    {"rt", "right-top"},
}};

// The compass point nearest to `degrees`. Angles are N-ths of 180°, so none of N = 3 … 8 falls
// on a boundary between two points (an odd multiple of 11.25°).
const CompassPoint& nearest_point(double degrees) {
  const long step = std::lround(degrees / 22.5);
  return kCompass[static_cast<std::size_t>(((step % 16) + 16) % 16)];
}

}  // namespace

double position_angle(int position, int size) { return -90.0 - 180.0 / size + position * 360.0 / size; }

double link_angle(int position, int size) { return -90.0 + position * 360.0 / size; }

std::string position_name(int position, int size) { return nearest_point(position_angle(position, size)).short_name; }

std::string link_name(int position, int size) { return nearest_point(link_angle(position, size)).long_name; }

}  // namespace iconsynth::geometry
