// summary.json: the report's facts for machines.
#include "render/golden/failures.h"
#include "render/golden/golden_report.h"

namespace iconsynth::render::golden {

namespace {

using nlohmann::json;

json failures_json(const std::vector<Failure>& failures) {
  json out = json::array();
  for (const Failure& f : failures) out.push_back({{"kind", kind_id(f.kind)}, {"text", f.text}});
  return out;
}

json spec_json(const SpecComparison& spec) {
  json differences = json::array();
  for (const spec::SpecDifference& d : spec.differences) {
    json entry = {{"path", d.path}, {"line", d.line()}};
    if (!d.added) entry["before"] = json::parse(d.before.dump());
    if (!d.removed) entry["after"] = json::parse(d.after.dump());
    differences.push_back(entry);
  }
  return {{"known", spec.known}, {"same", spec.same}, {"differences", differences}};
}

}  // namespace

json summary_json(const CheckReport& report) {
  json variants = json::array();
  for (const VariantCheck& v : report.variants) {
    json frames = json::array();
    for (std::size_t i = 0; i < v.frames.size(); ++i) {
      const FrameCheck& f = v.frames[i];
      json frame = {{"frame", f.frame}, {"status", status_name(f.status)}};
      if (f.status == FrameCheck::Status::Within || f.status == FrameCheck::Status::Differs) {
        frame["mean_abs"] = f.stats.mean_abs;
        frame["max_abs"] = f.stats.max_abs;
        frame["share_over"] = f.stats.share_over;
      }
      if (f.accepted >= 0) frame["accepted_by"] = report.golden.accepted_labels(v.golden.frames[i])[static_cast<std::size_t>(f.accepted)];
      frames.push_back(frame);
    }
    json changes = json::array();
    for (const auto& c : v.lottie.changes) changes.push_back(lottie::describe(c));
    variants.push_back({{"id", v.golden.id()},
                        {"passed", v.passed()},
                        {"failures", failures_json(variant_failures(v, report.golden, report.tolerance))},
                        {"weight", v.weight},
                        {"golden_weight", v.golden.weight},
                        {"frame_count", v.frame_count},
                        {"golden_frame_count", v.golden.frame_count},
                        {"frame_rate", v.frame_rate},
                        {"golden_frame_rate", v.golden.frame_rate},
                        {"frames", frames},
                        {"lottie", {{"exact", v.lottie.exact}, {"changes", changes}, {"error", v.lottie.error}}}});
  }
  json set_files = json::array();
  for (const SetFileProblem& p : report.files) {
    const char* kinds[] = {"missing", "altered", "extra"};
    set_files.push_back({{"file", p.file}, {"problem", kinds[static_cast<int>(p.kind)]}});
  }
  json bundle_changes = json::array();
  for (const auto& c : report.bundle.changes) bundle_changes.push_back(lottie::describe(c));
  json renderers = json::array();
  for (const Renderer& r : report.golden.renderers) renderers.push_back(r.label());
  return {{"passed", report.passed()},
          {"tolerance", {{"channel", report.tolerance.channel}, {"max_share", report.tolerance.max_share}}},
          {"renderer", report.renderer.label()},
          {"golden_renderers", renderers},
          {"spec", spec_json(report.spec)},
          {"notes", report.notes},
          {"missing_variants", report.missing},
          {"unexpected_variants", report.unexpected},
          {"set_files", set_files},
          {"variants", variants},
          {"bundle", {{"file", report.bundle.name},
                      {"exact", report.bundle.exact},
                      {"failures", failures_json(bundle_failures(report.bundle))},
                      {"changes", bundle_changes},
                      {"error", report.bundle.error}}}};
}

}  // namespace iconsynth::render::golden
