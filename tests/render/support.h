#pragma once
// Shared fixtures for the render suites: the built-in spec and every style × motion variant.

#include "render/scene/evaluate.h"
#include "spec/loader.h"
#include "spec/variant_space.h"

#include <catch2/catch.hpp>

#include <map>
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

// The built-in spec with `modules` modules on its ring (4: the built-in spec as it is), on its
// keylines: cards upright, edges on whole units.
inline const spec::IconSpec& ring_spec(int modules) {
  static std::map<int, spec::IconSpec> specs;
  if (modules == 4) return builtin_spec();
  auto at = specs.find(modules);
  if (at == specs.end()) {
    const std::string padding = "\"padding\": 1,";
    at = specs.emplace(modules, spec::load_spec_text(builtin_spec_with(padding, padding + " \"modules\": " + std::to_string(modules) + ","))).first;
  }
  return at->second;
}

// The same ring without keylines: each card turned so a corner points at the centre, the whole
// ring the same turned by 360°/N.
inline const spec::IconSpec& turned_ring_spec(int modules) {
  static std::map<int, spec::IconSpec> specs;
  auto at = specs.find(modules);
  if (at == specs.end()) {
    std::string text = builtin_spec_with(",\n    \"keylines\": { \"weight\": 2 }", "");
    const std::string padding = "\"padding\": 1,";
    text.replace(text.find(padding), padding.size(), padding + " \"modules\": " + std::to_string(modules) + ",");
    at = specs.emplace(modules, spec::load_spec_text(text)).first;
  }
  return at->second;
}

// Every ring size the ring kind draws, 3 … 8.
inline std::vector<int> ring_sizes() { return {3, 4, 5, 6, 7, 8}; }

// The built-in spec's variant space.
inline const spec::VariantSpace& builtin_space() {
  static const spec::VariantSpace space(builtin_spec());
  return space;
}

inline render::Variant variant(const std::string& style, double weight, const std::string& motion) {
  return {style, weight, motion, "dark", std::nullopt};
}

inline std::vector<render::Variant> all_style_motion_variants(double weight = 2) {
  return builtin_space().variants({.theme = "dark", .weight = weight});
}

// A copy, so it can be taken from a temporary FrameScene without dangling.
inline render::FrameElement find(const render::FrameScene& frame, const std::string& name) {
  for (const render::FrameElement& e : frame.elements) {
    if (e.element->name == name) return e;
  }
  throw std::out_of_range("no element " + name);
}

}  // namespace iconsynth::test
