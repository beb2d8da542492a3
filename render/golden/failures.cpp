#include "render/golden/failures.h"

#include "spec/json_reader.h"

#include <algorithm>

namespace iconsynth::render::golden {

namespace {

struct KindNames {
  FailureKind kind;
  std::string_view name, id;
};

constexpr KindNames kKinds[] = {
    {FailureKind::MissingVariant, "missing variant", "missing-variant"},
    {FailureKind::ExtraVariant, "extra variant", "extra-variant"},
    {FailureKind::FrameCount, "frame count", "frame-count"},
    {FailureKind::FrameRate, "frame rate", "frame-rate"},
    {FailureKind::Duration, "duration", "duration"},
    {FailureKind::Weight, "weight", "weight"},
    {FailureKind::Frames, "frames", "frames"},
    {FailureKind::Markers, "markers", "markers"},
    {FailureKind::StateMachine, "state machine", "state-machine"},
    {FailureKind::Lottie, "Lottie", "lottie"},
    {FailureKind::Bundle, "bundle", "bundle"},
    {FailureKind::SetFiles, "set files", "set-files"},
};

const KindNames& names(FailureKind kind) {
  return *std::find_if(std::begin(kKinds), std::end(kKinds), [&](const KindNames& k) { return k.kind == kind; });
}

// The JSON path of a change inside a bundle entry ("a/outline-light.json:/markers…"), or the change's own.
std::string_view json_path(const lottie::JsonChange& change) {
  const std::string_view path = change.path;
  const auto colon = path.find(":/");
  return colon == std::string_view::npos ? path : path.substr(colon + 1);
}

bool is_state_machine_change(const lottie::JsonChange& change) { return change.path.rfind("s/", 0) == 0; }

// "3 changes, first: changed /markers[round 1]/tm: 23 → 25"
std::string changes_text(const std::vector<const lottie::JsonChange*>& changes) {
  return std::to_string(changes.size()) + " change" + (changes.size() == 1 ? "" : "s") + ", first: " + lottie::describe(*changes.front());
}

// Labels of the accepted images as a list a sentence holds: "[A] and [B]", "[A], [B] and [C]".
std::string label_list(const std::vector<std::string>& labels) {
  std::string out;
  for (std::size_t i = 0; i < labels.size(); ++i) {
    out += (i == 0 ? "" : i + 1 == labels.size() ? " and " : ", ") + ("[" + labels[i] + "]");
  }
  return out;
}

}  // namespace

std::string_view kind_name(FailureKind kind) { return names(kind).name; }
std::string_view kind_id(FailureKind kind) { return names(kind).id; }

bool is_marker_change(const lottie::JsonChange& change) { return json_path(change).rfind("/markers", 0) == 0; }

std::string frame_verdict(const FrameCheck& f, const VariantCheck& v, const GoldenSet& set, const Tolerance& tolerance) {
  const std::string frame = "frame " + std::to_string(f.frame);
  if (f.status == FrameCheck::Status::Missing) return frame + ": no golden image in " + sheet_file(v.golden, 0);
  const auto at = std::find_if(v.golden.frames.begin(), v.golden.frames.end(), [&](const GoldenFrame& g) { return g.frame == f.frame; });
  const std::vector<std::string> labels = at == v.golden.frames.end() ? std::vector<std::string>{} : set.accepted_labels(*at);
  const std::string from = labels.size() < 2 ? "" : std::string(labels.size() == 2 ? " from both" : " from all " + std::to_string(labels.size())) +
                                                        " accepted images, " + label_list(labels);
  return frame + " differs" + from + ": " + percent(f.stats.share_over) + " of pixels beyond " + std::to_string(tolerance.channel) +
         " levels (limit " + percent(tolerance.max_share) + ")";
}

std::vector<Failure> variant_failures(const VariantCheck& v, const GoldenSet& set, const Tolerance& tolerance) {
  std::vector<Failure> out;
  if (v.frame_count_changed()) {
    out.push_back({FailureKind::FrameCount, "frames " + std::to_string(v.golden.frame_count) + " → " + std::to_string(v.frame_count)});
  }
  if (v.frame_rate_changed()) {
    out.push_back({FailureKind::FrameRate, spec::format_number(v.golden.frame_rate) + " → " + spec::format_number(v.frame_rate) + " fps"});
  }
  if (v.golden.duration_ms() > 0 && v.golden.duration_ms() != v.duration_ms()) {
    out.push_back({FailureKind::Duration, spec::format_ms(v.golden.duration_ms()) + " → " + spec::format_ms(v.duration_ms())});
  }
  if (v.weight != v.golden.weight) {
    out.push_back({FailureKind::Weight, spec::format_number(v.golden.weight) + " → " + spec::format_number(v.weight)});
  }
  if (const FrameCheck* worst = worst_frame(v)) out.push_back({FailureKind::Frames, frame_verdict(*worst, v, set, tolerance)});
  std::vector<const lottie::JsonChange*> markers, rest;
  for (const lottie::JsonChange& c : v.lottie.changes) (is_marker_change(c) ? markers : rest).push_back(&c);
  if (!markers.empty()) out.push_back({FailureKind::Markers, changes_text(markers)});
  if (!rest.empty()) out.push_back({FailureKind::Lottie, changes_text(rest)});
  if (!v.lottie.error.empty()) out.push_back({FailureKind::Lottie, "not compared: " + v.lottie.error});
  return out;
}

std::vector<Failure> bundle_failures(const LottieCheck& bundle) {
  std::vector<Failure> out;
  std::vector<const lottie::JsonChange*> machines, markers, rest;
  for (const lottie::JsonChange& c : bundle.changes) {
    (is_state_machine_change(c) ? machines : is_marker_change(c) ? markers : rest).push_back(&c);
  }
  if (!machines.empty()) out.push_back({FailureKind::StateMachine, changes_text(machines)});
  if (!markers.empty()) out.push_back({FailureKind::Markers, changes_text(markers)});
  if (!rest.empty()) out.push_back({FailureKind::Bundle, changes_text(rest)});
  if (!bundle.error.empty()) out.push_back({FailureKind::Bundle, "not compared: " + bundle.error});
  return out;
}

std::string line(const Failure& failure) { return std::string(kind_name(failure.kind)) + ": " + failure.text; }

}  // namespace iconsynth::render::golden
