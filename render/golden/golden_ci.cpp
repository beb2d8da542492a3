#include "render/golden/golden_ci.h"

#include "render/compare/report_files.h"

namespace iconsynth::render::golden {

namespace {

using ci::TestCase;

std::string lines(const std::vector<lottie::JsonChange>& changes) {
  std::string out;
  for (const auto& c : changes) out += lottie::describe(c) + "\n";
  return out;
}

// "frame 32 differs: 24.65% of pixels beyond 20 levels (limit 0.50%)"
std::string frame_verdict(const FrameCheck& f, const Tolerance& tolerance, const VariantCheck& v) {
  if (f.status == FrameCheck::Status::Missing) return "frame " + std::to_string(f.frame) + ": no golden image in " + sheet_file(v.golden);
  return "frame " + std::to_string(f.frame) + " differs: " + percent(f.stats.share_over) + " of pixels beyond " +
         std::to_string(tolerance.channel) + " levels (limit " + percent(tolerance.max_share) + ")";
}

TestCase variant_case(const VariantCheck& v, const CheckReport& report, const std::string& classname,
                      const std::filesystem::path& dir) {
  TestCase c{v.golden.id(), classname, TestCase::Outcome::Passed, {}, {}, lines(v.lottie.changes),
             (dir / sheet_file(v.golden)).string(), v.seconds};
  if (v.passed()) return c;
  c.outcome = TestCase::Outcome::Failed;
  std::vector<std::string> why;
  if (const FrameCheck* worst = worst_frame(v)) why.push_back(frame_verdict(*worst, report.tolerance, v));
  if (v.frame_count_changed()) why.push_back("frames " + std::to_string(v.golden.frame_count) + " → " + std::to_string(v.frame_count));
  if (v.weight != v.golden.weight) why.push_back("weight " + fixed(v.golden.weight, 2) + " → " + fixed(v.weight, 2));
  if (!v.lottie.changes.empty()) {
    why.push_back(std::to_string(v.lottie.changes.size()) + " Lottie change" + (v.lottie.changes.size() == 1 ? "" : "s") +
                  ", first: " + lottie::describe(v.lottie.changes.front()));
  }
  if (!v.lottie.error.empty()) why.push_back("Lottie not compared: " + v.lottie.error);
  for (const std::string& w : why) c.message += (c.message.empty() ? "" : "; ") + w;
  for (const FrameCheck& f : v.frames) {
    if (f.status == FrameCheck::Status::Differs) c.details += "frame " + std::to_string(f.frame) + ": " + describe(f.stats) + "\n";
    if (f.status == FrameCheck::Status::Missing) c.details += frame_verdict(f, report.tolerance, v) + "\n";
  }
  if (c.details.empty()) c.details = c.message;
  return c;
}

TestCase failed_case(std::string name, const std::string& classname, std::string message, std::string details = {},
                     std::string file = {}) {
  return {std::move(name), classname, TestCase::Outcome::Failed, std::move(message), std::move(details), {}, std::move(file), 0};
}

}  // namespace

ci::TestSuite test_suite(const CheckReport& report, const std::filesystem::path& dir) {
  const std::string classname = "golden." + report.golden.icon;
  ci::TestSuite suite{"golden check of " + report.golden.icon, {}, report.notes, 0};
  for (const VariantCheck& v : report.variants) {
    suite.cases.push_back(variant_case(v, report, classname, dir));
    suite.seconds += v.seconds;
  }

  const std::string bundle_path = (dir / bundle_file(report.golden.icon)).string();
  const LottieCheck& b = report.bundle;
  if (b.passed()) {
    suite.cases.push_back({b.name, classname, TestCase::Outcome::Passed, {}, {}, {}, bundle_path, 0});
  } else {
    std::string message = b.error.empty() ? std::to_string(b.changes.size()) + " change" + (b.changes.size() == 1 ? "" : "s") +
                                                (b.changes.empty() ? "" : ", first: " + lottie::describe(b.changes.front()))
                                          : "not compared: " + b.error;
    TestCase c = failed_case(b.name, classname, std::move(message), {}, bundle_path);
    c.output = lines(b.changes);
    suite.cases.push_back(std::move(c));
  }

  TestCase files{"set files", classname, TestCase::Outcome::Passed, {}, {}, {}, (dir / "golden.json").string(), 0};
  if (!report.files.empty()) {
    files.outcome = TestCase::Outcome::Failed;
    files.message = std::to_string(report.files.size()) + " file" + (report.files.size() == 1 ? " is" : "s are") +
                    " not as golden.json says: " + describe(report.files.front());
    for (const SetFileProblem& p : report.files) files.details += describe(p) + "\n";
  }
  suite.cases.push_back(std::move(files));

  for (const std::string& id : report.missing) {
    suite.cases.push_back(failed_case(id, classname, "in the golden set, but the spec no longer has this variant"));
  }
  for (const std::string& id : report.unexpected) {
    suite.cases.push_back(failed_case(id, classname, "the spec has this variant, the set has no goldens for it"));
  }
  return suite;
}

}  // namespace iconsynth::render::golden
