#include "render/fit/fitter.h"

#include "render/cairo/raster.h"
#include "spec/loader.h"

namespace iconsynth::render::fit::detail {

namespace {

constexpr int kSameColor = 3;               // levels a channel: a colour this close to the base's is the base's
constexpr int kSmallestRest = 24;           // px: the rest pose's pyramid goes down to about this
constexpr int kRestRounds = 3;              // Subplex restarts at each size of it, while they gain
constexpr double kKeylineResidual = 3;      // a layout on keylines this near the free fit's rest residual is taken

int color_distance(spec::Rgba a, spec::Rgba b) {
  return std::max({std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b), std::abs(a.a - b.a)});
}

// The duotone mix m that takes `primary` toward `backdrop` to give `secondary` (least squares over
// the channels), in [0, 1].
double mix_between(spec::Rgba primary, spec::Rgba backdrop, spec::Rgba secondary) {
  const double d[3] = {double(backdrop.r) - primary.r, double(backdrop.g) - primary.g, double(backdrop.b) - primary.b};
  const double s[3] = {double(secondary.r) - primary.r, double(secondary.g) - primary.g, double(secondary.b) - primary.b};
  const double dd = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
  if (dd < 1) return 0;
  return std::clamp((s[0] * d[0] + s[1] * d[1] + s[2] * d[2]) / dd, 0.0, 1.0);
}

// The primary as whole levels, from each player's own reading of the rest frames: where they
// differ by one level the higher is taken, for a player that truncates reads a level low (rlottie
// makes 0.898 × 255 into 228 where ThorVG and we make it 229), and a level's difference over a
// solid card shows in check's windows at 256 px; else the level nearest their mean.
spec::Rgba nearest_level(const check::ColorSolver::Solution& solved, const std::vector<check::ColorSolver>& players, bool secondary) {
  if (players.size() < 2) return solved.primary;
  std::vector<spec::Rgba> read;
  for (const check::ColorSolver& p : players) read.push_back(p.solve(secondary).primary);
  spec::Rgba out = solved.primary;
  const auto pick = [&](std::uint8_t spec::Rgba::*channel) {
    int lo = 255, hi = 0;
    double sum = 0;
    for (const spec::Rgba& c : read) lo = std::min<int>(lo, c.*channel), hi = std::max<int>(hi, c.*channel), sum += c.*channel;
    out.*channel = static_cast<std::uint8_t>(hi - lo == 1 ? hi : std::lround(sum / static_cast<double>(read.size())));
  };
  pick(&spec::Rgba::r), pick(&spec::Rgba::g), pick(&spec::Rgba::b);
  return out;
}

// The theme the colours solved tell, as check's look finding tells it: the one whose duotone mix
// gives the secondary found, or whose primary is the primary found; `current` (the look's) where
// it does too, or none does.
std::string theme_told(const spec::IconSpec& spec, const check::ColorSolver::Solution& solved, const std::string& current) {
  const auto off = [&](const spec::ThemeRule& rule) {
    return solved.has_secondary ? color_distance(solved.secondary, rule.secondary(solved.primary)) : color_distance(solved.primary, rule.primary);
  };
  if (off(spec.theme_rule(current)) <= kSameColor) return current;
  std::string told = current;
  int nearest = kSameColor + 1;
  for (const auto& [name, rule] : spec.themes) {
    if (off(rule) < nearest) nearest = off(rule), told = name;
  }
  return told;
}

}  // namespace

// A frame at half its size: each pixel the mean of four (as a renderer's box-filtered coverage is).
const std::vector<std::uint32_t>& Fitter::halved(const std::vector<std::uint32_t>& frame, int size) {
  const int half = size / 2;
  auto out = std::make_unique<std::vector<std::uint32_t>>(static_cast<std::size_t>(half) * half);
  for (int y = 0; y < half; ++y) {
    for (int x = 0; x < half; ++x) {
      std::uint32_t p = 0;
      for (int shift = 0; shift < 32; shift += 8) {
        unsigned sum = 2;  // rounds to nearest
        for (int dy = 0; dy < 2; ++dy) {
          for (int dx = 0; dx < 2; ++dx) sum += (frame[static_cast<std::size_t>(2 * y + dy) * size + 2 * x + dx] >> shift) & 0xFF;
        }
        p |= (sum / 4) << shift;
      }
      (*out)[static_cast<std::size_t>(y) * half + x] = p;
    }
  }
  halved_.push_back(std::move(out));
  return *halved_.back();
}

