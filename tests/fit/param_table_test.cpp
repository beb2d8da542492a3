// The parameter table: fit's vector as a view of the spec's own paths, found in the document.
#include "render/fit/param_table.h"

#include "spec/loader.h"

#include <catch2/catch.hpp>

using namespace iconsynth;
using render::fit::Family;
using render::fit::ParamTable;

namespace {
spec::Json builtin_json() { return spec::Json::parse(spec::builtin_spec_text()); }
}  // namespace

TEST_CASE("Every timing, scale and easing of every motion is a row, found where the timeline holds it", "[fit]") {
  const ParamTable table(builtin_json(), 60);
  const auto row = [&](const std::string& path) { return table.find(path); };
  CHECK(row("stroke.default"));
  CHECK(row("layout.module.size"));
  CHECK(row("motions.light.lead"));
  CHECK(row("motions.light.tail"));
  CHECK(row("motions.light.timeline.exchange.travel.frames"));
  CHECK(row("motions.light.timeline.exchange.swell.scale"));
  CHECK(row("motions.strong.timeline.sequence.0.gather.hold"));
  CHECK(row("motions.strong.timeline.sequence.0.gather.scale"));
  for (int h = 0; h < 4; ++h) {
    // Appended, not `"…" + std::to_string(h)`: GCC 12 warns -Warray-bounds inside that operator+.
    std::string handle = "motions.strong.timeline.sequence.2.exchange.swell.settle.ease.";
    handle += std::to_string(h);
    CHECK(row(handle));
  }
  std::size_t timings = 0, scales = 0, easings = 0;
  for (const auto& p : table.params()) {
    timings += p.family == Family::Timing, scales += p.family == Family::Scale, easings += p.family == Family::Easing;
    CHECK(p.lower <= table.base_values()[&p - table.params().data()]);
    CHECK(p.upper >= table.base_values()[&p - table.params().data()]);
  }
  CHECK(timings == 5 + 11);  // lead, tail and light's three; lead, tail, the gather's three and the rounds' six
  CHECK(scales == 1 + 3);
  CHECK(easings == 4 * (3 + 2 + 6));
  // A preset easing is read as its handles, and the base document loads back unchanged in meaning.
  const auto ease = *row("motions.light.timeline.exchange.travel.ease.0");
  CHECK(table.base_values()[ease] == Approx(0.42));
  CHECK_NOTHROW(spec::load_spec(table.document_with(table.base_values())));
}

TEST_CASE("At another frame rate every timing keeps its time in seconds, and milliseconds are read as frames", "[fit]") {
  spec::Json doc = builtin_json();
  doc["motions"]["light"]["lead"] = "100ms";
  const ParamTable table(doc, 30);
  CHECK(table.document()["frame_rate"] == 30);
  CHECK(table.base_values()[*table.find("motions.light.lead")] == Approx(3));  // 100 ms at 30 fps
  CHECK(table.base_values()[*table.find("motions.light.timeline.exchange.travel.frames")] == Approx(12));
  CHECK(table.base_values()[*table.find("layout.module.size")] == 8);  // sizes are not times
  const spec::IconSpec loaded = spec::load_spec(table.document_with(table.base_values()));
  CHECK(loaded.frame_rate == 30);
  CHECK(loaded.choreography("light").lead == Approx(3));
}

TEST_CASE("At a frame rate where a timing would be shorter than the loader accepts, it is held at the least it accepts", "[fit]") {
  // The built-in strong motion's lead of 2 frames at 60 fps lasts 0.83 frames at 25: below an
  // action's one frame of rest, which no spec may have; the table's values must still make a spec.
  for (const double rate : {24.0, 25.0, 29.97, 50.0, 240.0}) {
    INFO(rate << " fps");
    const ParamTable table(builtin_json(), rate);
    const double lead = table.base_values()[*table.find("motions.strong.lead")];
    CHECK(lead == Approx(std::max(1.0, 2 * rate / 60)));
    for (std::size_t i = 0; i < table.params().size(); ++i) {
      CHECK(table.params()[i].lower <= table.base_values()[i]);
      CHECK(table.base_values()[i] <= table.params()[i].upper);
    }
    CHECK_NOTHROW(spec::load_spec(table.document_with(table.base_values())));
  }
}
