#include "render/golden/change_groups.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace iconsynth::render::golden {

namespace {

bool changed(const FrameCheck& f) { return f.status == FrameCheck::Status::Differs || f.status == FrameCheck::Status::Missing; }

std::vector<int> changed_frames(const VariantCheck& v) {
  std::vector<int> frames;
  for (const FrameCheck& f : v.frames) {
    if (changed(f)) frames.push_back(f.frame);
  }
  return frames;
}

// Everything a group's variants must share: which frames changed, the frame count, frame rate and
// weight before and after (when they changed), the Lottie changes.
using ChangeKey = std::tuple<std::vector<int>, std::pair<int, int>, std::pair<double, double>, std::pair<double, double>,
                             std::vector<std::string>, std::string>;

ChangeKey key_of(const VariantCheck& v) {
  std::vector<std::string> changes;
  for (const auto& c : v.lottie.changes) changes.push_back(lottie::describe(c));
  const auto frames = v.frame_count_changed() ? std::pair(v.golden.frame_count, v.frame_count) : std::pair(0, 0);
  const auto rate = v.frame_rate_changed() ? std::pair(v.golden.frame_rate, v.frame_rate) : std::pair(0.0, 0.0);
  const auto weight = v.weight != v.golden.weight ? std::pair(v.golden.weight, v.weight) : std::pair(0.0, 0.0);
  return {changed_frames(v), frames, rate, weight, std::move(changes), v.lottie.error};
}

double worst_share(const VariantCheck& v) {
  const FrameCheck* f = worst_frame(v);
  return !f ? -1 : f->status == FrameCheck::Status::Missing ? 2 : f->stats.share_over;
}

// The path's keys: "motions.strong.lead" → {"motions", "strong", "lead"}.
std::vector<std::string> keys_of(const std::string& path) {
  std::vector<std::string> keys;
  std::size_t start = 0;
  for (std::size_t dot; (dot = path.find('.', start)) != std::string::npos; start = dot + 1) keys.push_back(path.substr(start, dot - start));
  keys.push_back(path.substr(start));
  return keys;
}

}  // namespace

std::vector<ChangeGroup> group_changes(const CheckReport& report) {
  std::vector<ChangeGroup> groups;
  std::map<ChangeKey, std::size_t> index;
  for (const VariantCheck& v : report.variants) {
    if (v.passed()) continue;
    const auto [it, added] = index.try_emplace(key_of(v), groups.size());
    if (added) groups.push_back({{}, &v, changed_frames(v)});
    ChangeGroup& g = groups[it->second];
    g.variants.push_back(&v);
    if (worst_share(v) > worst_share(*g.shown)) g.shown = &v;
  }
  return groups;
}

std::vector<Failure> describe_change(const ChangeGroup& group, const CheckReport& report) {
  std::vector<Failure> out = variant_failures(*group.shown, report.golden, report.tolerance);
  for (Failure& f : out) {
    // The frames every variant of the group has differing, not one variant's worst.
    if (f.kind != FailureKind::Frames || group.frames.empty()) continue;
    std::string frames;
    for (int frame : group.frames) frames += (frames.empty() ? "" : ", ") + std::to_string(frame);
    f.text = std::to_string(group.frames.size()) + " of " + std::to_string(group.shown->frames.size()) + " key frames differ: " + frames;
  }
  return out;
}

bool can_move(const spec::SpecDifference& difference, const GoldenVariant& v) {
  const std::vector<std::string> keys = keys_of(difference.path);
  if (keys.size() < 2) return true;
  if (keys[0] == "motions") return keys[1] == v.motion;
  if (keys[0] == "themes") return keys[1] == v.theme;
  if (keys[0] == "styles") return keys[1] == v.style;
  if (keys[0] == "stroke" && keys[1] == "presets" && keys.size() > 2) return keys[2] == std::to_string(v.preset);
  return true;
}

std::vector<const spec::SpecDifference*> moved_by(const ChangeGroup& group, const CheckReport& report) {
  std::vector<const spec::SpecDifference*> out;
  for (const spec::SpecDifference& d : report.spec.differences) {
    if (std::any_of(group.variants.begin(), group.variants.end(), [&](const VariantCheck* v) { return can_move(d, v->golden); })) {
      out.push_back(&d);
    }
  }
  return out;
}

std::string variant_list(const ChangeGroup& group, std::size_t limit) {
  std::string text;
  for (std::size_t i = 0; i < group.variants.size() && i < limit; ++i) text += (i ? ", " : "") + group.variants[i]->golden.id();
  if (group.variants.size() > limit) text += " …";
  if (group.variants.size() > 1) text += " (" + std::to_string(group.variants.size()) + " variants)";
  return text;
}

}  // namespace iconsynth::render::golden
