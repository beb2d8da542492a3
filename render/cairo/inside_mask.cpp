#include "render/cairo/inside_mask.h"

#include <algorithm>
#include <cmath>

namespace iconsynth::render {

namespace {

struct Point {
  double x, y;
};

// An edge of the flattened outline, oriented downwards: y0 < y1, `winding` its direction.
struct Edge {
  double x0, y0, x1, y1;
  int winding;
};

// The flattening tolerance, in pixels.
constexpr double kTolerance = 0.05;

class Flattener {
 public:
  explicit Flattener(std::vector<Edge>& edges) : edges_(edges) {}

  void move_to(Point p) {
    close();
    start_ = last_ = p;
  }
  void line_to(Point p) {
    if (p.y != last_.y) {
      edges_.push_back(p.y > last_.y ? Edge{last_.x, last_.y, p.x, p.y, 1} : Edge{p.x, p.y, last_.x, last_.y, -1});
    }
    last_ = p;
  }
  // A cubic Bézier in as many equal steps in t as keep its chords within kTolerance: a chord of
  // a cubic strays at most 3/4 of its largest second difference over the steps squared.
  void curve_to(Point c1, Point c2, Point end) {
    const Point p0 = last_;
    const auto norm = [](double x, double y) { return std::hypot(x, y); };
    const double second = std::max(norm(p0.x - 2 * c1.x + c2.x, p0.y - 2 * c1.y + c2.y), norm(c1.x - 2 * c2.x + end.x, c1.y - 2 * c2.y + end.y));
    const int steps = std::clamp(static_cast<int>(std::ceil(std::sqrt(0.75 * second / kTolerance))), 1, 1024);
    for (int i = 1; i < steps; ++i) {
      const double t = double(i) / steps, u = 1 - t;
      const double a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t;
      line_to({a * p0.x + b * c1.x + c * c2.x + d * end.x, a * p0.y + b * c1.y + c * c2.y + d * end.y});
    }
    line_to(end);
  }
  // Every contour is closed, as a fill closes it.
  void close() {
    line_to(start_);
  }

 private:
  std::vector<Edge>& edges_;
  Point start_{0, 0}, last_{0, 0};
};

}  // namespace

std::shared_ptr<CoverageMask> inside_mask(const std::vector<cairo_path_data_t>& path, const cairo_matrix_t& ctm, const PixelBox& box,
                                          std::vector<std::int64_t> key) {
  // The outline in box pixels, through Cairo's fixed point.
  std::vector<Edge> edges;
  Flattener flat(edges);
  const auto point = [&](const cairo_path_data_t& d) {
    double x = d.point.x, y = d.point.y;
    cairo_matrix_transform_point(&ctm, &x, &y);
    return Point{std::nearbyint(x * 256) / 256 - box.x0, std::nearbyint(y * 256) / 256 - box.y0};
  };
  for (std::size_t i = 0; i < path.size(); i += static_cast<std::size_t>(path[i].header.length)) {
    switch (path[i].header.type) {
      case CAIRO_PATH_MOVE_TO: flat.move_to(point(path[i + 1])); break;
      case CAIRO_PATH_LINE_TO: flat.line_to(point(path[i + 1])); break;
      case CAIRO_PATH_CURVE_TO: flat.curve_to(point(path[i + 1]), point(path[i + 2]), point(path[i + 3])); break;
      case CAIRO_PATH_CLOSE_PATH: flat.close(); break;
    }
  }
  flat.close();
  std::sort(edges.begin(), edges.end(), [](const Edge& a, const Edge& b) { return a.y0 < b.y0; });

  // Row by row at the pixels' centre line: the edges crossing it, left to right, and the spans
  // where their winding is not zero.
  const int width = box.width(), height = box.height();
  std::vector<CoverageMask::Run> runs;
  std::vector<std::uint32_t> row_runs{0};
  std::vector<const Edge*> active;
  std::vector<std::pair<double, int>> crossings;
  std::size_t next = 0;
  for (int y = 0; y < height; ++y) {
    const double centre = y + 0.5;
    std::erase_if(active, [&](const Edge* e) { return e->y1 <= centre; });
    for (; next < edges.size() && edges[next].y0 <= centre; ++next) {
      if (edges[next].y1 > centre) active.push_back(&edges[next]);
    }
    crossings.clear();
    for (const Edge* e : active) crossings.emplace_back(e->x0 + (centre - e->y0) * (e->x1 - e->x0) / (e->y1 - e->y0), e->winding);
    std::sort(crossings.begin(), crossings.end());
    int winding = 0;
    for (std::size_t i = 0; i + 1 < crossings.size(); ++i) {
      winding += crossings[i].second;
      if (winding == 0) continue;
      // Columns whose centre x + 0.5 lies in [crossings[i], crossings[i + 1]).
      const int x0 = std::clamp(static_cast<int>(std::ceil(crossings[i].first - 0.5)), 0, width);
      const int x1 = std::clamp(static_cast<int>(std::ceil(crossings[i + 1].first - 0.5)), x0, width);
      if (x0 == x1) continue;
      if (runs.size() > row_runs.back() && runs.back().x1 == x0) {
        runs.back().x1 = x1;
      } else {
        runs.push_back({x0, x1, CoverageMask::kFull});
      }
    }
    row_runs.push_back(static_cast<std::uint32_t>(runs.size()));
  }
  return std::make_shared<CoverageMask>(std::move(key), width, height, std::move(runs), std::move(row_runs));
}

}  // namespace iconsynth::render
