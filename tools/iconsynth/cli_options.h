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

// --frame N or --frame NNNms: a frame of a motion, by number (from 0) or by time (the nearest
// frame at the spec's frame rate).
struct FrameOption {
  std::string text;  // empty: not given

  void add_to(CLI::App& command, const std::string& help);
  bool given() const { return !text.empty(); }
  // The frame; std::invalid_argument naming the option, and `motion`'s frames (0 to last), when it
  // is past the motion's last frame.
  int resolve(double frame_rate, int frame_count, const std::string& motion) const;
};


// The built-in spec's variant space, for help texts.
const spec::VariantSpace& builtin_space();

// Accepts #RRGGBB or #RRGGBBAA; the error names the rejected text.
CLI::Validator color_validator();


}  // namespace iconsynth::cli
