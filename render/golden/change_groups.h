#pragma once
// Variants that changed alike, so a reviewer reads one change once: a one-parameter edit that
// moves 18 variants the same way is one group, not 18 rows.

#include "render/golden/golden_check.h"

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

// "frames 60 → 64", "weight 2 → 2.1", "frames 32, 38 differ" …: what a group's variants share.
std::vector<std::string> describe_change(const ChangeGroup& group);

// The first `limit` ids of the group, then how many in all: "a, b, c … (18 variants)".
std::string variant_list(const ChangeGroup& group, std::size_t limit);

}  // namespace iconsynth::render::golden
