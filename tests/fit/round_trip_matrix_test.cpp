// fit's round trip over 24 seeded perturbations of the built-in spec (one to five parameters at a
// time, every family at least twice), each target in all four forms: slow (about 100 fits), so it
// is labelled slow and built with -DICONSYNTH_SLOW_TESTS=ON; round_trip_test.cpp has a case of
// each form and family in every run.
#include "perturbations.h"
#include "round_trip.h"

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
