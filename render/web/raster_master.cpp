#include "render/web/raster_master.h"

#include "render/cairo/frame_renderer.h"
#include "render/cairo/raster.h"
#include "render/web/grey_webp.h"
#include "render/web/sheet_cache.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <stdexcept>

namespace iconsynth::render::web {

namespace {

using Plane = std::vector<unsigned char>;

// Which plane each part is painted on, back to front: the primary's parts under every part in
// the secondary, the secondary's, then the primary's parts over them. A page compositing the
// planes in that order paints each pixel as Cairo does wherever parts of the same plane do not
// cross one another (duotone's cards fill in the secondary and stroke in the primary over it).
std::vector<std::vector<int>> plane_of_parts(const AnimatedScene& scene) {
  std::vector<std::vector<int>> planes;
  bool secondary_seen = false;
  for (const Element& element : scene.elements) {
    std::vector<int>& parts = planes.emplace_back();
    for (const Part& part : element.parts) {
      const bool secondary = part.paint.role == ColorRole::Secondary;
      secondary_seen = secondary_seen || secondary;
      parts.push_back(secondary ? 1 : secondary_seen ? 2 : 0);
    }
  }
  return planes;
}

// `scene` with the parts of `plane` in opaque white and every other part transparent: its alpha
// is that plane's coverage, element opacity included.
AnimatedScene only_plane(AnimatedScene scene, const std::vector<std::vector<int>>& planes, int plane) {
  for (std::size_t e = 0; e < scene.elements.size(); ++e) {
    std::vector<Part>& parts = scene.elements[e].parts;
    for (std::size_t p = 0; p < parts.size(); ++p) {
      parts[p].paint.color = planes[e][p] == plane ? spec::Rgba{255, 255, 255, 255} : spec::Rgba{0, 0, 0, 0};
    }
  }
  return scene;
}

Plane coverage(const ImageSurface& image, int px) {
  Plane plane(std::size_t(px) * px);
  const unsigned char* data = image.data();
  for (int y = 0; y < px; ++y) {
    const auto* row = reinterpret_cast<const std::uint32_t*>(data + std::size_t(y) * image.stride());
    for (int x = 0; x < px; ++x) plane[std::size_t(y) * px + x] = static_cast<unsigned char>(row[x] >> 24);
  }
  return plane;
}

// The first row of frames below the header and the frame index.
int index_rows(int frames, int px) { return (kRasterHeaderPixels + 2 * frames + px - 1) / px; }

}  // namespace

std::string sheet_of_strip(std::vector<unsigned char> strip, int px) {
  if (px < kRasterHeaderPixels || strip.empty() || strip.size() % px) throw std::invalid_argument("raster master: a strip of " + std::to_string(strip.size()) + " pixels is no whole rows of " + std::to_string(px) + " px and a header");
  const std::size_t rows = strip.size() / px;
  const std::size_t columns = (rows + kWebpMaxSide - 1) / kWebpMaxSide, height = (rows + columns - 1) / columns;
  if (columns > 255 || columns * px > std::size_t(kWebpMaxSide)) throw std::invalid_argument("raster master: " + std::to_string(rows) + " rows of " + std::to_string(px) + " px do not fit in one WebP");
  strip[6] = static_cast<unsigned char>(columns);
  strip.resize(columns * height * px, 0);
  std::vector<unsigned char> sheet(strip.size());
  for (std::size_t row = 0; row < columns * height; ++row) {
    std::copy_n(strip.begin() + row * px, px, sheet.begin() + ((row % height) * columns + row / height) * px);
  }
  return cached_grey_webp(sheet, static_cast<int>(columns) * px, static_cast<int>(height));
}

std::vector<unsigned char> strip_of_sheet(const std::string& bytes, int& px) {
  GreyImage sheet;
  try {
    sheet = decode_grey_webp(bytes);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(std::string("raster master: ") + e.what());
  }
  const int columns = sheet.pixels.size() > 6 ? sheet.pixels[6] : 0;
  if (columns < 1 || sheet.width % columns) throw std::invalid_argument("raster master: a header of " + std::to_string(columns) + " columns for a sheet " + std::to_string(sheet.width) + " px wide");
  px = sheet.width / columns;
  std::vector<unsigned char> strip(sheet.pixels.size());
  for (std::size_t row = 0; row < std::size_t(columns) * sheet.height; ++row) {
    std::copy_n(sheet.pixels.begin() + ((row % sheet.height) * columns + row / sheet.height) * px, px, strip.begin() + row * px);
  }
  return strip;
}

RasterMaster write_raster_master(const AnimatedScene& scene, int px) {
  check_output_size(px);
  if (px < kRasterHeaderPixels) throw std::invalid_argument("raster master: " + std::to_string(px) + " px is narrower than its header");
  const std::vector<std::vector<int>> part_planes = plane_of_parts(scene);
  std::vector<AnimatedScene> layers;  // in the order a page paints them
  std::vector<unsigned char> roles;
  for (int plane = 0; plane < 3; ++plane) {
    bool used = false;
    for (const std::vector<int>& parts : part_planes) used = used || std::find(parts.begin(), parts.end(), plane) != parts.end();
    if (!used) continue;
    layers.push_back(only_plane(scene, part_planes, plane));
    roles.push_back(plane == 1 ? 1 : 0);
  }
  RasterMaster out;
  out.frames = scene.frame_count;
  out.planes = static_cast<int>(layers.size());
  if (out.frames < 1 || out.frames > 0xffff) throw std::invalid_argument("raster master: " + std::to_string(out.frames) + " frames, not 1 to 65535");
  std::vector<unsigned char> header(std::size_t(index_rows(out.frames, px)) * px, 0);
  header[0] = static_cast<unsigned char>(out.frames >> 8);
  header[1] = static_cast<unsigned char>(out.frames & 0xff);
  header[2] = static_cast<unsigned char>(out.planes);
  std::copy(roles.begin(), roles.end(), header.begin() + 3);
  std::map<std::string, int> seen;
  std::vector<unsigned char> sheet = header;
  // Frames in order, each plane's by its own renderer: render_frame's pixels, redrawing only what
  // moved. No workers: build already draws its files on every core.
  std::vector<std::unique_ptr<FrameRenderer>> renderers;
  for (const AnimatedScene& layer : layers) renderers.push_back(std::make_unique<FrameRenderer>(layer, px, FrameRenderer::kDefaultMaskBudget, 0));
  for (int f = 0; f < out.frames; ++f) {
    Plane frame;
    for (const std::unique_ptr<FrameRenderer>& renderer : renderers) {
      const Plane plane = coverage(renderer->render(f), px);
      frame.insert(frame.end(), plane.begin(), plane.end());
    }
    auto [at, added] = seen.try_emplace(std::string(frame.begin(), frame.end()), out.unique);
    if (added) {
      ++out.unique;
      sheet.insert(sheet.end(), frame.begin(), frame.end());
    }
    sheet[kRasterHeaderPixels + 2 * f] = static_cast<unsigned char>(at->second >> 8);
    sheet[kRasterHeaderPixels + 2 * f + 1] = static_cast<unsigned char>(at->second & 0xff);
  }
  out.sheet = sheet_of_strip(std::move(sheet), px);
  return out;
}

RasterMaster write_raster_rest(AnimatedScene scene, int px) {
  scene.frame_count = std::min(scene.frame_count, 1);
  return write_raster_master(scene, px);
}

std::vector<std::uint32_t> composite_raster_frame(const std::string& sheet, int frame, spec::Rgba primary, spec::Rgba secondary) {
  int px = 0;
  const std::vector<unsigned char> strip = strip_of_sheet(sheet, px);
  const auto at = [&](std::size_t i) { return i < strip.size() ? int{strip[i]} : -1; };
  const int frames = at(0) << 8 | at(1), planes = at(2);
  if (frames < 1 || planes < 1 || planes > 3) throw std::invalid_argument("raster master: a header of " + std::to_string(frames) + " frames, " + std::to_string(planes) + " planes");
  if (frame < 0 || frame >= frames) throw std::invalid_argument("raster master: no frame " + std::to_string(frame) + " of " + std::to_string(frames));
  const int unique = at(kRasterHeaderPixels + 2 * frame) << 8 | at(kRasterHeaderPixels + 2 * frame + 1);
  const std::size_t start = (std::size_t(index_rows(frames, px)) + std::size_t(unique) * planes * px) * px;
  if (start + std::size_t(planes) * px * px > strip.size()) throw std::invalid_argument("raster master: frame " + std::to_string(frame) + " lies past the sheet");
  // Premultiplied OVER, in [0, 1], plane after plane, each in its role's colour.
  spec::Rgba colours[3];
  for (int p = 0; p < planes; ++p) colours[p] = at(3 + p) == 1 ? secondary : primary;
  std::vector<std::uint32_t> out(std::size_t(px) * px);
  for (std::size_t i = 0; i < out.size(); ++i) {
    double rgba[4] = {0, 0, 0, 0};
    for (int p = 0; p < planes; ++p) {
      const spec::Rgba& c = colours[p];
      const double a = c.a / 255.0 * strip[start + std::size_t(p) * px * px + i] / 255.0;
      rgba[0] = c.r / 255.0 * a + rgba[0] * (1 - a);
      rgba[1] = c.g / 255.0 * a + rgba[1] * (1 - a);
      rgba[2] = c.b / 255.0 * a + rgba[2] * (1 - a);
      rgba[3] = a + rgba[3] * (1 - a);
    }
    const auto byte = [](double v) { return static_cast<std::uint32_t>(std::lround(std::clamp(v, 0.0, 1.0) * 255)); };
    out[i] = byte(rgba[3]) << 24 | byte(rgba[0]) << 16 | byte(rgba[1]) << 8 | byte(rgba[2]);
  }
  return out;
}

}  // namespace iconsynth::render::web