// The rest frames of every view of every animation, by style, at each size of a pyramid (the rest
// frames' own size, halved down to about 24 px): sizes are fitted coarse to fine, since at 256 px
// a module half a unit off lies beyond the reach of its edges' anti-aliasing, where the residual
// tells nothing; and ended at the largest, where the players draw caps and corners as we do.
void Fitter::gather_rests() {
  const spec::IconSpec base_spec = spec::load_spec(base_);
  for (const TargetAnimation* a : showing("")) {
    auto it = std::find_if(rests_.begin(), rests_.end(), [&](const Rest& r) { return r.style == a->variant.style; });
    if (it == rests_.end()) it = rests_.insert(rests_.end(), {a->variant.style, motion_of(*a), {}, {}});
    for (const TargetView& v : a->views) {
      const int size = v.rest_size;
      if (rest_sizes_.empty()) {
        for (int s = size; s >= kSmallestRest; s /= 2) rest_sizes_.insert(rest_sizes_.begin(), s);
      }
      for (std::size_t i = 0; i < v.rest.size(); ++i) {
        const std::vector<std::uint32_t>* level = &v.rest[i];
        for (int s = size; s >= kSmallestRest; s /= 2) {
          if (s != size) level = &halved(*level, s * 2);
          if (std::find(rest_sizes_.begin(), rest_sizes_.end(), s) != rest_sizes_.end()) {
            it->images[s].push_back(view_of(*level, s, s));
            it->shown_by[s].push_back(v.engine);
          }
        }
        // Animations of one style rest alike: each rest frame once.
        auto& at = it->images[size];
        const auto same = [&](const ImageView& other) {
          return std::equal(at.back().data, at.back().data + 4 * size * size, other.data);
        };
        if (std::count_if(at.begin(), at.end() - 1, same) > 0) {
          for (int s = size; s >= kSmallestRest; s /= 2) it->images[s].pop_back(), it->shown_by[s].pop_back();
        }
      }
    }
    duotone_ = duotone_ || base_spec.style_rule(a->variant.style).card_fill == spec::CardFill::Secondary;
  }
  rest_size_ = rest_sizes_.back();
}

std::optional<check::ColorSolver::Solution> Fitter::solve_rest(const std::vector<double>& values, double* worst,
                                                              std::vector<check::ColorSolver>* players) {
  const auto spec = load(values);
  if (!spec) return std::nullopt;
  check::ColorSolver all;
  std::map<check::Engine, check::ColorSolver> by_player;
  for (const Rest& r : rests_) {
    const AnimatedScene scene = build_scene(*spec, {r.style, spec->default_weight, r.motion, theme_, std::nullopt});
    const AnimatedScene probed = check::probe_colors(scene);
    const ImageSurface probe = render_frame(evaluate(probed, 0), rest_size_);
    ++renders_;
    const auto& images = r.images.at(rest_size_);
    for (std::size_t i = 0; i < images.size(); ++i) by_player[r.shown_by.at(rest_size_)[i]].add(probe.view(), images[i]);
  }
  for (const auto& [engine, solver] : by_player) all.add(solver);
  const check::ColorSolver::Solution solved = all.solve(duotone_);
  if (worst) {
    // Each player weighed by how closely it draws as we do (the inverse of its residual when the
    // level began): the one nearer our renderer says more about the geometry than the noisier.
    *worst = 0;
    for (const auto& [engine, solver] : by_player) {
      const double r = solver.residual_of(solved);
      if (!player_noise_.count(engine)) player_noise_[engine] = std::max(r, 1.0);
      *worst += r / player_noise_.at(engine);
    }
  }
  if (players) {
    for (const auto& [engine, solver] : by_player) players->push_back(solver);
  }
  return solved;
}

