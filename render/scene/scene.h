#pragma once
// The AnimatedScene: one immutable model of a variant of the icon that every backend reads.
// Each element has static outlines with paints (in element-local coordinates) and animated
// position / scale / opacity tracks. Cairo samples the tracks at a frame; the Lottie writer
// transcribes them as keyframes, so both show the same thing by construction.

#include "geometry/path.h"
#include "motion/choreography.h"
#include "spec/icon_spec.h"
#include "spec/variant_space.h"

#include <string>
#include <vector>

namespace iconsynth::render {

using spec::Variant;

// Which themeable colour a paint uses: writers turn roles into Lottie slots.
enum class ColorRole { Primary, Secondary };

struct Paint {
  enum class Kind { Fill, Stroke };
  Kind kind = Kind::Fill;
  ColorRole role = ColorRole::Primary;
  spec::Rgba color;           // the role's resolved colour for this variant
  double stroke_width = 0;    // grid units (Stroke only); round caps and joins

  bool operator==(const Paint&) const = default;
};

// The outline and stroke width a part has at one stroke weight.
struct PartAtWeight {
  double weight;
  geometry::Path path;        // same commands at every weight of a part (only the points move)
  double stroke_width = 0;

  bool operator==(const PartAtWeight&) const = default;
};

// One outline and how it is inked. Fills use the nonzero rule: holes run counter-clockwise.
struct Part {
  std::string name;           // "card-fill", "card-stroke", "die", "line", "dot"
  geometry::Path path;
  Paint paint;
  // How the outline and width follow the stroke weight: the part at 1, at 3 and at every weight
  // in between where it bends (geometry::weight_breakpoints). Between two samples every point
  // and the width are linear in the weight, so a player interpolating linearly shows any weight
  // exactly (the Lottie writer keys them for the weight slot). Empty when nothing changes.
  std::vector<PartAtWeight> across_weights;

  bool operator==(const Part&) const = default;
};

enum class ElementKind { Module, Link, Packet };

struct Element {
  std::string name;           // "module-tl", "link-top", "packet-tl-tr" (strong: "packet-tl-tr-r1")
                              // links lie along +x about their midpoint, turned by `rotation`;
                              // a ring's cards are turned so a corner points at its centre
  ElementKind kind;
  std::vector<Part> parts;    // drawn in order
  motion::Track<Eigen::Vector2d> position;  // where the local origin sits on the grid
  motion::Track<double> scale;              // uniform, about the local origin; 1 = rest
  motion::Track<double> opacity;            // 0 … 1
  double rotation = 0;                      // degrees, clockwise on screen, about the local origin
                                            // (static: it lets congruent elements share one outline)
};

struct AnimatedScene {
  std::string icon_id;        // the spec's id, e.g. "gpu-cluster"
  spec::IconMeta meta;        // title, description, keywords … for writers that describe the icon
  Variant variant;
  double grid = 24;           // side of the square design grid, in units
  double frame_rate = 60;
  int frame_count = 0;        // frames 0 … frame_count-1
  int pixel_grid = 0;         // the size in px whose pixel grid the rest pose is fitted to (hint.h); 0: exact
  spec::Rgba primary, secondary;
  spec::ThemeRule theme;      // the variant's theme: its backdrop, and how the secondary follows the
                              // primary (writers whose primary is set later, by a page, need it)
  std::vector<Element> elements;   // back to front: links, packets, modules
  motion::Choreography choreography;  // the events and tracks the elements were built from
};

// Whether any part of the scene is painted in `role` (writers declare a slot only for those).
bool uses_role(const AnimatedScene& scene, ColorRole role);
// Whether any part's outline or width follows the stroke weight.
bool follows_weight(const Element& element);

// Builds the scene of one variant, its elements by the spec's kind (icon_kinds.h); throws std::invalid_argument on a weight outside [1, 3] or a
// style, motion or theme the spec does not name.
AnimatedScene build_scene(const spec::IconSpec& spec, const Variant& variant);

// The reduced-motion rendition of a scene: its rest pose (frame 0) as a one-frame scene, every
// track held at its frame-0 value and no phases or events: what to show when the platform asks
// for reduced motion.
AnimatedScene rest_pose(const AnimatedScene& scene);

}  // namespace iconsynth::render
