#pragma once
// The icon's variant space, from the spec: which styles, motions, themes and preset weights exist,
// in the spec's order, and the names every output gives a variant. The only place that enumerates
// them or formats their ids: bundle, golden sets, build, preview, sheets, check, info and the CLI
// all ask here.

#include "spec/icon_spec.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace iconsynth::spec {

// One rendition of the icon: what a user picks in a player.
struct Variant {
  std::string style;
  double weight = 2;                 // stroke weight in grid units, [1, 3]
  std::string motion;
  std::string theme;
  std::optional<Rgba> color;         // primary colour; the theme's when empty
};

// Axes held fixed when enumerating; the others run over the spec's names (weights: the presets).
struct VariantAxes {
  std::optional<std::string> style = std::nullopt;
  std::optional<std::string> motion = std::nullopt;
  std::optional<std::string> theme = std::nullopt;
  std::optional<double> weight = std::nullopt;
};

// `name` if it is among `choices` (the spec's names of one axis), else std::invalid_argument naming
// `option` and the choices: "--style sketch: the spec names outline, solid, duotone".
std::string named_choice(const std::string& option, const std::string& name, const std::vector<std::string>& choices);

class VariantSpace {
 public:
  explicit VariantSpace(const IconSpec& spec);

  // The names in the spec's order (copies from a temporary space, so a range-for over
  // VariantSpace(spec).styles() does not dangle).
  const std::vector<std::string>& styles() const& { return styles_; }
  const std::vector<std::string>& motions() const& { return motions_; }
  const std::vector<std::string>& themes() const& { return themes_; }
  const std::vector<double>& weights() const& { return weights_; }  // the presets
  std::vector<std::string> styles() && { return std::move(styles_); }
  std::vector<std::string> motions() && { return std::move(motions_); }
  std::vector<std::string> themes() && { return std::move(themes_); }
  std::vector<double> weights() && { return std::move(weights_); }

  // The spec's default style, weight, motion and theme.
  Variant defaults() const { return defaults_; }

  // Every variant with `fixed` axes held: by style, then motion, theme and weight, each in the
  // spec's order.
  std::vector<Variant> variants(const VariantAxes& fixed = {}) const;

  // The id of a style × motion, the name of its Lottie animation: "outline-light".
  static std::string animation_id(const Variant& v);
  // The style and motion an animation id names; nullopt when none of the spec's pairs spells it.
  std::optional<std::pair<std::string, std::string>> parse_animation_id(std::string_view id) const;
  // A weight as names show it: "1.5", "2".
  static std::string weight_label(double weight);
  // build's file stem: "outline-light-w2".
  static std::string file_stem(const Variant& v);
  // A golden set's variant id: "outline-light-dark-w2".
  static std::string golden_id(const Variant& v);

 private:
  std::vector<std::string> styles_, motions_, themes_;
  std::vector<double> weights_;
  Variant defaults_;
};

}  // namespace iconsynth::spec
