#include "render/fit/track_fit.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace iconsynth::render::fit {

namespace {

constexpr double kScaleNoise = 0.001;     // a module's scale as measured
constexpr double kProgressNoise = 0.002;  // a packet's place on its link
constexpr double kMissedPacket = 2500;    // a packet shown or missed while guiding: as a place 0.1 off, and more further off
constexpr double kMissedPacketFlat = 900; // … once guided: as a place 0.06 off, near or far

}  // namespace

double track_distance(const motion::Choreography& c, double our_rate, const MeasuredTracks& tracks, bool guiding) {
  const int n = static_cast<int>(c.module_scale.size());
  const double k = our_rate / tracks.frame_rate;  // our frames per measured frame
  // Each packet on its link, clockwise or not.
  struct OnLink {
    const motion::PacketMotion* packet;
    int link;
    bool clockwise;
  };
  std::vector<OnLink> packets;
  for (const motion::PacketMotion& p : c.packets) {
    const bool clockwise = p.receiver == (p.sender + 1) % n;
    packets.push_back({&p, clockwise ? p.sender : p.receiver, clockwise});
  }
  double sum = 0;
  for (std::size_t i = 0; i < tracks.frames.size(); ++i) {
    const MeasuredFrame& m = tracks.frames[i];
    const double t = static_cast<double>(i) * k;
    for (int module = 0; module < n && module < static_cast<int>(m.module_scale.size()); ++module) {
      const double d = (c.module_scale[module].at(t) - m.module_scale[module]) / kScaleNoise;
      sum += d * d;
    }
    for (int link = 0; link < n && link < static_cast<int>(m.link_progress.size()); ++link) {
      std::optional<double> shown;
      double nearest = std::numeric_limits<double>::infinity();  // measured frames to a departure or landing
      for (const OnLink& p : packets) {
        if (p.link != link) continue;
        const double depart = p.packet->depart, land = p.packet->land;
        if (t >= depart && t < land && !shown) {
          const double progress = p.packet->progress.at(t);
          shown = p.clockwise ? progress : 1 - progress;
        }
        nearest = std::min(nearest, t < depart ? depart - t : t >= land ? t - land : std::min(t - depart, land - t));
      }
      const std::optional<double>& seen = m.link_progress[link];
      if (shown && seen) {
        const double d = (*shown - *seen) / kProgressNoise;
        sum += d * d;
      } else if (shown || seen) {
        // A packet foretold where none was seen counts only as much as it would have shown there
        // (not at all under a swollen card).
        const double weight = seen ? 1.0 : visibility_at(link < static_cast<int>(m.link_visibility.size()) ? m.link_visibility[link] : std::vector<double>{}, *shown);
        const double far = std::isfinite(nearest) ? nearest / k : 10;
        sum += weight * (guiding ? kMissedPacket * (1 + far * far) : kMissedPacketFlat);
      }
    }
  }
  return sum;
}

}  // namespace iconsynth::render::fit
