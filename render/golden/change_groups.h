#pragma once
// Variants that changed alike, so a reviewer reads one change once: a one-parameter edit that
// moves 18 variants the same way is one group, not 18 rows.

#include "render/golden/failures.h"

#include <string>
#include <vector>

namespace iconsynth::render::golden {

struct ChangeGroup {
  std::vector<const VariantCheck*> variants;  // in report order
  const VariantCheck* shown = nullptr;        // the one whose worst frame stands for the group
  std::vector<int> frames;                    // the key frames that differ (or have no golden image)
};

// The failed variants of `report`, grouped by what changed: the same frames differ, the same
// frame count and weight change, the same Lottie changes. Groups in report order.
std::vector<ChangeGroup> group_changes(const CheckReport& report);

// What a group's variants share, by kind: "frame count: frames 60 → 64", "weight: 2 → 2.1",
// "frames: 2 of 15 key frames differ: 32, 38", "Lottie: 4 Lottie changes, first: …".
std::vector<Failure> describe_change(const ChangeGroup& group, const CheckReport& report);

// The spec's changed values that can move a variant: a motion's values move its variants, a
// theme's, a style's and a preset weight's theirs, anything else every variant.
bool can_move(const spec::SpecDifference& difference, const GoldenVariant& variant);
// The spec's changed values that can move some variant of the group, in the report's order.
std::vector<const spec::SpecDifference*> moved_by(const ChangeGroup& group, const CheckReport& report);

// The first `limit` ids of the group, then how many in all: "a, b, c … (18 variants)".
std::string variant_list(const ChangeGroup& group, std::size_t limit);

}  // namespace iconsynth::render::golden
