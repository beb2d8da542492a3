#pragma once
// The fit's working state and its stages (fit.h says what each does), one file a stage:
//   fitter.cpp        what every stage shares: candidates as specs, the searches, the measures
//   fit_rest.cpp      2. the weight, the layout and the colours against the rest frames
//   fit_motion.cpp    3. a motion's timings, scales and easings against its tracks
//   fit_easings.cpp   4–5. easings named where a preset explains them, custom ones on the pixels
//   fit_rounding.cpp  values rounded where the frames cannot tell
//   fit_verdict.cpp   6. check's verdict, the spec as written, passing ranges, the pixels' rescue
//   fit_plainest.cpp  7. the spec nearest the base among those that draw the target alike
//   fit.cpp           the stages in order, the result, and the fit again with another look
// Internal to iconsynth_fit: nothing here is installed or part of fit.h's interface.

#include "motion/easing.h"
#include "render/check/look_estimate.h"
#include "render/fit/fit.h"
#include "render/fit/optimise.h"
#include "render/fit/pixel_residual.h"
#include "render/fit/tracks.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace iconsynth::render::fit::detail {

using spec::Json;

// Shared by the stages that judge motions on their tracks.
constexpr double kEasingResidual = 1.05;    // an easing (freed or named) is taken if it explains the tracks this nearly as well
constexpr double kSameTracks = 4;           // (or this much worse at most: two standard deviations)
constexpr double kRefineSteps = 0.25;       // a refinement's first steps, in parameter steps (a quarter frame)
constexpr std::size_t kGeometryStride = 3;  // a size is judged on every third frame (it changes every frame alike)

inline double infinity() { return std::numeric_limits<double>::infinity(); }
// "1.23 s" since `began`, for the stages' reports.
std::string seconds_since(std::chrono::steady_clock::time_point began);
// Whether spec path `path` is `prefix` or lies under it.
inline bool under(const std::string& path, const std::string& prefix) {
  return path == prefix || path.rfind(prefix + ".", 0) == 0;
}
// An easing's path from one of its handles' rows ("….travel.ease" for "….travel.ease.2"), and
// whether a row is its first handle.
inline std::string easing_path(const std::string& handle) { return handle.substr(0, handle.size() - 2); }
inline bool is_first_handle(const std::string& path) { return path.size() > 2 && path.compare(path.size() - 2, 2, ".0") == 0; }
// The Bézier easing whose handles are values[c … c+3].
inline motion::Easing easing_at(const std::vector<double>& values, std::size_t c) {
  return motion::Easing::bezier(values[c], values[c + 1], values[c + 2], values[c + 3]);
}
// Whether every animation's verdict passed (true for none).
inline bool every_passed(const std::vector<AnimationFit>& animations) {
  return std::all_of(animations.begin(), animations.end(), [](const AnimationFit& a) { return a.passed(); });
}

// A theme's colours as the frames show them.
struct ThemeColours {
  std::string theme;
  spec::Rgba primary;
  std::optional<double> mix;
};

// check's score on the rest frames above which a look is not the target's: past the rest pose the
// fit moves nothing the rest frames show, and the rest frames are frames the verdict judges. (A
// wrong style scores 6–13 at 256 px, a right one below 0.5; a score at 256 px is at most about
// twice the verdict's at 128 px.)
constexpr double kUnlikeRest = 3;

class Fitter {
 public:
  // `give_up_at_rest`: where the rest pose found explains the rest frames no better than
  // kUnlikeRest, the stages after it are skipped (the look is not the target's; fit.cpp tries others).
  // `rest_starts`: values whose weight and layout the rest pose is also searched from (other looks'
  // rest poses), the best end kept.
  Fitter(const Json& base, const Target& target, const FitOptions& options, bool give_up_at_rest = false,
         std::vector<std::vector<double>> rest_starts = {});
  FitResult run();  // fit.cpp
  // The rest pose alone (stage 2): the spec found there, each motion's tail the base's; nullopt where
  // the budget ran out before it. fit.cpp.
  std::optional<Json> rest_pose_only();
  // check's score on the rest frames at the rest pose found (nullopt if the budget ran out before
  // it), and whether run() gave up there.
  std::optional<double> rest_pose_score() const { return rest_pose_score_; }
  bool gave_up() const { return gave_up_; }
  // The values at the rest pose found (empty if the budget ran out before it).
  const std::vector<double>& rest_values() const { return rest_values_; }

