#pragma once
// A minimal vector path: the one outline type both backends consume (Cairo draws it, the Lottie
// writer transcribes it as bezier shapes). Coordinates are design-grid units, y pointing down.

#include <Eigen/Geometry>

#include <array>
#include <limits>
#include <vector>

namespace iconsynth::geometry {

using Point = Eigen::Vector2d;
using Affine = Eigen::Affine2d;

enum class Verb { Move, Line, Cubic, Close };

// One drawing command; `points` holds 1 point for Move/Line, 3 (c1, c2, end) for Cubic, none for Close.
struct PathCommand {
  Verb verb;
  std::array<Point, 3> points{Point::Zero(), Point::Zero(), Point::Zero()};

  bool operator==(const PathCommand&) const = default;
};

// Direction a closed contour runs on screen (y down): clockwise contours fill, counter-clockwise
// ones cut holes under the nonzero winding rule.
enum class Winding { Clockwise, CounterClockwise };

// Axis-aligned bounds; empty() until a point is added.
struct Bounds {
  Point min{Point::Constant(std::numeric_limits<double>::infinity())};
  Point max{Point::Constant(-std::numeric_limits<double>::infinity())};

  bool empty() const { return min.x() > max.x(); }
  void add(const Point& p) { min = min.cwiseMin(p); max = max.cwiseMax(p); }
};

class Path {
 public:
  Path& move_to(const Point& p);
  Path& line_to(const Point& p);
  Path& cubic_to(const Point& c1, const Point& c2, const Point& end);
  Path& close();
  // Appends every contour of `other`.
  Path& append(const Path& other);

  const std::vector<PathCommand>& commands() const { return commands_; }
  bool empty() const { return commands_.empty(); }
  // Number of contours (runs starting with Move).
  int contour_count() const;

  // The same contours mapped through `transform`.
  Path transformed(const Affine& transform) const;
  // The same contours traversed the other way round (turns a filled contour into a hole).
  Path reversed() const;
  // Bounds of all points including control points (a hull of the drawn curve).
  Bounds control_bounds() const;

  bool operator==(const Path&) const = default;

 private:
  std::vector<PathCommand> commands_;
};

// What a rounded rectangle of radius 0 draws at its corners: nothing (four lines), or a corner
// curve of zero size, so that it has the same commands as at any other radius (an outline a
// player keys over the stroke weight must keep its commands while its radius shrinks to 0).
enum class SharpCorners { Drop, Keep };

// Rounded rectangle centred on `center`; radius is clamped to half the shorter side.
Path rounded_rect(const Point& center, const Eigen::Vector2d& half_size, double radius,
                  Winding winding = Winding::Clockwise, SharpCorners sharp = SharpCorners::Drop);
// Circle as four cubic quarter arcs.
Path circle(const Point& center, double radius, Winding winding = Winding::Clockwise);
// Open straight segment from a to b.
Path segment(const Point& a, const Point& b);

// Cubic handle length of a quarter circle of radius 1 (the value Lottie players use for ellipses).
inline constexpr double kQuarterArcKappa = 0.5522847498307936;

}  // namespace iconsynth::geometry
