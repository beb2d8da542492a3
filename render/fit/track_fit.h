#pragma once
// How far a candidate choreography is from measured tracks, at the measured moments: each module's
// scale, each packet's place on its link, and whether a packet shows at all. A packet shown where
// none is (or missing where one is) costs more the further the moment lies from the nearest
// departure or landing, so the distance leads a search towards the right timing even from far
// away. Nothing is drawn: thousands of candidates cost a fraction of a second.

#include "motion/choreography.h"
#include "render/fit/tracks.h"

namespace iconsynth::render::fit {

// The distance (a sum of squared deviations in units of their measuring noise) of `choreography`,
// at `our_rate` frames a second, from `tracks`.
double track_distance(const motion::Choreography& choreography, double our_rate, const MeasuredTracks& tracks);

}  // namespace iconsynth::render::fit
