#pragma once
// The package's hand-written code (render/web/*.mjs, *.d.mts), compiled in by CMake; placeholders
// such as @ID@ are filled from the spec by web_package.cpp.

#include <span>
#include <string_view>

namespace iconsynth::render::web {

struct WebTemplate {
  std::string_view name;  // its file name in render/web/
  std::string_view text;
};

std::span<const WebTemplate> web_templates();

}  // namespace iconsynth::render::web
