#pragma once
// Shared fixtures for the render suites: the built-in spec and every style × motion variant.

#include "render/scene/evaluate.h"
#include "spec/loader.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace iconsynth::test {

inline const spec::IconSpec& builtin_spec() {
  static const spec::IconSpec spec = spec::load_spec_text(spec::builtin_spec_text());
  return spec;
}

// The built-in spec's text with the first `from` replaced by `to`: a spec file with one edit.
inline std::string builtin_spec_with(const std::string& from, const std::string& to) {
  std::string text(spec::builtin_spec_text());
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

inline render::Variant variant(spec::Style style, double weight, spec::Motion motion) {
  return {style, weight, motion, spec::Theme::Dark, std::nullopt};
}

inline std::vector<render::Variant> all_style_motion_variants(double weight = 2) {
  std::vector<render::Variant> out;
  for (spec::Style style : spec::kStyles) {
    for (spec::Motion motion : spec::kMotions) out.push_back({style, weight, motion, spec::Theme::Dark, std::nullopt});
  }
  return out;
}

// A copy, so it can be taken from a temporary FrameScene without dangling.
inline render::FrameElement find(const render::FrameScene& frame, const std::string& name) {
  for (const render::FrameElement& e : frame.elements) {
    if (e.element->name == name) return e;
  }
  throw std::out_of_range("no element " + name);
}

}  // namespace iconsynth::test
