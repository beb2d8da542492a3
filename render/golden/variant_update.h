#pragma once
// Taking one variant of a golden set anew: which key frames keep their accepted images and which
// get this rendering, and the sheets that hold them. A renderer's sheet whose images all stay
// keeps its bytes as they are, so no file changes that need not.

#include "render/golden/golden_update.h"

#include <string>
#include <vector>

namespace iconsynth::render::golden {

struct TakenVariant {
  GoldenVariant entry;                    // frames and sheets filled; the Lottie is the caller's
  std::vector<std::string> sheet_bytes;   // by position in entry.sheets
  FrameCounts frames;
};

// Every key frame of `now` as this rendering, by `renderer` (an index into the new set's renderers).
TakenVariant take_rendering(const GoldenVariant& now, VariantFrames& frames, int renderer, int size);

// `now` (the spec's variant, whose key frames are `golden`'s) with `golden`'s images after `check`
// (of this rendering against them): a frame that matched keeps its images; one outside tolerance,
// or without a readable image, gets this rendering instead of them (with `add`, beside them,
// replacing only this renderer's own).
TakenVariant take_changes(const GoldenVariant& now, const GoldenVariant& golden, const VariantCheck& check, VariantFrames& frames,
                          SheetImages& sheets, int renderer, bool add, int size);

// `golden` without the images of sheets whose file is missing or not as the manifest says: an
// update never keeps an image it cannot vouch for.
GoldenVariant without_damaged_sheets(const GoldenVariant& golden, SheetImages& sheets);

}  // namespace iconsynth::render::golden
