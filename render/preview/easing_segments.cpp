#include "render/preview/easing_segments.h"

#include "spec/tunable_paths.h"

#include <algorithm>
#include <optional>

namespace iconsynth::render {

namespace {

using Kind = motion::ChoreographyEvent::Kind;

// The frame of the first event of `kind` whose field is `field`.
std::optional<double> first_event(const motion::Choreography& c, Kind kind, const std::string& field) {
  for (const motion::ChoreographyEvent& e : c.events) {
    if (e.kind == kind && e.field == field) return e.frame;
  }
  return std::nullopt;
}

}  // namespace

std::vector<EasingSegment> easing_segments(const std::string& motion, const motion::ChoreographyParams& params,
                                           const motion::Choreography& c) {
  std::vector<EasingSegment> out;
  const auto add = [&](const std::string& field, bool packet, double f0, double v0, double f1, double v1, const motion::Easing& ease) {
    out.push_back({spec::motion_field_path(motion, field), packet, f0, v0, f1, v1, ease});
  };
  // A swell from `start`: rest ▸ peak ▸ rest, its easings under `at`.
  const auto swell = [&](const std::string& at, const motion::Swell& s, double start) {
    const double peak = start + s.rise.frames;
    add(at + "/rise/ease", false, start, 1, peak, s.scale, s.rise.ease);
    add(at + "/settle/ease", false, peak, s.scale, peak + s.settle.frames, 1, s.settle.ease);
  };
  motion::for_each_clip(params.timeline, [&](const motion::Clip& clip) {
    const std::string& w = clip.where;
    if (const auto* e = std::get_if<motion::Exchange>(&clip.kind)) {
      const std::optional<double> depart = first_event(c, Kind::Depart, w);
      if (!depart) return;
      const double land = *depart + e->travel.frames;
      add(w + "/travel/ease", true, *depart, 0, land, 1, e->travel.ease);
      swell(w + "/swell", e->swell, land);
    } else if (const auto* p = std::get_if<motion::Pulse>(&clip.kind)) {
      const std::optional<double> peak = first_event(c, Kind::SwellPeak, w + "/rise/frames");
      if (peak) swell(w, p->swell, *peak - p->swell.rise.frames);
    } else if (const auto* g = std::get_if<motion::Gather>(&clip.kind)) {
      const std::optional<double> low = first_event(c, Kind::AnticipationLow, w + "/gather/frames");
      if (!low) return;
      add(w + "/gather/ease", false, *low - g->gather.frames, 1, *low, g->scale, g->gather.ease);
      const double release = *low + g->hold;
      add(w + "/release/ease", false, release, g->scale, release + g->release.frames, 1, g->release.ease);
    }
  });
  return out;
}

}  // namespace iconsynth::render
