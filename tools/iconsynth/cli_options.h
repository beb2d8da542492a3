#pragma once
// Options shared by commands: which spec to read, and which variant of the icon to draw.

#include "render/scene/scene.h"
#include "spec/icon_spec.h"
#include "spec/variant_space.h"

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

// --style --weight --motion --theme --color. Styles, motions and themes are the spec's names,
// checked once the spec is loaded (the help lists the built-in spec's).
struct VariantOptions {
  std::string style, motion, theme;    // the spec's defaults when empty
  std::optional<double> weight;        // the spec's default weight when not given
  std::string color;                   // the theme's primary colour when empty

  void add_to(CLI::App& command);
  // The variant asked for; std::invalid_argument naming the option and the spec's choices.
  render::Variant resolve(const spec::IconSpec& spec) const;
};

// `name` if the spec names it among `choices`, else std::invalid_argument naming `option`.
std::string spec_choice(const std::string& option, const std::string& name, const std::vector<std::string>& choices);

// The built-in spec's variant space, for help texts.
const spec::VariantSpace& builtin_space();

// Accepts #RRGGBB or #RRGGBBAA; the error names the rejected text.
CLI::Validator color_validator();


}  // namespace iconsynth::cli
