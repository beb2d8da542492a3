#pragma once
// Frames and filmstrips as images.

#include "render/cairo/surface.h"
#include "render/scene/evaluate.h"

#include <Eigen/Core>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace iconsynth::render {

// Output sizes the CLI accepts, in pixels per side.
inline constexpr int kMinSize = 8;
inline constexpr int kMaxSize = 4096;
// std::invalid_argument naming the size when it is outside [kMinSize, kMaxSize].
void check_output_size(int size);

// `frame` drawn on a transparent size × size image; `offset_px` shifts the drawing (sub-pixel
// offsets probe anti-aliasing sensitivity).
ImageSurface render_frame(const FrameScene& frame, int size, const Eigen::Vector2d& offset_px = Eigen::Vector2d::Zero());

// How a filmstrip sheet looks around its frames: a sheet for people has gutters and sits on the
// theme's backdrop (white icons on transparency look blank in ordinary viewers); a sheet for
// slicing (the preview's flipbooks) has neither.
struct FilmstripStyle {
  int gutter = 0;                      // px between cells and around the sheet's edge
  std::optional<spec::Rgba> backdrop;  // painted under the frames; transparent when none
};
// The style of a filmstrip for people at `size` px a frame: gutters of an eighth of a frame (at
// least 2 px) on `backdrop`.
FilmstripStyle filmstrip_for_people(int size, spec::Rgba backdrop);

// The sheet's width and height in px: `columns` cells a row, gutters between and around them.
std::pair<std::int64_t, std::int64_t> filmstrip_sheet_size(int frame_count, int size, int columns, int gutter);
// Whether such a sheet fits an image (kMaxSurfaceSide a side, kMaxSurfacePixels in all).
bool filmstrip_fits(int frame_count, int size, int columns, int gutter);
// "" when it fits, else why not: "90 frames at 1074 px, 10 a row, make a sheet of 12214x11006 px,
// past a filmstrip's limit (32767 px a side, 2^27 pixels)".
std::string filmstrip_too_large(int frame_count, int size, int columns, int gutter);

// Every frame of `scene` on one sheet, `columns` cells a row, row-major from frame 0.
ImageSurface render_filmstrip(const AnimatedScene& scene, int size, int columns, const FilmstripStyle& style = {});

// `image` painted over an opaque (or translucent) `background`: what a page or preview shows.
ImageSurface over_background(const ImageSurface& image, spec::Rgba background);

// Columns a filmstrip of `frame_count` frames uses by default: roughly square sheets.
int default_filmstrip_columns(int frame_count);

}  // namespace iconsynth::render
