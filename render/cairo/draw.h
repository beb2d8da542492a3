#pragma once
// Draws a FrameScene with Cairo. Drawing reads the frame only; it never changes the scene.

#include "render/scene/evaluate.h"

#include <cairo.h>

#include <vector>

namespace iconsynth::render {

// How far Cairo may flatten a curve from its true course, in pixels, on a canvas `size_px`
// pixels a side: its default 0.1 px below kCoarseCurvesFrom, where icons are hinted, judged
// beside the players (check and the player tests draw at up to 256 px), fitted and kept as golden
// frames, so those pixels never move; from there a quarter pixel,
// which no eye tells from 0.1 px on curves that many pixels long, and which halves the segments
// each curve is cut into (Cairo's scan conversion costs by the segment).
inline constexpr double kCoarseCurvesFrom = 512;
double curve_tolerance(double size_px);

// Draws `frame` into `cr` with the grid's unit square mapped to `px_per_unit` pixels, on top of
// whatever transform `cr` already has (callers translate for offsets and filmstrip cells).
void draw_frame(cairo_t* cr, const FrameScene& frame, double px_per_unit);

// A part's outline as Cairo path data: the outline's own doubles, so appending it draws exactly
// what tracing the outline command by command draws. Built once per part by callers that draw
// the same parts at many frames.
std::vector<cairo_path_data_t> cairo_path_data(const geometry::Path& path);

// The three steps every element's part is drawn with, shared by draw_element and the frame
// renderer's coverage masks so both draw exactly the same pixels:
// maps `cr` from the element's own units by its transform in the frame (after the grid scale);
void apply_transform(cairo_t* cr, const geometry::Affine& transform);
// makes `data` (from cairo_path_data) the current path;
void set_path(cairo_t* cr, const std::vector<cairo_path_data_t>& data);
// fills (nonzero winding) or strokes (round caps and joins, width in element units) the current
// path with the current source, as `paint` says.
void ink_path(cairo_t* cr, const Paint& paint);
// The last two as draw_element takes them: a fill on an image surface is rasterised by exact
// area (area_coverage.h) and blended with Cairo's arithmetic for a fill; anything else is
// set_path and ink_path.
void ink_part(cairo_t* cr, const std::vector<cairo_path_data_t>& data, const Paint& paint);

// Draws one element of a frame (skipped when fully transparent) on top of the transform `cr`
// has, which must map grid units to pixels; the transform is restored afterwards. `paths`, when
// given, holds cairo_path_data of each of the element's parts, in order.
void draw_element(cairo_t* cr, const FrameElement& element, const std::vector<std::vector<cairo_path_data_t>>* paths = nullptr);

}  // namespace iconsynth::render
