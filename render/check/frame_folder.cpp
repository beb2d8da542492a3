#include "render/check/frame_folder.h"

#include "render/lottie/isolated_player.h"

#include <png.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

namespace iconsynth::render::check {

namespace fs = std::filesystem;
using lottie::AssetError;

namespace {

bool is_png_name(const fs::path& path) {
  std::string ext = path.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  return ext == ".png";
}

// `entry`, a .png name in the folder, as a regular file inside it: links are followed only to
// files inside the folder, and nothing else (directories, FIFOs, devices) is read.
fs::path checked_file(const fs::path& folder, const fs::directory_entry& entry) {
  const std::string name = entry.path().filename().string();
  std::error_code ec;
  const fs::path target = fs::canonical(entry.path(), ec);
  if (ec) throw AssetError(name + " in " + folder.string() + " cannot be resolved: " + ec.message());
  const auto [inside, rest] = std::mismatch(folder.begin(), folder.end(), target.begin(), target.end());
  if (inside != folder.end()) {
    throw AssetError(name + " in " + folder.string() + " is a link to " + target.string() + ", outside the folder");
  }
  if (!fs::is_regular_file(target, ec)) throw AssetError(name + " in " + folder.string() + " is not a regular file");
  return target;
}

std::string read_bounded(const fs::path& file, const std::string& name, std::uint64_t max_bytes) {
  std::error_code ec;
  const std::uint64_t size = fs::file_size(file, ec);
  if (ec) throw AssetError("cannot read " + name + ": " + ec.message());
  if (size > max_bytes) {
    throw AssetError(name + " is " + std::to_string(size) + " bytes; a frame may be at most " + std::to_string(max_bytes));
  }
  std::ifstream in(file, std::ios::binary);
  std::string bytes(static_cast<std::size_t>(size), '\0');
  if (!in.read(bytes.data(), static_cast<std::streamsize>(size))) throw AssetError("cannot read " + name);
  return bytes;
}

std::string px(int w, int h) { return std::to_string(w) + "x" + std::to_string(h) + " px"; }

}  // namespace

bool natural_less(const std::string& a, const std::string& b) {
  std::size_t i = 0, j = 0;
  const auto digit = [](char c) { return c >= '0' && c <= '9'; };
  while (i < a.size() && j < b.size()) {
    if (digit(a[i]) && digit(b[j])) {
      std::size_t ei = i, ej = j;
      while (ei < a.size() && digit(a[ei])) ++ei;
      while (ej < b.size() && digit(b[ej])) ++ej;
      // Compare the numbers without leading zeros by length, then digit by digit.
      std::size_t si = i, sj = j;
      while (si + 1 < ei && a[si] == '0') ++si;
      while (sj + 1 < ej && b[sj] == '0') ++sj;
      if (ei - si != ej - sj) return ei - si < ej - sj;
      const int order = a.compare(si, ei - si, b, sj, ej - sj);
      if (order != 0) return order < 0;
      i = ei, j = ej;
    } else {
      if (a[i] != b[j]) return a[i] < b[j];
      ++i, ++j;
    }
  }
  return a.size() - i < b.size() - j || (a.size() - i == b.size() - j && a < b);
}

DecodedFrame decode_frame_png(const std::string& bytes, const std::string& name, const FrameFolderLimits& limits, int size,
                              std::uint64_t pixel_budget) {
  // libpng's simplified API: errors come back in `message`, never as a longjmp through our frames.
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&image, bytes.data(), bytes.size())) {
    throw AssetError(name + " is not a readable PNG (libpng: " + image.message + ")");
  }
  const int w = static_cast<int>(image.width), h = static_cast<int>(image.height);
  const auto refuse = [&](const std::string& why) {
    png_image_free(&image);
    throw AssetError(name + " is " + px(w, h) + ": " + why);
  };
  if (image.width != image.height) refuse("frames must be square");
  if (w < limits.min_side || w > limits.max_side) {
    refuse("frames must be " + std::to_string(limits.min_side) + " to " + std::to_string(limits.max_side) + " px a side");
  }
  if (size != 0 && w != size) refuse("the frames before it are " + px(size, size) + "; every frame must have one size");
  if (static_cast<std::uint64_t>(w) * h > pixel_budget) {
    refuse("with it the frames would hold more than " + std::to_string(limits.max_total_pixels) + " pixels together");
  }
  image.format = PNG_FORMAT_RGBA;  // straight RGBA, 8 bits a channel, whatever the file holds
  DecodedFrame frame{w, h, std::vector<std::uint32_t>(static_cast<std::size_t>(w) * h)};
  if (!png_image_finish_read(&image, nullptr, frame.pixels.data(), w * 4, nullptr)) {
    throw AssetError(name + " is not a readable PNG (libpng: " + image.message + ")");
  }
  lottie::premultiply_rgba(frame.pixels);
  return frame;
}

FrameFolder read_frame_folder(const fs::path& folder_path, const FrameFolderLimits& limits) {
  std::error_code ec;
  const fs::path folder = fs::canonical(folder_path, ec);
  if (ec || !fs::is_directory(folder)) throw AssetError(folder_path.string() + " is not a folder that can be read");
  std::vector<fs::directory_entry> entries;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    if (!is_png_name(it->path())) continue;
    entries.push_back(*it);
    if (entries.size() > limits.max_frames) {
      throw AssetError(folder_path.string() + " holds more than " + std::to_string(limits.max_frames) + " .png frames");
    }
  }
  if (ec) throw AssetError("cannot list " + folder_path.string() + ": " + ec.message());
  if (entries.empty()) throw AssetError(folder_path.string() + " holds no .png frames");
  std::sort(entries.begin(), entries.end(), [](const fs::directory_entry& a, const fs::directory_entry& b) {
    return natural_less(a.path().filename().string(), b.path().filename().string());
  });

  FrameFolder out{folder_path, {}, 0, {}};
  std::uint64_t budget = limits.max_total_pixels;
  for (const fs::directory_entry& entry : entries) {
    const std::string name = entry.path().filename().string();
    const fs::path file = checked_file(folder, entry);
    DecodedFrame frame = decode_frame_png(read_bounded(file, name, limits.max_file_bytes), name, limits, out.size, budget);
    out.size = frame.width;
    budget -= frame.pixels.size();
    out.names.push_back(name);
    out.frames.push_back(std::move(frame.pixels));
  }
  return out;
}

}  // namespace iconsynth::render::check
