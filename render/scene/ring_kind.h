#pragma once
// The ring kind: N modules at the vertices of a regular polygon, links along its sides, packets
// running along them (geometry/ring_layout.h). N = 4 is the 2×2 gpu-cluster icon.

#include "render/scene/scene.h"

namespace iconsynth::render {

// Appends links, packets and modules (back to front) for the spec's ring. Element names come from
// geometry/ring.h: "link-top", "packet-tl-tr" (strong: "packet-tl-tr-r1"), "module-tl" for N = 4.
void build_ring_elements(const spec::IconSpec& spec, AnimatedScene& scene);

}  // namespace iconsynth::render
