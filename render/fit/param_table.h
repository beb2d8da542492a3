#pragma once
// What fit may change in a spec: a table of named spec paths (as `--set` spells them), each with
// the range the loader accepts, a step the frames can see and a unit, so that the optimiser's
// vector is only a view of the table and every report names what moved. A candidate is the base
// document with values written in and loaded like any spec: the model is never bypassed.
//
// Rows are found in the document, not typed here: the layout's sizes and the stroke weight by
// name, and every motion's timings (`frames`, `hold`, `lag`, `lead`, `tail`), scales and easings
// wherever its timeline holds them (an easing is four rows, its Bézier handles). Timings written
// as "200ms" are read as frames, preset easings as their handles.

#include "spec/icon_spec.h"

#include <optional>
#include <string>
#include <vector>

namespace iconsynth::render::fit {

enum class Family { Style, Color, Weight, Layout, FrameRate, Timing, Scale, Easing };
// "style", "colour", "weight", "layout", "frame rate", "timing", "scale", "easing".
std::string family_name(Family family);

struct Param {
  std::string path;        // "motions.light.timeline.exchange.travel.frames"; an easing's handle ends ".ease.0" … ".ease.3"
  Family family;
  double lower, upper;     // the range searched: what the loader accepts, narrowed to what an icon uses
  double step;             // a change the frames show plainly: the optimiser's unit
  std::string unit;        // "frames", "units", "×", ""
  std::string motion;      // the motion it times ("" for layout and weight)
};

class ParamTable {
 public:
  // The rows of `base` (a spec document the loader accepts), its timings taken to `frame_rate`
  // frames a second (the motion keeps its length in seconds).
  ParamTable(const spec::Json& base, double frame_rate);

  const std::vector<Param>& params() const { return params_; }
  const std::vector<double>& base_values() const { return base_; }
  // The base document as the table sees it: timings in frames at the table's rate, easings as handles.
  const spec::Json& document() const { return document_; }
  // The index of the row at `path`; nullopt when there is none.
  std::optional<std::size_t> find(const std::string& path) const;

  // The document with `values` (one per row) written in.
  spec::Json document_with(const std::vector<double>& values) const;

 private:
  void add(const std::string& path, Family family, double lower, double upper, double step, const std::string& unit,
           const std::string& motion);
  void add_motion(const std::string& name, spec::Json& motion, double from_rate, double to_rate);

  spec::Json document_;
  std::vector<Param> params_;
  std::vector<double> base_;
  std::vector<spec::Json::json_pointer> pointers_;  // each row's, parsed once: every candidate writes them
};

// "/motions/light/lead" for "motions.light.lead".
std::string json_pointer(const std::string& path);

}  // namespace iconsynth::render::fit