// How well `values` explain the rest frames, the colours solved: each player's residual (levels²,
// summed) over its noise.
double Fitter::rest_residual(const std::vector<double>& values) {
  double worst = 0;
  if (!solve_rest(values, &worst)) return infinity();
  // A die larger than the card's free space draws at that space's size (geometry's die_half_size),
  // so beyond it the residual is flat and a search that strays there never comes back: a faint
  // pull toward the size drawn keeps it where the die's size shows.
  const auto die = table_.find("layout.die.size"), module = table_.find("layout.module.size"), weight = table_.find("stroke.default");
  if (die && module && weight) {
    const double clearance = base_["layout"]["die"].value("clearance", 0.0);
    const double excess = values[*die] - (values[*module] - 2 * values[*weight] - 2 * clearance);
    if (excess > 0) worst *= 1 + 0.01 * excess;
  }
  return worst;
}

double Fitter::rest_score(const std::vector<double>& values) {
  const auto spec = load(values);
  if (!spec) return infinity();
  const int size = rest_sizes_.back();
  double worst = 0;
  for (const Rest& r : rests_) {
    const AnimatedScene scene = build_scene(*spec, {r.style, spec->default_weight, r.motion, theme_, std::nullopt});
    const ImageSurface ours = render_frame(evaluate(scene, 0), size);
    ++renders_;
    for (const ImageView& image : r.images.at(size)) worst = std::max(worst, check::score_frame(image, ours.view(), scene.grid, options_.thresholds).score);
  }
  return worst;
}

