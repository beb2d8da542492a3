#include "render/check/check_ci.h"

#include "render/compare/report_files.h"

namespace iconsynth::render::check {

ci::TestSuite test_suite(const CheckResult& result, double seconds) {
  ci::TestSuite suite{"check of " + result.asset_name, {}, result.notes, seconds, {}};
  for (const std::string& problem : result.interaction) suite.notes.push_back("markers and state machines: " + problem);
  const std::string shift_limit = fixed(result.thresholds.shift_limit(result.size, result.grid), 3);
  const std::string ink_limit = fixed(result.thresholds.max_ink, 1);
  for (const AnimationCheck& a : result.animations) {
    std::string structure;
    for (const StructuralDifference& d : a.structure) structure += d.what + ": asset " + d.asset + ", ours " + d.ours + "\n";
    for (const PlayerCheck& p : a.players) {
      ci::TestCase c{a.id + " (" + engine_name(p.engine) + ")", "check." + result.asset_name, ci::TestCase::Outcome::Passed,
                     {}, {}, structure, {}, 0, {}};
      for (const std::string& note : {a.matched_how == "by its id" ? "" : "variant " + a.matched_how, p.note, p.time_note}) {
        if (!note.empty()) c.output += note + "\n";
      }
      if (!p.passed) {
        c.outcome = ci::TestCase::Outcome::Failed;
        const FrameResult* worst = worst_frame(p);
        c.message = !worst ? "no frame compared"
                           : "frame " + std::to_string(worst->asset_frame) + ": score " + fixed(worst->score, 2) +
                                 ", over the limit 1 (edge shift " + fixed(worst->shape.edge_shift, 3) + " px, limit " +
                                 shift_limit + "; ink change " + fixed(worst->shape.ink_delta, 1) + " levels, limit " +
                                 ink_limit + ") against " + a.variant_id;
        for (const FrameResult& f : p.frames) {
          if (f.score > 1) {
            c.details += "frame " + std::to_string(f.asset_frame) + ": score " + fixed(f.score, 2) + ", edge shift " +
                         fixed(f.shape.edge_shift, 3) + " px, ink change " + fixed(f.shape.ink_delta, 1) + " levels\n";
          }
        }
      }
      suite.cases.push_back(std::move(c));
    }
  }
  return suite;
}

}  // namespace iconsynth::render::check
