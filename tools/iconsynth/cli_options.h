#pragma once
// Options shared by commands: which spec to read, and which variant of the icon to draw.

#include "render/scene/scene.h"
#include "spec/icon_spec.h"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

namespace iconsynth::cli {

// --spec F and --set k=v (repeatable).
struct SpecOptions {
  std::string path;                    // empty: the built-in spec
  std::vector<std::string> overrides;

  void add_to(CLI::App& command);
  // The validated spec; spec::SpecError on bad input.
  spec::IconSpec load() const;
};

// --style --weight --motion --theme --color.
struct VariantOptions {
  std::string style = "outline";
  std::optional<double> weight;        // the spec's default weight when not given
  std::string motion = "light";
  std::string theme = "dark";
  std::string color;                   // the theme's primary colour when empty

  void add_to(CLI::App& command);
  render::Variant resolve(const spec::IconSpec& spec) const;
};

// Accepts #RRGGBB or #RRGGBBAA; the error names the rejected text.
CLI::Validator color_validator();

// "1.5", "2", "2.5": a weight as it appears in file names.
std::string weight_label(double weight);

}  // namespace iconsynth::cli
