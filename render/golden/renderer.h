#pragma once
// What rendered a golden image: the versions that decide its pixels. Two machines with the same
// iconsynth, Cairo and pixman draw the same pixels; another Cairo or pixman build may move
// anti-aliased edges by a level or two, or more.

#include <string>

namespace iconsynth::render::golden {

struct Renderer {
  std::string iconsynth;
  std::string cairo;
  std::string pixman;  // "" when unknown (sets of format 1 did not record it)

  // "iconsynth 0.1.0, Cairo 1.16.0, pixman 0.42.2" (pixman left out when unknown; "an unknown
  // renderer" when nothing is known).
  std::string label() const;
  bool operator==(const Renderer&) const = default;
  // Whether it draws with the same Cairo and pixman as `other` (a version one of them does not
  // know matches any): the same pixels are expected, whatever the iconsynth release.
  bool same_libraries(const Renderer& other) const;
};

// This process: the given iconsynth version, and the Cairo and pixman libraries it runs with.
Renderer current_renderer(const std::string& iconsynth_version);

}  // namespace iconsynth::render::golden
