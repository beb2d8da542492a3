#pragma once
// Path data as short as the outline allows, for the static SVG (whose paths nothing animates, so
// their commands need not match across keyframes as the animated SVG's do): segments of no length
// dropped (a band's corner kept at radius 0 draws "C3.375 3.375 3.375 3.375 3.375 3.375"), a
// quarter arc of an axis-aligned ellipse written as "A", straight runs along an axis as "H"/"V",
// the line back to a contour's start left to "Z".

#include "geometry/path.h"

#include <string>

namespace iconsynth::render::svg {

// `path` as SVG path data, numbers to `decimals`; the same ink as path_data's under either fill rule.
std::string compact_path_data(const geometry::Path& path, int decimals);

}  // namespace iconsynth::render::svg
