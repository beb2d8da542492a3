#pragma once
// The range every number of a spec may take, and the step a person tunes it by: one fact each,
// read by the loader (which refuses a value outside it, naming the range) and by the tunable-path
// table (`spec --paths --json`, the editor's sliders). A bound that depends on another value (a
// corner radius at most half its module) is a function of it.

namespace iconsynth::spec {

struct ValueRange {
  double min, max;
  double step;  // what one arrow key moves it by: whole frames for timings
};

// Timings (frames), every clip's and a motion's lead and tail; a "NNNms" text converts first.
inline constexpr double kMaxTimingFrames = 600;               // any one timing: 10 s at 60 fps
inline constexpr ValueRange kTimingFrames{0.5, kMaxTimingFrames, 1};   // a clip's span ("frames", a hold clip)
inline constexpr ValueRange kPauseFrames{0, kMaxTimingFrames, 1};      // a gather's hold, a stagger's lag
inline constexpr ValueRange kActionRest{1, kMaxTimingFrames, 1};       // lead and tail of an action
inline constexpr ValueRange kLoopRest{0, kMaxTimingFrames, 1};         // lead and tail of a loop
inline constexpr double kMsStep = 1;                                   // a timing written "NNNms"

inline constexpr ValueRange kSwellScale{1, 2, 0.01};
inline constexpr ValueRange kGatherScale{0.5, 1, 0.01};
inline constexpr ValueRange kRepeatTimes{1, 16, 1};
inline constexpr ValueRange kFrameRate{1, 240, 1};
// An easing's handles: x in [0, 1]; y may overshoot, except a packet's travel (it never runs back).
inline constexpr ValueRange kEaseX{0, 1, 0.01};
inline constexpr ValueRange kEaseY{-1, 2, 0.01};
inline constexpr ValueRange kTravelEaseY{0, 1, 0.01};

// Layout, in grid units (the 2×2 ring's; other rings scale them).
inline constexpr double kLayoutStep = 0.05;
inline constexpr ValueRange kGrid{8, 1024, 1};
inline constexpr ValueRange kRingModules{3, 8, 1};
inline constexpr ValueRange kPacketStrokeRatio{1.05, 4, kLayoutStep};  // below 1 the packet hides in its link
inline constexpr ValueRange kKeylineWeight{1, 3, 1};
inline constexpr ValueRange kStrokeWeight{1, 3, kLayoutStep};
inline constexpr ValueRange kSecondaryMix{0, 1, 0.01};
inline constexpr ValueRange kHintUpTo{8, 512, 1};
inline constexpr ValueRange kOpticalBelow{9, 512, 1};
inline constexpr ValueRange kPacketMinPx{0, 16, 0.5};

inline constexpr ValueRange padding_range(double grid) { return {0, grid / 4, kLayoutStep}; }
inline constexpr ValueRange module_size_range(double grid) { return {1, grid / 2, kLayoutStep}; }
inline constexpr ValueRange module_corner_range(double module_size) { return {0, module_size / 2, kLayoutStep}; }
inline constexpr ValueRange die_size_range(double module_size) { return {0, module_size, kLayoutStep}; }
inline constexpr ValueRange die_corner_range(double die_size) { return {0, die_size / 2, kLayoutStep}; }
inline constexpr ValueRange die_clearance_range(double module_size) { return {0, module_size / 2, kLayoutStep}; }
inline constexpr ValueRange die_min_size_range(double module_size) { return {0, module_size, kLayoutStep}; }
inline constexpr ValueRange link_gap_range(double grid) { return {0, grid / 4, kLayoutStep}; }
inline constexpr ValueRange packet_radius_range(double grid) { return {0.1, grid / 8, kLayoutStep}; }

}  // namespace iconsynth::spec
