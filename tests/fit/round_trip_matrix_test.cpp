// fit's round trip over 24 seeded perturbations of the built-in spec (one to five parameters at a
// time, every family at least twice), each target in all four forms: slow (about 100 fits), so it
// is labelled slow and built with -DICONSYNTH_SLOW_TESTS=ON; round_trip_test.cpp has a case of
// each form and family in every run.
#include "perturbations.h"
#include "round_trip.h"

#include "spec/json_reader.h"

#include <fstream>

using namespace iconsynth::test;

namespace {

constexpr int kCases = 24;
constexpr unsigned kSeed = 23;

// Case k's perturbation (the seeded perturber's k-th, one to five parameters) in `form`.
void run_case(int k, Form form) {
  Perturber perturber(kSeed);
  Perturbed p = perturber.next(0);
  for (int i = 1; i <= k; ++i) p = perturber.next(i);
  round_trip(p, form, scratch_dir("fit-matrix-" + std::to_string(k) + "-" + std::to_string(static_cast<int>(form))));
}

}  // namespace

// A section per case and form, so that a fit that fails one form still lets the others run.
TEST_CASE("Round trip matrix: 24 seeded perturbations in four forms", "[fit][slow]") {
  for (int k = 0; k < kCases; ++k) {
    for (Form form : {Form::Lottie, Form::Bundle, Form::Restructured, Form::Frames}) {
      DYNAMIC_SECTION("case " << k << ", " << form_name(form)) { run_case(k, form); }
    }
  }
}

// Our own export and a copy another pipeline wrote (restructure.h), at frame rates the base does
// not use, one that does not divide 60 among them (29.97): each fits to a spec check accepts at
// 64 and 256 px.
TEST_CASE("Frame rates: our Lottie and a restructured copy at 24, 25, 29.97, 30, 50 and 60 fps", "[fit][slow]") {
  for (const double rate : {24.0, 25.0, 29.97, 30.0, 50.0, 60.0}) {
    for (const bool restructured : {false, true}) {
      DYNAMIC_SECTION((restructured ? "restructured copy at " : "our Lottie at ") << rate << " fps") {
        const fs::path work = scratch_dir("fit-rate-" + std::to_string(static_cast<int>(rate * 100)) + (restructured ? "-copy" : ""));
        const fs::path ours = work / "ours.json", target = work / "target.json";
        const std::string set = restructured ? "" : " --set frame_rate=" + iconsynth::spec::format_number(rate);
        REQUIRE(run_cli("export --motion strong" + set + " -o " + ours.string(), work).exit_code == 0);
        std::ofstream(target) << (restructured ? restructure_lottie(Json::parse(read_file(ours)), rate) : Json::parse(read_file(ours))).dump();
        const Fitted fitted = fit_target(work, target);
        INFO(fitted.err);
        REQUIRE(fitted.exit_code == 0);
        CHECK(fitted.report["matched"] == true);
        for (int size : {64, 256}) {
          INFO("check --size " << size);
          const Checked c = check_fitted(work, target, size);
          CHECK(c.exit_code == 0);
          CHECK(both_players_ran(c.summary));
        }
      }
    }
  }
}