 private:
  using Objective = std::function<double(const std::vector<double>&)>;

  // fitter.cpp: candidates, searches and measures.
  // Whether the fit's budget is spent: every search, loop and restart asks before it goes on. The
  // first time it is, the fit stops converging and a note says in which stage.
  bool out_of_budget();
  // A stage, loop or restart done: kept for the report and told as progress, with the budget spent.
  void record(const std::string& line);
  // A stage begins: told as progress (and named in the note if the budget runs out in it).
  void begin(const std::string& stage);
  bool is_fixed(const Param& p) const;
  Json document(const std::vector<double>& values) const;
  // The spec of `values`; nullopt for a candidate the loader refuses (`why`, if given, says why).
  std::optional<spec::IconSpec> load(const std::vector<double>& values, std::string* why = nullptr) const;
  // The spec of values the fit holds, which always load: std::logic_error naming the loader's reason if not.
  spec::IconSpec loaded(const std::vector<double>& values) const;
  spec::Variant variant_of(const spec::IconSpec& spec, const TargetAnimation& a) const;
  // The motion `a` is fitted as: the one read from its frames, or read again at the rest pose found.
  const std::string& motion_of(const TargetAnimation& a) const;
  // The motions shown, their durations, and which rows they leave not shown, from motions_.
  void index_motions();
  // Each animation's motion read again at the rest pose found (unless given); whether any reads otherwise.
  bool read_motions_again();
  std::string geometry_key(const std::vector<double>& values) const;
  std::vector<const TargetAnimation*> showing(const std::string& motion) const;
  int size_for(const TargetAnimation& a, int asked) const;
  // The fitted timings and scales of `motion` (but its tail, which the duration leaves), and the
  // weight and layout sizes (but the packet's, which shows in flight only).
  std::vector<std::size_t> timed_rows(const std::string& motion) const;
  std::vector<std::size_t> geometry_rows() const;
  // Minimises `f` over `rows` from the values in hand, which it moves to the minimum. `decides`:
  // the result is final (its convergence is the fit's), not a starting point for a later stage.
  Minimum search(const std::vector<std::size_t>& rows, const Objective& f, Method method, int budget, const std::string& stage,
                 double tolerance = 1e-3, bool decides = true, double initial_steps = 1);
  bool moves_frames(std::size_t row, const std::vector<const TargetAnimation*>& animations);
  double pixel_residual(const std::vector<double>& values, std::vector<PixelResidual>& residuals,
                        const std::vector<const TargetAnimation*>& animations);
  // The squared pixel difference of `animations` at the fine size, and check's verdict on them
  // there (the worst frame of any player), measured in `measures`; both must outlive it.
  Objective squared_on(const std::vector<const TargetAnimation*>& animations, std::vector<PixelResidual>& measures);
  Objective verdict_on(const std::vector<const TargetAnimation*>& animations, std::vector<PixelResidual>& verdicts);
  // Each animation's measure of `spec` (two at a time), summed, or the worst of them.
  double each_animation(const spec::IconSpec& spec, const std::string& geometry, std::vector<PixelResidual>& measures,
                        const std::vector<const TargetAnimation*>& animations, bool worst);

  // fit_rest.cpp: stage 2.
  void fit_rest();
  void gather_rests();
  const std::vector<std::uint32_t>& halved(const std::vector<std::uint32_t>& frame, int size);
  std::optional<check::ColorSolver::Solution> solve_rest(const std::vector<double>& values, double* worst = nullptr,
                                                        std::vector<check::ColorSolver>* players = nullptr);
  // How well `values` explain the rest frames, the colours solved (levels², summed).
  double rest_residual(const std::vector<double>& values);
  // check's score of the rest frames at the largest size: the worst window of the worst player.
  double rest_score(const std::vector<double>& values);
  void fit_colours();

