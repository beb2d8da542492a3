#include "render/fit/fitter.h"

#include "geometry/ring_layout.h"
#include "render/scene/drawn_values.h"
#include "spec/json_reader.h"

#include <cmath>

namespace iconsynth::render::fit::detail {

namespace {

constexpr double kPixelNoise = 0.05;       // a plainer spec may cost the squared difference this share (as rounding may)
constexpr double kSameShape = 0.05;        // units: layouts whose outlines lie this near are judged by their pixels
constexpr int kLayoutsJudged = 3;          // the plainest layouts of a kind drawn and judged, at most
constexpr std::size_t kMostLayouts = 20000;  // layouts whose outlines are compared, at most, for each number of changes
constexpr double kScanStep = 0.01;         // units: a size's same-drawing range is found to this
constexpr double kRoundUnits[] = {1, 0.5, 0.25};  // the values a changed size is tried at, roundest first

// The field of the layout a layout row writes; nullptr for none.
double* layout_field(geometry::LayoutParams& p, const std::string& path) {
  if (path == "layout.padding") return &p.padding;
  if (path == "layout.module.size") return &p.module_size;
  if (path == "layout.module.corner_radius") return &p.module_corner_radius;
  if (path == "layout.die.size") return &p.die_size;
  if (path == "layout.link.gap") return &p.link_gap;
  if (path == "layout.packet.radius") return &p.packet_radius;
  return nullptr;
}

void add_path(const geometry::Path& path, std::vector<double>& out) {
  for (const geometry::PathCommand& c : path.commands()) {
    for (const geometry::Point& p : c.points) out.insert(out.end(), {p.x(), p.y()});
  }
}

// Every number of the outlines `layout` draws at rest at `weight` in each ink: cards, dies, links
// and packets where they sit. Equal numbers: equal frames, at every size and in every player.
std::vector<double> outlines_of(const geometry::LayoutParams& layout, double weight, const std::vector<geometry::CardInk>& inks) {
  std::vector<double> out;
  for (const geometry::CardInk ink : inks) {
    const geometry::RingGeometry ring = geometry::build_ring(layout, weight, ink);
    for (const geometry::Module& m : ring.modules) {
      out.insert(out.end(), {m.center.x(), m.center.y(), m.turn});
      add_path(m.card, out);
      out.push_back(m.die.empty() ? 0.0 : 1.0);
      add_path(m.die, out);
    }
    for (const geometry::Link& l : ring.links) out.insert(out.end(), {l.start.x(), l.start.y(), l.end.x(), l.end.y()});
    for (const geometry::PacketRoute& r : ring.routes) out.insert(out.end(), {r.start.x(), r.start.y(), r.end.x(), r.end.y(), r.radius});
  }
  return out;
}

// How far apart two outlines are (infinity when they have different commands).
double outline_gap(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return std::numeric_limits<double>::infinity();
  double gap = 0;
  for (std::size_t i = 0; i < a.size(); ++i) gap = std::max(gap, std::abs(a[i] - b[i]));
  return gap;
}

}  // namespace

// Stage 7: the spec nearest the base among those that draw the target alike. A search ends
// wherever its path led, and on the keylines sizes are a staircase whose every step draws one
// icon: a solid target of module 7 (drawn 6, its padding 2, no die) came back with its padding,
// module, corner and die all moved and drawn alike. So: the layout values are tried back at the
// base's, the fewest changes first (the others at values as round as a quarter unit, nearest the
// base), their outlines compared first (cheap, exact), the nearest drawn and judged; then every
// other value changed is tried back at the base's alone, the smallest changes first. A candidate
// is taken where check's verdict still passes on every frame and its squared difference is within
// kPixelNoise of the fit's. Returns whether any value changed.
bool Fitter::plainest() {
  const auto began = std::chrono::steady_clock::now();
  const long drawn = renders_;
  const auto all = showing("");
  std::vector<PixelResidual> verdicts, squares;
  const Objective verdict = verdict_on(all, verdicts);
  const Objective squared = squared_on(all, squares);
  const double fitted = squared(values_);
  const auto alike = [&](const std::vector<double>& v) { return load(v) && verdict(v) <= 1 && squared(v) <= fitted * (1 + kPixelNoise); };
  int changes = 0, reverted = plainest_layout(alike);
  std::vector<std::size_t> others;
  for (std::size_t i = 0; i < table_.params().size(); ++i) {
    const Param& p = table_.params()[i];
    if (state_[i] != ParamState::Fitted || p.family == Family::Layout || p.family == Family::Easing || under(p.path, "motions." + p.motion + ".tail")) continue;
    if (values_[i] != table_.base_values()[i]) others.push_back(i);
  }
  const auto change = [&](std::size_t r) { return std::abs(values_[r] - table_.base_values()[r]) / table_.params()[r].step; };
  std::stable_sort(others.begin(), others.end(), [&](std::size_t a, std::size_t b) { return change(a) < change(b); });
  for (std::size_t r : others) {
    if (out_of_budget()) break;
    std::vector<double> v = values_;
    v[r] = table_.base_values()[r];
    if (alike(v)) values_ = v, ++reverted;
  }
  for (std::size_t i = 0; i < table_.params().size(); ++i) changes += values_[i] != table_.base_values()[i];
  record("plainest: " + std::to_string(reverted) + " values back at the base's, " + std::to_string(changes) + " still changed, " +
         std::to_string(renders_ - drawn) + " frames drawn, " + seconds_since(began));
  return reverted > 0;
}

// The layout: the fewest values changed from the base (others at the base's) whose outlines lie
// within kSameShape of the fit's, drawn and judged plainest first. Returns how many went back.
int Fitter::plainest_layout(const std::function<bool(const std::vector<double>&)>& alike) {
  const spec::IconSpec spec = loaded(values_);
  std::vector<geometry::CardInk> inks;
  for (const TargetAnimation& a : target_.animations) {
    const geometry::CardInk ink{spec.style_rule(a.variant.style).card_stroke};
    if (std::none_of(inks.begin(), inks.end(), [&](const geometry::CardInk& i) { return i.stroked == ink.stroked; })) inks.push_back(ink);
  }
  const double die_corner = table_.document()["layout"]["die"].value("corner_radius", 0.0);
  const auto outlines = [&](const std::vector<double>& v) {
    geometry::LayoutParams p = spec.layout;
    for (std::size_t r = 0; r < v.size(); ++r) {
      if (double* field = table_.params()[r].family == Family::Layout ? layout_field(p, table_.params()[r].path) : nullptr) *field = v[r];
    }
    p.die_corner_radius = std::min(die_corner, p.die_size / 2);  // as document() writes it
    return outlines_of(p, spec.default_weight, inks);
  };
  const std::vector<double> target = outlines(values_);
  const std::vector<double>& base = table_.base_values();
  std::vector<std::size_t> changed;
  for (std::size_t i = 0; i < table_.params().size(); ++i) {
    if (state_[i] == ParamState::Fitted && table_.params()[i].family == Family::Layout && values_[i] != base[i]) changed.push_back(i);
  }
  // Each changed value's tries: the fit's own, and the round values about it and the base's.
  std::map<std::size_t, std::vector<double>> tries;
  for (std::size_t r : changed) {
    const Param& p = table_.params()[r];
    std::vector<double>& t = tries[r];
    t.push_back(values_[r]);
    const double lo = std::max(p.lower, std::min(values_[r], base[r]) - 0.5), hi = std::min(p.upper, std::max(values_[r], base[r]) + 0.5);
    for (const double unit : kRoundUnits) {
      for (double v = std::ceil(lo / unit) * unit; v <= hi + 1e-9; v += unit) {
        if (v != base[r] && std::find(t.begin(), t.end(), v) == t.end()) t.push_back(v);
      }
    }
  }
  struct Layout {
    std::vector<double> values;
    double change;  // Σ |value − base| / step
  };
  for (std::size_t k = 0; k < changed.size() && !out_of_budget(); ++k) {
    std::vector<Layout> near;
    std::size_t compared = 0;
    // Every set of k changed values (the others back at the base's), each at each of its tries.
    std::vector<std::size_t> kept;
    const std::function<void(std::size_t)> choose = [&](std::size_t from) {
      if (kept.size() == k) {
        std::vector<double> v = values_;
        for (std::size_t r : changed) v[r] = base[r];
        const std::function<void(std::size_t)> each = [&](std::size_t i) {
          if (compared >= kMostLayouts) return;
          if (i == kept.size()) {
            ++compared;
            if (outline_gap(outlines(v), target) > kSameShape) return;
            double change = 0;
            for (std::size_t r : kept) change += std::abs(v[r] - base[r]) / table_.params()[r].step;
            near.push_back({v, change});
            return;
          }
          for (const double t : tries.at(kept[i])) {
            v[kept[i]] = t;
            each(i + 1);
          }
        };
        each(0);
        return;
      }
      for (std::size_t i = from; i < changed.size(); ++i) {
        kept.push_back(changed[i]);
        choose(i + 1);
        kept.pop_back();
      }
    };
    choose(0);
    std::stable_sort(near.begin(), near.end(), [](const Layout& a, const Layout& b) { return a.change < b.change; });
    for (std::size_t i = 0; i < near.size() && i < static_cast<std::size_t>(kLayoutsJudged) && !out_of_budget(); ++i) {
      if (alike(near[i].values)) {
        values_ = near[i].values;
        return static_cast<int>(changed.size() - k);
      }
    }
  }
  return 0;
}

// The layout values whose neighbours draw the very same outlines at the weight the target shows
// (a staircase's step on the keylines, a die left out, a packet the stroke's width sets): the range
// each can take, the others held, found outline by outline (no frame drawn) to kScanStep.
void Fitter::find_same_drawing() {
  const spec::IconSpec spec = loaded(values_);
  std::vector<geometry::CardInk> inks;
  for (const TargetAnimation& a : target_.animations) {
    const geometry::CardInk ink{spec.style_rule(a.variant.style).card_stroke};
    if (std::none_of(inks.begin(), inks.end(), [&](const geometry::CardInk& i) { return i.stroked == ink.stroked; })) inks.push_back(ink);
  }
  const std::vector<DrawnValue> drawn = drawn_values(spec);
  for (std::size_t r = 0; r < table_.params().size(); ++r) {
    const Param& p = table_.params()[r];
    if (p.family != Family::Layout || (state_[r] != ParamState::Fitted && state_[r] != ParamState::Undetermined)) continue;
    geometry::LayoutParams layout = spec.layout;
    double* field = layout_field(layout, p.path);
    if (!field) continue;
    const double at = *field;
    const std::vector<double> here = outlines_of(layout, spec.default_weight, inks);
    const auto same = [&](double v) {
      *field = v;
      const bool equal = outlines_of(layout, spec.default_weight, inks) == here;
      *field = at;
      return equal;
    };
    // k steps from `at`, to a millionth: a sum of hundredths (2 − 25 × 0.01 = 1.7500000000000004) would
    // stand a hair off the step's edge.
    const auto step = [&](int k) { return std::round((at + k * kScanStep) * 1e6) / 1e6; };
    int down = 0, up = 0;
    while (step(down - 1) >= p.lower - 1e-9 && same(step(down - 1))) --down;
    while (step(up + 1) <= p.upper + 1e-9 && same(step(up + 1))) ++up;
    double low = step(down), high = step(up);
    // Only values a spec may hold (a die no larger than its card).
    const auto loads = [&](double v) {
      std::vector<double> values = values_;
      values[r] = v;
      return load(values).has_value();
    };
    while (low < at && !loads(low)) low = std::min(at, low + kScanStep);
    while (high > at && !loads(high)) high = std::max(at, high - kScanStep);
    if (high - low < p.step) continue;
    SameDrawing s{p.path, std::round(low * 100) / 100 + 0.0, std::round(high * 100) / 100 + 0.0, ""};
    for (const DrawnValue& d : drawn) {
      if (d.path == p.path) s.drawn = spec::format_number(std::round(d.drawn * 1000) / 1000) + ", " + d.why;
    }
    // A packet the stroke's width sets at this weight (drawn_values says so only where every weight does).
    if (p.path == "layout.packet.radius" && s.drawn.empty()) {
      const geometry::RingLayout ring = geometry::ring_layout(layout);
      const double radius = geometry::packet_radius(ring.dims, spec.default_weight);
      if (std::abs(radius - ring.dims.packet_radius) > 1e-9) {
        s.drawn = spec::format_number(std::round(radius / ring.scale * 1000) / 1000) + ", grown to read over its link at weight " +
                  spec::format_number(spec.default_weight);
      }
    }
    out_.same_drawing.push_back(std::move(s));
  }
}

}  // namespace iconsynth::render::fit::detail
