#pragma once
// Labelled contact sheets for comparing renditions at a glance: many variants at one frame, or
// one variant's frames. Cells sit on the theme's backdrop so light icons stay visible.

#include "render/cairo/surface.h"
#include "render/scene/scene.h"

#include <string>
#include <vector>

namespace iconsynth::render {

struct SheetCell {
  const AnimatedScene* scene;
  double frame;
  std::string label;
};

struct SheetOptions {
  int cell = 96;         // px per icon
  int columns = 3;
  spec::Rgba backdrop{255, 255, 255, 255};
  std::string title;
};

// The cells in rows of `columns`, each with its label under it.
ImageSurface render_sheet(const std::vector<SheetCell>& cells, const SheetOptions& options);

}  // namespace iconsynth::render
