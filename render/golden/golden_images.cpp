#include "render/golden/golden_images.h"

#include "render/cairo/raster.h"
#include "render/golden/sha256.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>

namespace iconsynth::render::golden {

std::string pixels_sha256(const ImageView& image) {
  Sha256 sha;
  for (int y = 0; y < image.height; ++y) sha.update(image.data + static_cast<std::ptrdiff_t>(y) * image.stride, std::size_t(image.width) * 4);
  return sha.hex();
}

VariantFrames::VariantFrames(const spec::IconSpec& spec, const Variant& variant, int size, Geometry geometry,
                             const Eigen::Vector2d& offset_px)
    : scene_(scene_for_size(spec, variant, size, geometry)), size_(size), offset_(offset_px) {}

const RenderedFrame& VariantFrames::frame(int frame) {
  auto it = frames_.find(frame);
  if (it == frames_.end()) {
    const ImageSurface image = render_frame(evaluate(scene_, frame), size_, offset_);
    it = frames_.emplace(frame, RenderedFrame{pixels_of(image.view()), pixels_sha256(image.view())}).first;
  }
  return it->second;
}

SheetImages::SheetImages(std::filesystem::path dir, const GoldenVariant& variant, int size)
    : dir_(std::move(dir)), variant_(variant), size_(size) {}

SheetImages::Loaded& SheetImages::load(std::size_t sheet) {
  Loaded& l = sheets_[sheet];
  if (!l.read) {
    l.read = true;
    std::ifstream in(sheet_path(dir_, variant_, sheet), std::ios::binary);
    if (in) l.bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  return l;
}

bool SheetImages::intact(std::size_t sheet) {
  if (sheet >= variant_.sheets.size()) return false;
  const Loaded& l = load(sheet);
  return !l.bytes.empty() && sha256_hex(l.bytes) == variant_.sheets[sheet];
}

const std::string& SheetImages::bytes(std::size_t sheet) { return load(sheet).bytes; }

std::optional<Pixels> SheetImages::image(std::size_t index, std::size_t sheet) {
  if (sheet >= variant_.sheets.size()) return std::nullopt;
  Loaded& l = load(sheet);
  if (!l.decode_tried) {
    l.decode_tried = true;
    try {
      if (!l.bytes.empty()) l.image.emplace(decode_png(l.bytes));
    } catch (const std::exception&) {
      // An unreadable sheet is a missing image; the set's file check names the file.
    }
  }
  const auto x = static_cast<std::int64_t>(index) * size_;
  if (!l.image || l.image->height() != size_ || l.image->width() < x + size_) return std::nullopt;
  const ImageView whole = l.image->view();
  return pixels_of({size_, size_, whole.stride, whole.data + x * 4});
}

std::string sheet_png(const std::vector<const Pixels*>& cells, int size) {
  const std::size_t width = cells.size() * static_cast<std::size_t>(size);
  Pixels sheet(width * static_cast<std::size_t>(size), 0);
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (!cells[i]) continue;
    for (int y = 0; y < size; ++y) {
      std::memcpy(&sheet[y * width + i * size], cells[i]->data() + static_cast<std::ptrdiff_t>(y) * size, std::size_t(size) * 4);
    }
  }
  return image_from_pixels(sheet.data(), static_cast<int>(width), size).png_bytes();
}

}  // namespace iconsynth::render::golden
