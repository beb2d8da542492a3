#include "render/golden/change_groups.h"

#include <map>
#include <sstream>
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

// Everything a group's variants must share: which frames changed, the frame count and the weight
// before and after (when they changed), the Lottie changes.
using ChangeKey = std::tuple<std::vector<int>, std::pair<int, int>, std::pair<double, double>, std::vector<std::string>, std::string>;

ChangeKey key_of(const VariantCheck& v) {
  std::vector<std::string> changes;
  for (const auto& c : v.lottie.changes) changes.push_back(lottie::describe(c));
  const auto frames = v.frame_count_changed() ? std::pair(v.golden.frame_count, v.frame_count) : std::pair(0, 0);
  const auto weight = v.weight != v.golden.weight ? std::pair(v.golden.weight, v.weight) : std::pair(0.0, 0.0);
  return {changed_frames(v), frames, weight, std::move(changes), v.lottie.error};
}

double worst_share(const VariantCheck& v) {
  const FrameCheck* f = worst_frame(v);
  return !f ? -1 : f->status == FrameCheck::Status::Missing ? 2 : f->stats.share_over;
}

std::string number(double value) {
  std::ostringstream text;
  text << value;
  return text.str();
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

std::vector<std::string> describe_change(const ChangeGroup& group) {
  const VariantCheck& v = *group.shown;
  std::vector<std::string> out;
  if (v.frame_count_changed()) out.push_back("frames " + std::to_string(v.golden.frame_count) + " → " + std::to_string(v.frame_count));
  if (v.weight != v.golden.weight) out.push_back("weight " + number(v.golden.weight) + " → " + number(v.weight));
  if (!group.frames.empty()) {
    std::string frames;
    for (int f : group.frames) frames += (frames.empty() ? "" : ", ") + std::to_string(f);
    out.push_back(std::to_string(group.frames.size()) + " of " + std::to_string(v.frames.size()) + " key frames differ: " + frames);
  }
  if (!v.lottie.changes.empty()) {
    out.push_back(std::to_string(v.lottie.changes.size()) + " Lottie change" + (v.lottie.changes.size() == 1 ? "" : "s"));
  }
  if (!v.lottie.error.empty()) out.push_back("Lottie not compared: " + v.lottie.error);
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
