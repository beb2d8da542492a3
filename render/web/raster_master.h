#pragma once
// A raster master: Cairo's own frames of one animation (a style × motion at one preset weight),
// drawn at one backing store's size as render_frame draws the hinted scene there, for a page to
// show where a player's anti-aliasing differs from Cairo's by more than the frame can hide (small
// canvases are mostly edge). It stores coverage, not colour, so a page composites any colour and
// theme over it: 8-bit coverage planes, each painted in one colour role, that a page composites
// in order in the look's colours (outline and solid: one plane, the primary; duotone: the primary
// under the secondary, the secondary, the primary over it).
//
// A strip `px` wide, rows top to bottom:
//   a header: pixel 0 and 1 the frame count (high byte, low byte), pixel 2 the number of planes,
//   pixels 3 to 5 each plane's role (0 primary, 1 secondary; 0 past the last plane), pixel 6 the
//   sheet's columns;
//   then each frame's unique-frame index as two pixels (high, low), frames in order;
//   (padding to a whole row, 0), then each unique frame in order of first use, its planes one
//   below the other, `px` rows each.
// The sheet is that strip as a lossless greyscale WebP (grey_webp.h): one column `px` wide, or,
// where the strip is taller than a WebP may be, as many columns of equal height as it needs, side
// by side, the strip running down the first column, then the next (zero rows pad the last).
// Held frames are stored once.

#include "render/scene/scene.h"
#include "spec/icon_spec.h"

#include <cstdint>
#include <string>
#include <vector>

namespace iconsynth::render::web {

struct RasterMaster {
  std::string sheet;     // the sheet, a lossless WebP
  int frames = 0;        // frames of the animation
  int unique = 0;        // distinct frames stored
  int planes = 0;        // coverage planes a frame, 1 to 3
};

// Header pixels before the frame index (frame count high, low, planes, three roles, columns).
inline constexpr int kRasterHeaderPixels = 7;

// The raster master of `scene` (a scene fitted to `px` px, render/cairo/sized_scene.h) at `px`.
RasterMaster write_raster_master(const AnimatedScene& scene, int px);
// The same for the scene's first frame alone: what a page shows at rest, before any play asks for
// the whole animation (a frame's planes are a few hundred bytes; a duotone motion's, many kilobytes).
RasterMaster write_raster_rest(AnimatedScene scene, int px);

// A strip (`px` wide, its header's first row first) as a sheet, and a sheet's strip back with its
// `px` (the strip padded with zero rows to fill its last column); std::invalid_argument when the
// strip fits no WebP or the sheet is none.
std::string sheet_of_strip(std::vector<unsigned char> strip, int px);
std::vector<unsigned char> strip_of_sheet(const std::string& sheet, int& px);

// A frame of a raster master decoded and composited in `primary` and `secondary` (straight RGBA
// colours) as a page does: premultiplied ARGB32, px × px, row-major. For tests and tools that
// judge what a page shows; std::invalid_argument naming what is wrong when `sheet` is no raster master.
std::vector<std::uint32_t> composite_raster_frame(const std::string& sheet, int frame, spec::Rgba primary, spec::Rgba secondary);

}  // namespace iconsynth::render::web
