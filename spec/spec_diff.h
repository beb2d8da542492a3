#pragma once
// Which values of a spec document differ from another's, named by the paths `--set` takes:
//
//   motions.strong.timeline.sequence.1.exchange.swell.scale: 1.2 → 1.24
//   motions.light.timeline.exchange.travel.ease: "ease-in-out" → "snap"
//   layout.keylines: {"weight":2} → (none)
//
// Objects are compared key by key and arrays of equal length element by element, so a change is
// named at the value a person tunes; an array whose length changed, or a value whose type did, is
// named whole. `golden check` says with it which parameters moved a golden set.

#include "spec/icon_spec.h"

#include <string>
#include <vector>

namespace iconsynth::spec {

struct SpecDifference {
  std::string path;  // dotted, as --set takes it; "" for the whole document
  Json before;       // null when the field is new (`added`)
  Json after;        // null when the field is gone (`removed`)
  bool added = false, removed = false;

  // "motions.light.lead: 6 → 7"; a side that has no field reads "(none)".
  std::string line() const;
};

// Differences from `before` to `after`, in `after`'s document order, then the fields only `before` has.
std::vector<SpecDifference> diff_specs(const Json& before, const Json& after);

}  // namespace iconsynth::spec