// Stage 2: the weight and the layout against every animation's rest frames, colours solved (then
// fit_colours: the colours themselves at the layout found).
void Fitter::fit_rest() {
  const auto all = showing("");
  std::vector<std::size_t> rows;
  for (std::size_t i = 0; i < table_.params().size(); ++i) {
    const Param& p = table_.params()[i];
    if (state_[i] != ParamState::Fitted || (p.family != Family::Layout && p.family != Family::Weight)) continue;
    if (p.path == "layout.packet.radius") continue;  // packets show in flight only: fitted with the motion
    if (!out_of_budget() && !moves_frames(i, all)) {
      state_[i] = ParamState::Undetermined;
      continue;
    }
    rows.push_back(i);
  }
  gather_rests();
  const std::vector<double> from_base = values_;
  // First the ink's moments (each module's centre and spread, each link's extent), which lead the
  // search from the base however far off it is, at the pyramid's middle size.
  {
    rest_size_ = rest_sizes_.size() > 1 ? rest_sizes_[rest_sizes_.size() - 2] : rest_sizes_.back();
    const spec::IconSpec spec = loaded(values_);
    std::vector<std::pair<const Rest*, std::vector<double>>> targets;
    std::map<const Rest*, IconRegions> regions;
    for (const Rest& r : rests_) {
      const AnimatedScene scene = build_scene(spec, {r.style, spec.default_weight, r.motion, theme_, std::nullopt});
      regions.emplace(&r, icon_regions(scene, rest_size_));
      for (const ImageView& image : r.images.at(rest_size_)) targets.emplace_back(&r, ink_moments(regions.at(&r), pixels_of(image), rest_size_));
    }
    const Objective apart = [&](const std::vector<double>& values) {
      const auto candidate = load(values);
      if (!candidate) return infinity();
      double sum = 0;
      for (const Rest& r : rests_) {
        const AnimatedScene scene = build_scene(*candidate, {r.style, candidate->default_weight, r.motion, theme_, std::nullopt});
        const std::vector<double> ours = ink_moments(regions.at(&r), pixels_of(render_frame(evaluate(scene, 0), rest_size_).view()), rest_size_);
        ++renders_;
        for (const auto& [rest, target] : targets) {
          if (rest != &r) continue;
          for (std::size_t i = 0; i < ours.size(); ++i) sum += (ours[i] - target[i]) * (ours[i] - target[i]);
        }
      }
      return sum;
    };
    search(rows, apart, Method::Subplex, 1000, "rest pose: ink moments at " + std::to_string(rest_size_) + " px", 1e-3, false);
  }
  // Coarse to fine: at 128 px a module half a unit off lies beyond the reach of its edges'
  // anti-aliasing, where the residual says nothing; at 32 px it is within a pixel. Subplex at each
  // size, again while it still gains: the sizes trade with one another (a module's size and the
  // padding place its edges together) and the residual is rough at the scale of a pixel's 1/15
  // (Cairo's vertical sampling), which stalls a model-based method like BOBYQA.
  const Objective residual = [&](const std::vector<double>& values) { return rest_residual(values); };
  // Returns whether its last search converged: only the end kept decides the fit's convergence.
  const auto pyramid = [&](const std::string& from) {
    bool converged = true;
    for (int size : rest_sizes_) {
      if (out_of_budget()) break;
      rest_size_ = size;
      player_noise_.clear();
      double now = residual(values_);
      const bool last = size == rest_sizes_.back();
      for (int round = 0; round < (last ? 1 : kRestRounds) && !out_of_budget(); ++round) {
        const Minimum m = search(rows, residual, Method::Subplex, last ? 1600 : 800,
                                 "rest pose (weight, layout) at " + std::to_string(size) + " px" + from, last ? 4e-3 : 1e-3, false);
        if (last) converged = m.converged;
        const double then = residual(values_);
        if (then > now * (1 - 1e-3)) break;
        now = then;
      }
    }
    return converged;
  };
  const bool converged_before = out_.converged;
  const bool guided_converged = pyramid("");
  // The moments can mislead where the base was near already: a rounder corner has less ink,
  // which a smaller die and shorter links make up for (a corner radius 2.53 for 2.25 was fitted
  // with a die of 0.25 for 2). So the pyramid runs from the base too, and the better end is kept
  // (judged with one player noise, the first's).
  if (!out_of_budget()) {
    const std::vector<double> guided = values_;
    values_ = from_base;
    const bool plain_converged = pyramid(", from the base");
    const std::vector<double> plain = values_;
    rest_size_ = rest_sizes_.back();  // where the budget ran out mid-pyramid, the judge is still the largest
    player_noise_.clear();
    const double guided_residual = residual(guided);
    const bool keep_guided = guided_residual <= residual(plain);
    if (keep_guided) values_ = guided;
    out_.converged = out_.converged && (keep_guided ? guided_converged : plain_converged);
    // Where no look matched, the nearest is fitted again from the rest poses the others reached
    // too (fit.cpp): a duotone card of module 6.26 stalled at 6.6 from both starts, where the
    // solid look's pyramid found 6.26.
    for (const std::vector<double>& start : rest_starts_) {
      if (out_of_budget()) break;
      const std::vector<double> kept = values_;
      for (std::size_t r : rows) values_[r] = start[r];
      const bool converged = pyramid(", from another look's rest pose");
      const std::vector<double> other = values_;
      rest_size_ = rest_sizes_.back();
      player_noise_.clear();
      const double kept_residual = residual(kept);
      if (residual(other) < kept_residual) {
        out_.converged = converged_before && converged;
      } else {
        values_ = kept;
      }
    }
  } else {
    // What follows judges at the largest size, with the players' noise there, wherever the budget
    // stopped the pyramid.
    rest_size_ = rest_sizes_.back();
    player_noise_.clear();
    residual(values_);
  }
  // Two ways a layout can draw that no search step reaches: without its die (below the die's
  // min_size it is left out, a cliff in the residual), and on the base's keylines (every size
  // rounded to a whole unit of the keyline weight's parity, as our own exports of a keylined spec
  // draw: a staircase, so the module's two nearest such sizes are tried). Each is kept where it
  // explains the rest frames better. On keylines the other sizes are stairs too, whose edges sit
  // where designers put values (a padding of 1 centres a card half-way between two keylines, and
  // the free fit's 1.0016 put it on the next): each module size is tried with them as fitted and
  // rounded to a quarter and a twentieth of a unit (the weight as fitted). The free fit leans
  // every size into the players' anti-aliasing, so the truth on keylines explains the rest frames
  // less well than it (1.2× and 2× its residual, our own export and a keylined one of module
  // 7.62), while a keyline off costs thousands of times: keylines within kKeylineResidual of it
  // are kept, the lowest.
  if (const auto die = table_.find("layout.die.size"); die && std::find(rows.begin(), rows.end(), *die) != rows.end()) {
    std::vector<double> without = values_;
    without[*die] = 0;
    if (residual(without) < residual(values_)) values_ = without;
  }
  if (const auto module = table_.find("layout.module.size"); keylines_ && module) {
    const double off = residual(values_);
    const int parity = keylines_->value("weight", 2) % 2;
    const double below = std::floor(values_[*module]) - (static_cast<int>(std::floor(values_[*module])) % 2 != parity ? 1 : 0);
    std::optional<std::vector<double>> best;
    double best_residual = off * kKeylineResidual;
    on_keylines_ = true;
    for (const double size : {below, below + 2}) {
      std::vector<double> tried;  // the last candidate: a twentieth often rounds as a quarter did
      for (const double unit : {0.0, 0.25, 0.05}) {
        std::vector<double> on = values_;
        for (std::size_t r : rows) {
          const Param& p = table_.params()[r];
          // The weight is no stair: keylines round sizes, not the stroke (a weight of 2.8333 on them).
          if (unit > 0 && p.family == Family::Layout) on[r] = std::clamp(std::round(on[r] / unit) * unit, p.lower, p.upper);
        }
        on[*module] = size;
        if (on == tried) continue;
        tried = on;
        const double r = residual(on);
        if (r < best_residual) best = on, best_residual = r;
      }
    }
    on_keylines_ = best.has_value();
    if (best) values_ = *best;
  }
  fit_colours();
  if (out_of_budget()) return;
  const double score = rest_score(values_);
  record("rest pose: check's score " + spec::format_number(std::round(score * 100) / 100) + " on the rest frames at " +
         std::to_string(rest_sizes_.back()) + " px");
  rest_pose_score_ = score;
  rest_values_ = values_;
  gave_up_ = give_up_at_rest_ && score > kUnlikeRest;
}

