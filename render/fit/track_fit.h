#pragma once
// How far a candidate choreography is from measured tracks, at the measured moments: each module's
// scale, each packet's place on its link, and whether a packet shows at all. Nothing is drawn:
// thousands of candidates cost a fraction of a second.

#include "motion/choreography.h"
#include "render/fit/tracks.h"

namespace iconsynth::render::fit {

// The distance (a sum of squared deviations in units of their measuring noise) of `choreography`,
// at `our_rate` frames a second, from `tracks`. `guiding`: a packet shown or missed costs more the
// further the moment lies from the nearest departure or landing, which leads a search from far off;
// else every such frame costs the same, so that what no timing explains (a packet that stays after
// landing) cannot pull the rest of the motion out of shape.
double track_distance(const motion::Choreography& choreography, double our_rate, const MeasuredTracks& tracks, bool guiding);

}  // namespace iconsynth::render::fit