  // fit_motion.cpp: stage 3.
  void fit_motion(const std::string& motion);
  void fit_motion_tracks(const std::string& motion, const std::vector<std::size_t>& rows, bool free_easings);
  std::vector<MeasuredTracks>& measure_tracks_of(const std::string& motion);
  // The first block's rows then the second's fitted to `f` while they gain, then `together`.
  void fit_in_blocks(const std::vector<std::size_t>& first, const std::vector<std::size_t>& second,
                     const std::vector<std::size_t>& together, const Objective& f);
  // `rows` (timings and freed easings): the easings' handles, then the timings `timed`.
  void refit_blockwise(const std::vector<std::size_t>& rows, const std::vector<std::size_t>& timed, const Objective& f);
  std::optional<std::vector<double>> stretched_to_duration(const std::string& motion, std::vector<double> values,
                                                           const std::vector<std::size_t>& rows) const;
  std::optional<std::vector<double>> stretched_onto(const std::string& motion, const std::vector<MeasuredTracks>& tracks,
                                                    const std::vector<std::size_t>& rows) const;
  // How far `values`' choreography of `motion` is from the tracks measured for it, with a faint
  // pull of `rows` toward `start`.
  double track_distance_of(const std::string& motion, const std::vector<double>& values, const std::vector<std::size_t>& rows,
                           const std::vector<double>& start, bool guiding = false) const;

  // fit_easings.cpp: stages 4 and 5.
  void snap_easings();
  void refine_motion_on_pixels(const std::string& motion);
  void refine_handles(std::size_t row, const Objective& f);
  std::optional<double> departure_of(const std::string& motion, std::size_t easing_row, const std::vector<double>& values) const;
  bool depart_on_frames(const std::string& motion, std::size_t easing_row, const Objective& residual, const Objective& verdict);
  std::vector<std::string> presets_near(const std::vector<motion::Easing>& curves) const;
  void refit_on_tracks(const std::vector<std::size_t>& rows, const Objective& f, const std::string& stage = "");

  // fit_rounding.cpp.
  int round_rows(std::vector<std::size_t> rows, const Objective& f, bool relative, bool refit);
  int round_values();  // how many values it rounded

  // fit_verdict.cpp: stage 6.
  Json written_document() const;
  void judge();
  void rescue_on_pixels();
  void find_ranges();

  // fit_plainest.cpp: stage 7.
  bool plainest();  // whether any value changed
  int plainest_layout(const std::function<bool(const std::vector<double>&)>& alike);
  void find_same_drawing();

  // fit.cpp.
  FitResult result();

  const Target& target_;
  FitOptions options_;
  Json base_;                 // the base without keylines: the fit moves sizes freely
  std::optional<Json> keylines_;  // the base's layout.keylines, written back when the fitted layout is on them
  bool on_keylines_ = false;      // candidates drawn on the base's keylines (the target is: fit_rest found so)
  double rate_;
  ParamTable table_;
  std::vector<double> values_;
  std::vector<ParamState> state_;
  std::vector<std::string> motions_, found_how_;  // per target animation: the motion fitted, and how it was found
  std::vector<std::string> shown_;              // motions the target shows, in the spec's order
  std::map<std::string, double> durations_;     // per motion shown: its length in frames at rate_
  std::string theme_;                           // the theme the inline look stands for
  std::vector<ThemeColours> colours_;
  std::map<std::string, std::string> presets_;  // easing path → the preset it is
  std::map<std::string, std::vector<MeasuredTracks>> tracks_;  // per motion shown: each player's
  std::map<std::string, double> tracks_packet_;  // per motion: the packet's radius its tracks were measured with
  std::set<std::string> freed_easings_;  // easing paths fitted as curves of their own (the others stay the base's)
  struct Rest {
    std::string style, motion;
    std::map<int, std::vector<ImageView>> images;  // by size: every view's first frame
    std::map<int, std::vector<check::Engine>> shown_by;  // by size: which player drew each
  };
  std::vector<Rest> rests_;
  std::vector<int> rest_sizes_;                     // the pyramid, smallest first
  std::vector<std::unique_ptr<std::vector<std::uint32_t>>> halved_;  // the frames halved for it
  int rest_size_ = 0;                               // the level being fitted
  std::map<check::Engine, double> player_noise_;    // at this level: each player's residual when it began
  bool duotone_ = false;
  FitResult out_;
  long renders_ = 0;
  long evaluations_ = 0;  // of every search, for the loops' progress lines
  std::string stage_;     // the stage under way
  bool budget_spent_ = false;
  int module_count_ = 4;  // the base's: no size fitted changes it
  bool give_up_at_rest_ = false;
  std::optional<double> rest_pose_score_;
  bool gave_up_ = false;
  std::vector<std::vector<double>> rest_starts_;
  std::vector<double> rest_values_;
};

}  // namespace iconsynth::render::fit::detail