// The colours at the weight and layout found; the base's own where they are within a few levels.
void Fitter::fit_colours() {
  if (std::any_of(options_.fix.begin(), options_.fix.end(), [](const std::string& p) { return under("themes", p); })) {
    colours_.clear();
    return;
  }
  std::vector<check::ColorSolver> players;
  auto s = solve_rest(values_, nullptr, &players);
  if (!s) return;
  s->primary = nearest_level(*s, players, duotone_);
  const spec::IconSpec base_spec = spec::load_spec(base_);
  // The look's theme was read at the base's layout, where a target far from it misleads the colours
  // solved (a duotone card of module 6.26 in the dark theme read as the light one, whose mix toward
  // a white backdrop cannot give its grey): at the layout found they tell it again.
  if (!options_.pins.theme) theme_ = theme_told(base_spec, *s, theme_);
  const spec::ThemeRule& rule = base_spec.theme_rule(theme_);
  ThemeColours c{theme_, color_distance(s->primary, rule.primary) <= kSameColor ? rule.primary : s->primary, std::nullopt};
  if (s->has_secondary && color_distance(s->secondary, rule.secondary(c.primary)) > kSameColor) {
    c.mix = mix_between(c.primary, rule.backdrop, s->secondary);
  }
  colours_ = {c};
  // The bundle's other colour themes, as ThorVG drew them, solved at the weight and layout found.
  const auto spec = load(values_);
  for (const TargetTheme& t : target_.themes) {
    if (t.id == theme_ || !spec) continue;
    const auto shown = std::find_if(target_.animations.begin(), target_.animations.end(), [&](const TargetAnimation& a) { return a.id == t.animation; });
    const AnimatedScene scene = build_scene(*spec, variant_of(*spec, *shown));
    const AnimatedScene probed = check::probe_colors(scene);
    const ImageSurface probe = render_frame(evaluate(probed, 0), t.size);
    ++renders_;
    check::ColorSolver solver;
    solver.add(probe.view(), view_of(t.rest, t.size, t.size));
    const auto solved = solver.solve(base_spec.style_rule(shown->variant.style).card_fill == spec::CardFill::Secondary);
    const spec::ThemeRule& r = base_spec.theme_rule(t.id);
    ThemeColours other{t.id, color_distance(solved.primary, r.primary) <= kSameColor ? r.primary : solved.primary, std::nullopt};
    if (solved.has_secondary && color_distance(solved.secondary, r.secondary(other.primary)) > kSameColor) {
      other.mix = mix_between(other.primary, r.backdrop, solved.secondary);
    }
    colours_.push_back(other);
  }
}

}  // namespace iconsynth::render::fit::detail
