#pragma once
// Frames and filmstrips as images.

#include "render/cairo/surface.h"
#include "render/scene/evaluate.h"

#include <Eigen/Core>

namespace iconsynth::render {

// Output sizes the CLI accepts, in pixels per side.
inline constexpr int kMinSize = 8;
inline constexpr int kMaxSize = 4096;
// std::invalid_argument naming the size when it is outside [kMinSize, kMaxSize].
void check_output_size(int size);

// `frame` drawn on a transparent size × size image; `offset_px` shifts the drawing (sub-pixel
// offsets probe anti-aliasing sensitivity).
ImageSurface render_frame(const FrameScene& frame, int size, const Eigen::Vector2d& offset_px = Eigen::Vector2d::Zero());

// Every frame of `scene` on one sheet, `columns` cells a row, row-major from frame 0.
ImageSurface render_filmstrip(const AnimatedScene& scene, int size, int columns);

// `image` painted over an opaque (or translucent) `background`: what a page or preview shows.
ImageSurface over_background(const ImageSurface& image, spec::Rgba background);

// Columns a filmstrip of `frame_count` frames uses by default: roughly square sheets.
int default_filmstrip_columns(int frame_count);

}  // namespace iconsynth::render
