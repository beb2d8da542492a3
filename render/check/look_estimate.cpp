#include "render/check/look_estimate.h"

#include "render/cairo/raster.h"
#include "render/check/frame_score.h"
#include "spec/json_reader.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

namespace iconsynth::render::check {

namespace {

constexpr spec::Rgba kProbePrimary{255, 0, 0, 255};
constexpr spec::Rgba kProbeSecondary{0, 255, 0, 255};
constexpr int kSameColor = 3;  // levels a channel: a colour this close to a theme's is the theme's
constexpr double kRounderWeight = 2;  // a rounder weight is taken while its residual is at most this × the best
constexpr double kOwnWeightReach = 0.05;  // units: the spec's own weight is tried this near the best fit
constexpr double kSecondaryMargin = 1.1;  // a style with a secondary must explain the frame this much better

int channel(std::uint32_t p, int index) { return static_cast<int>((p >> (8 * index)) & 0xFF); }

std::uint8_t level(double v) { return static_cast<std::uint8_t>(std::clamp(std::lround(v), 0L, 255L)); }

int color_distance(spec::Rgba a, spec::Rgba b) {
  return std::max({std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b), std::abs(a.a - b.a)});
}

// Relative luminance (WCAG) of an sRGB colour, for choosing a backdrop the colour stands out on.
double luminance(spec::Rgba c) {
  const auto linear = [](std::uint8_t v) {
    const double s = v / 255.0;
    return s <= 0.04045 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);
}

double contrast(spec::Rgba a, spec::Rgba b) {
  const double la = luminance(a), lb = luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// Golden-section search for the minimum of `f` on [lo, hi] down to `tolerance`.
template <class F>
double golden_minimum(F f, double lo, double hi, double tolerance) {
  const double ratio = (std::sqrt(5.0) - 1) / 2;
  double a = lo, b = hi, c = b - ratio * (b - a), d = a + ratio * (b - a);
  double fc = f(c), fd = f(d);
  while (b - a > tolerance) {
    if (fc < fd) {
      b = d, d = c, fd = fc, c = b - ratio * (b - a), fc = f(c);
    } else {
      a = c, c = d, fc = fd, d = a + ratio * (b - a), fd = f(d);
    }
  }
  return fc < fd ? c : d;
}

bool shows_secondary(const spec::IconSpec& spec, const std::string& style) {
  return spec.style_rule(style).card_fill == spec::CardFill::Secondary;
}

// Each block of `factor` × `factor` pixels averaged into one (premultiplied, so averaging is
// exact); the right and bottom remainders are left out.
std::vector<std::uint32_t> box_downsample(const ImageView& image, int factor, int& side) {
  side = image.width / factor;
  std::vector<std::uint32_t> out(static_cast<std::size_t>(side) * side);
  const double n = static_cast<double>(factor) * factor;
  for (int by = 0; by < side; ++by) {
    for (int bx = 0; bx < side; ++bx) {
      double sum[4] = {0, 0, 0, 0};
      for (int y = by * factor; y < (by + 1) * factor; ++y) {
        for (int x = bx * factor; x < (bx + 1) * factor; ++x) {
          for (int c = 0; c < 4; ++c) sum[c] += channel(image.pixel(x, y), c);
        }
      }
      std::uint32_t p = 0;
      for (int c = 0; c < 4; ++c) p |= static_cast<std::uint32_t>(level(sum[c] / n)) << (8 * c);
      out[static_cast<std::size_t>(by) * side + bx] = p;
    }
  }
  return out;
}

// How well a style at a weight explains the rest frame, with the colours that explain it best.
// `coarse` > 1 judges both images box-filtered by that factor: what a different layout (cards a
// little smaller, links a little shorter) cannot turn into another style's better explanation.
ColorSolver::Solution explain(const spec::IconSpec& spec, const std::string& style, double weight, const std::string& motion,
                              const ImageView& target, int coarse = 1) {
  const AnimatedScene scene = build_scene(spec, {style, weight, motion, spec.default_theme, std::nullopt});
  const AnimatedScene probe = probe_colors(scene);
  const ImageSurface ours = render_frame(evaluate(probe, 0), target.width);
  ColorSolver solver;
  if (coarse > 1) {
    int side = 0;
    const std::vector<std::uint32_t> a = box_downsample(ours.view(), coarse, side), b = box_downsample(target, coarse, side);
    solver.add(view_of(a, side, side), view_of(b, side, side));
  } else {
    solver.add(ours.view(), target);
  }
  return solver.solve(shows_secondary(spec, style));
}

// The weight at which `style` explains the target best: a scan at quarter steps, then a golden
// section around the best of them.
double best_weight(const spec::IconSpec& spec, const std::string& style, const std::string& motion, const ImageView& target,
                   int coarse = 1) {
  const auto residual = [&](double w) { return explain(spec, style, w, motion, target, coarse).residual; };
  double best = spec::kMinWeight, best_residual = std::numeric_limits<double>::infinity();
  for (double w = spec::kMinWeight; w <= spec::kMaxWeight + 1e-9; w += 0.25) {
    const double r = residual(w);
    if (r < best_residual) best = w, best_residual = r;
  }
  return golden_minimum(residual, std::max(spec::kMinWeight, best - 0.25), std::min(spec::kMaxWeight, best + 0.25), 1e-3);
}

}  // namespace

void ColorSolver::add(const ImageView& probe, const ImageView& target) {
  if (probe.width != target.width || probe.height != target.height) throw std::invalid_argument("ColorSolver: sizes differ");
  // Sums of products of 8-bit levels, in integers: exact, and a loop the compiler vectorises (a
  // pixel clear in both adds zeros, so none is skipped). Each product fits 16 bits, which SSE2
  // multiplies eight at a time (it has no 32-bit multiply); a run of up to kRun pixels sums them in
  // 32 bits (255² × kRun < 2³²); the coverages are scaled to 0–1 once, at the end.
  constexpr int kRun = 4096;
  std::uint64_t pp = 0, ps = 0, ss = 0, tt[4] = {0, 0, 0, 0}, pt[4] = {0, 0, 0, 0}, st[4] = {0, 0, 0, 0};
  for (int y = 0; y < target.height; ++y) {
    const auto* probe_row = reinterpret_cast<const std::uint32_t*>(probe.data + static_cast<std::ptrdiff_t>(y) * probe.stride);
    const auto* target_row = reinterpret_cast<const std::uint32_t*>(target.data + static_cast<std::ptrdiff_t>(y) * target.stride);
    for (int x0 = 0; x0 < target.width; x0 += kRun) {
      const int x1 = std::min(target.width, x0 + kRun);
      std::uint32_t run_pp = 0, run_ps = 0, run_ss = 0, run_tt[4] = {0, 0, 0, 0}, run_pt[4] = {0, 0, 0, 0}, run_st[4] = {0, 0, 0, 0};
      for (int x = x0; x < x1; ++x) {
        const std::uint32_t p = probe_row[x], t = target_row[x];
        const auto cp = static_cast<std::uint16_t>((p >> 16) & 0xFF), cs = static_cast<std::uint16_t>((p >> 8) & 0xFF);  // red: primary, green: secondary
        const auto product = [](std::uint16_t a, std::uint16_t b) { return static_cast<std::uint16_t>(a * b); };
        run_pp += product(cp, cp), run_ps += product(cp, cs), run_ss += product(cs, cs);
        for (int c = 0; c < 4; ++c) {
          const auto v = static_cast<std::uint16_t>((t >> (8 * c)) & 0xFF);
          run_tt[c] += product(v, v), run_pt[c] += product(cp, v), run_st[c] += product(cs, v);
        }
      }
      pp += run_pp, ps += run_ps, ss += run_ss;
      for (int c = 0; c < 4; ++c) tt[c] += run_tt[c], pt[c] += run_pt[c], st[c] += run_st[c];
    }
  }
  constexpr double kFull = 255;
  pp_ += static_cast<double>(pp) / (kFull * kFull), ps_ += static_cast<double>(ps) / (kFull * kFull), ss_ += static_cast<double>(ss) / (kFull * kFull);
  for (int c = 0; c < 4; ++c) {
    tt_[c] += static_cast<double>(tt[c]), pt_[c] += static_cast<double>(pt[c]) / kFull, st_[c] += static_cast<double>(st[c]) / kFull;
  }
  pixels_ += static_cast<double>(target.width) * target.height;
}

void ColorSolver::add(const ColorSolver& other) {
  for (int c = 0; c < 4; ++c) tt_[c] += other.tt_[c], pt_[c] += other.pt_[c], st_[c] += other.st_[c];
  pp_ += other.pp_, ps_ += other.ps_, ss_ += other.ss_, pixels_ += other.pixels_;
}

ColorSolver::Solution ColorSolver::solve(bool secondary) const {
  Solution out;
  out.pixels = pixels_;
  double premultiplied_p[4] = {0, 0, 0, 0}, premultiplied_s[4] = {0, 0, 0, 0};
  const double det = pp_ * ss_ - ps_ * ps_;
  out.has_secondary = secondary && ss_ > 1e-6 * std::max(1.0, pp_) && det > 1e-9 * std::max(1.0, pp_ * ss_);
  for (int c = 0; c < 4; ++c) {
    double p = 0, s = 0;
    if (out.has_secondary && c == 3) {
      // One alpha for both: the secondary is the primary mixed toward an opaque backdrop, never
      // clear (a clear secondary would pass an outline card off as a duotone one).
      const double qq = pp_ + 2 * ps_ + ss_;
      p = s = qq > 0 ? (pt_[c] + st_[c]) / qq : 0;
    } else if (out.has_secondary) {
      p = (pt_[c] * ss_ - st_[c] * ps_) / det;
      s = (st_[c] * pp_ - pt_[c] * ps_) / det;
    } else if (pp_ > 0) {
      p = pt_[c] / pp_;
    }
    premultiplied_p[c] = p, premultiplied_s[c] = s;
    out.premultiplied_primary[c] = p, out.premultiplied_secondary[c] = s;
  }
  out.residual = residual_of(out);
  // Channels are stored b, g, r, a; colours are straight, so divide by the alpha found.
  const auto straight = [](const double* v) {
    const double a = std::clamp(v[3], 0.0, 255.0);  // premultiplied by 255
    const double k = a > 0.5 ? 255.0 / a : 0;
    return spec::Rgba{level(v[2] * k), level(v[1] * k), level(v[0] * k), level(a)};
  };
  out.primary = straight(premultiplied_p);
  if (out.has_secondary) out.secondary = straight(premultiplied_s);
  return out;
}

double ColorSolver::residual_of(const Solution& colours) const {
  double r = 0;
  for (int c = 0; c < 4; ++c) {
    const double p = colours.premultiplied_primary[c], s = colours.premultiplied_secondary[c];
    r += tt_[c] - 2 * (p * pt_[c] + s * st_[c]) + p * p * pp_ + 2 * p * s * ps_ + s * s * ss_;
  }
  return std::max(0.0, r);
}

AnimatedScene probe_colors(const AnimatedScene& scene) {
  AnimatedScene probe = scene;
  probe.primary = kProbePrimary;
  probe.secondary = kProbeSecondary;
  for (Element& e : probe.elements) {
    for (Part& part : e.parts) part.paint.color = part.paint.role == ColorRole::Primary ? kProbePrimary : kProbeSecondary;
  }
  return probe;
}

Look estimate_look(const spec::IconSpec& spec, const std::vector<std::uint32_t>& rest, int size, const VariantPins& pins,
                   const std::string& motion) {
  const ImageView target = view_of(rest, size, size);
  Look look;
  double best = std::numeric_limits<double>::infinity();
  const std::vector<std::string> styles = pins.style ? std::vector<std::string>{*pins.style} : spec::names_of(spec.styles);
  // Styles are told apart on the frame box-filtered to about 12 px (two grid units a pixel), where
  // a layout that differs from the spec's by a fraction of a unit blurs away but a filled card
  // still differs from an outlined one; the weight and colours are then found at full size.
  const int coarse = styles.size() > 1 ? std::max(1, size / 12) : 1;
  for (const std::string& style : styles) {
    const double weight = pins.weight ? *pins.weight : best_weight(spec, style, motion, target, coarse);
    // A style with a secondary tone can pass for one without (secondary = primary) and, with a
    // colour more to solve, explains noise a little better: it wins only by a margin.
    const double judged = explain(spec, style, weight, motion, target, coarse).residual * (shows_secondary(spec, style) ? kSecondaryMargin : 1);
    if (judged < best) best = judged, look.variant = {style, weight, motion, spec.default_theme, std::nullopt};
  }
  {
    const std::string style = look.variant.style;
    const double weight = pins.weight ? *pins.weight : coarse > 1 ? best_weight(spec, style, motion, target) : look.variant.weight;
    const ColorSolver::Solution s = explain(spec, style, weight, motion, target);
    look.variant.weight = weight;
    look.primary = s.primary;
    look.secondary = s.secondary;
    look.residual = s.residual / (4 * s.pixels);
  }
  // Weights are given by people, in hundredths at most, and rounder where they can: the estimate
  // takes the roundest of quarters, twentieths and hundredths that explains the frame nearly as
  // well. A player's anti-aliasing can move the best fit by a few thousandths (rlottie and ThorVG
  // draw links 0.03 px thinner than Cairo at 96 px), while a real weight a twentieth away leaves
  // ten times the residual. The spec's own weights come before those, its default and its
  // presets: a spec that says 2.668 (a fitted one) is compared at 2.668, not at the rounder 2.65
  // that explains a solid card's frame about as well.
  if (!pins.weight) {
    const double found = look.variant.weight;
    const double best_residual = explain(spec, look.variant.style, found, motion, target).residual;
    const auto explains = [&](double w) { return explain(spec, look.variant.style, w, motion, target).residual <= kRounderWeight * best_residual; };
    std::vector<double> own{spec.default_weight};
    own.insert(own.end(), spec.weight_presets.begin(), spec.weight_presets.end());
    std::stable_sort(own.begin(), own.end(), [&](double a, double b) { return std::abs(a - found) < std::abs(b - found); });
    std::optional<double> chosen;
    for (const double w : own) {
      if (std::abs(w - found) <= kOwnWeightReach && explains(w)) {
        chosen = w;
        break;
      }
    }
    for (const double step : {0.25, 0.05, 0.01}) {
      if (chosen) break;
      const double rounded = std::clamp(std::round(found / step) * step, spec::kMinWeight, spec::kMaxWeight);
      if (step == 0.01 || explains(rounded)) chosen = rounded;
    }
    look.variant.weight = *chosen;
  }
  // An alpha a few levels short of opaque is a player's rounding (rlottie truncates full opacity
  // to 254; thin strokes at small sizes leave the solve a level or two either way): people write
  // opaque colours.
  for (spec::Rgba* c : {&look.primary, &look.secondary}) {
    if (c->a >= 255 - kSameColor) c->a = 255;
  }
  if (pins.color) look.primary = *pins.color;

  // The theme: the one whose duotone mix gives the secondary found, or whose primary is the
  // primary found; else (a colour of the user's own on a style without a secondary, where every
  // theme draws the same) the one whose backdrop the colour stands out on.
  const bool secondary = shows_secondary(spec, look.variant.style);
  std::string theme = pins.theme.value_or("");
  if (theme.empty()) {
    int nearest = std::numeric_limits<int>::max();
    for (const auto& [name, rule] : spec.themes) {
      const int d = secondary ? color_distance(look.secondary, rule.secondary(look.primary)) : color_distance(look.primary, rule.primary);
      if (d < nearest) nearest = d, theme = name;
    }
    if (secondary) {
      look.theme_how = nearest <= kSameColor ? "its duotone mix gives the secondary found"
                                             : "its duotone mix comes nearest to the secondary found (" + std::to_string(nearest) + " levels off)";
    } else if (nearest <= kSameColor) {
      look.theme_how = "its primary is the colour found";
    } else {
      double most = 0;
      for (const auto& [name, rule] : spec.themes) {
        if (contrast(look.primary, rule.backdrop) > most) most = contrast(look.primary, rule.backdrop), theme = name;
      }
      look.theme_how = "undetermined (every theme draws this style alike); its backdrop sets the colour off best";
    }
  } else {
    look.theme_how = "as given";
  }
  look.variant.theme = theme;
  const spec::ThemeRule& rule = spec.theme_rule(theme);
  // A pinned theme brings its own colours; else a colour off the theme's is the user's own.
  if (pins.color || (!pins.theme && color_distance(look.primary, rule.primary) > kSameColor)) look.variant.color = look.primary;
  if (!look.variant.color) look.primary = rule.primary;
  if (!secondary) look.secondary = rule.secondary(look.primary);
  return look;
}

std::vector<std::pair<std::string, double>> motion_scores(const spec::IconSpec& spec, const spec::Variant& variant,
                                                          const std::vector<TimedFrame>& frames, int size) {
  std::vector<std::pair<std::string, double>> out;
  for (const auto& [name, params] : spec.motions) {
    spec::Variant v = variant;
    v.motion = name;
    const AnimatedScene scene = build_scene(spec, v);
    // At equal times, and at equal shares of the duration (a motion played slower or faster, at
    // another frame rate, is still that motion): the nearer of the two.
    const double length = frames.empty() ? 0 : frames.back().seconds;
    double at_times = 0, at_shares = 0;
    for (const TimedFrame& f : frames) {
      const ImageView theirs = view_of(f.pixels, size, size);
      at_times += score_frame(theirs, render_frame(evaluate(scene, f.seconds * scene.frame_rate), size).view(), scene.grid, {}).score;
      const double share = length > 0 ? f.seconds / length : 0;
      at_shares += score_frame(theirs, render_frame(evaluate(scene, share * (scene.frame_count - 1)), size).view(), scene.grid, {}).score;
    }
    out.emplace_back(name, frames.empty() ? 0 : std::min(at_times, at_shares) / static_cast<double>(frames.size()));
  }
  return out;
}

std::string estimate_motion(const spec::IconSpec& spec, const Look& look, const std::vector<TimedFrame>& frames, int size,
                            double* score) {
  std::string best;
  double lowest = std::numeric_limits<double>::infinity();
  for (const auto& [name, mean] : motion_scores(spec, look.variant, frames, size)) {
    if (mean < lowest) lowest = mean, best = name;
  }
  if (score) *score = frames.empty() ? 0 : lowest;
  return best;
}

std::string describe_variant(const spec::IconSpec& spec, const spec::Variant& variant) {
  const spec::Rgba primary = variant.color.value_or(spec.theme_rule(variant.theme).primary);
  return spec::VariantSpace::animation_id(variant) + " \u00b7 theme " + variant.theme + " \u00b7 weight " +
         spec::format_number(variant.weight) + " \u00b7 " + spec::to_hex(primary);
}

}  // namespace iconsynth::render::check
