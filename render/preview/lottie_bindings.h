#pragma once
// What one spec value drives in the cards' animations, measured from the exporter, so the page can
// move the players while the value is dragged, before the server's answer arrives (which then
// replaces what the page drew: the server stays the truth).
//
// A value is made of numbers (its components: a number, a duration's ms, an easing's four handles,
// a preset's too). The exporter is asked for each card's Lottie at the value and with each
// component moved by a step; the numbers of the document that moved are the value's leaves, each
// an affine function of the components (a swell scale is a keyframe's value ×100, an easing's
// handles a keyframe's o and i verbatim). One more export, every component moved at once, must be
// predicted by those functions, or nothing is bound:
//
//   {"path": "motions.light.timeline.exchange.swell.scale", "bound": true, "at": [1.12],
//    "cards": {"outline-light": [["/layers/4/ks/s/k/2/s/0", 0, [100]], …], …}}
//   {"path": "motions.light.timeline.exchange.travel.frames", "bound": false,
//    "why": "it changes the animation's length"}
//
// A value that changes the document's shape (a keyframe more), the animation's length, or moves a
// number other than affinely, is not bound: the page waits for the server, as for any other value.

#include "spec/icon_spec.h"
#include "spec/spec_document.h"
#include "spec/tunable_paths.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace iconsynth::render {

// The numbers a value is made of: a number's, a duration's ms ("200ms"), an easing's handles (a
// named Bézier or linear preset's too); nullopt for anything else (a hold, a colour).
std::optional<std::vector<double>> value_components(const spec::Json& value);

// `like` (a value of the kind above) written with `components`: a number, "Nms", or four handles.
spec::Json with_components(const spec::Json& like, const std::vector<double>& components);

// A number of a document that moves with a value: leaf = offset + Σ slopes[i] × component[i].
struct LeafBinding {
  std::string pointer;  // JSON pointer into the card's Lottie
  double offset = 0;
  std::vector<double> slopes;
};

// Each card's Lottie document for a change set, by animation id ("outline-light"); the caller's
// exporter (the editor's cards). SpecError when the changes make no valid spec.
using CardExports = std::function<std::map<std::string, nlohmann::ordered_json>(const std::vector<spec::SpecChange>&)>;

// Measures what `path` drives, the page's other changes held (`changes` may hold `path` too; its
// value there, else `row`'s, is where it is measured). `row` gives the value's range and step.
// Answers as sketched above.
nlohmann::ordered_json measure_bindings(const std::vector<spec::SpecChange>& changes, const spec::TunablePath& row,
                                        const CardExports& exports);

// The numbers that differ between two documents of the same shape, as (pointer, in a, in b);
// nullopt when their shapes differ (another key, array length, type, or a string or bool changed).
std::optional<std::vector<std::tuple<std::string, double, double>>> moved_numbers(const nlohmann::ordered_json& a,
                                                                                  const nlohmann::ordered_json& b);

}  // namespace iconsynth::render
