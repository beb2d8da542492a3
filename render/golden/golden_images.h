#pragma once
// The two sides of a golden comparison as pixels: a variant's key frames as this build renders
// them, and the accepted images a set's sheets hold. Each is made or decoded once, when first
// needed.

#include "render/cairo/sized_scene.h"
#include "render/cairo/surface.h"
#include "render/compare/image_diff.h"
#include "render/golden/golden_set.h"

#include <Eigen/Core>

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace iconsynth::render::golden {

using Pixels = std::vector<std::uint32_t>;  // size × size premultiplied ARGB32, row-major

struct RenderedFrame {
  Pixels pixels;
  std::string sha256;  // pixels_sha256 of them
};

// A variant's frames as this build draws them at a set's size and geometry.
class VariantFrames {
 public:
  VariantFrames(const spec::IconSpec& spec, const Variant& variant, int size, Geometry geometry,
                const Eigen::Vector2d& offset_px = Eigen::Vector2d::Zero());
  const AnimatedScene& scene() const { return scene_; }
  // Frame `frame`, rendered on first use.
  const RenderedFrame& frame(int frame);

 private:
  AnimatedScene scene_;
  int size_;
  Eigen::Vector2d offset_;
  std::map<int, RenderedFrame> frames_;
};

// A variant's sheets in a set's folder.
class SheetImages {
 public:
  SheetImages(std::filesystem::path dir, const GoldenVariant& variant, int size);
  // Key frame `index`'s cell of sheet `sheet`; nullopt when that sheet is missing, unreadable or too
  // small for the cell.
  std::optional<Pixels> image(std::size_t index, std::size_t sheet);
  // Whether sheet `sheet`'s bytes are the manifest's: its file present, with the sha256 recorded.
  bool intact(std::size_t sheet);
  // The sheet file's bytes as read (empty when it could not be read).
  const std::string& bytes(std::size_t sheet);

 private:
  struct Loaded {
    bool read = false;
    std::string bytes;
    std::optional<ImageSurface> image;  // decoded on first use
    bool decode_tried = false;
  };
  Loaded& load(std::size_t sheet);

  std::filesystem::path dir_;
  const GoldenVariant& variant_;
  int size_;
  std::map<std::size_t, Loaded> sheets_;
};

// SHA-256 of an image's pixels, row by row (stride padding excluded).
std::string pixels_sha256(const ImageView& image);

// `cells` side by side on one transparent sheet of `size` px cells (an empty cell stays transparent),
// as PNG bytes.
std::string sheet_png(const std::vector<const Pixels*>& cells, int size);

}  // namespace iconsynth::render::golden
