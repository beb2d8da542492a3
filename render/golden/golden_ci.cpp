#include "render/golden/golden_ci.h"

#include "render/golden/failures.h"

namespace iconsynth::render::golden {

namespace {

using ci::TestCase;

std::string lines(const std::vector<lottie::JsonChange>& changes) {
  std::string out;
  for (const auto& c : changes) out += lottie::describe(c) + "\n";
  return out;
}

// Every failure in one line, each named by its kind (a frame's verdict reads as itself); the
// first kind is the case's type.
void fail(TestCase& c, const std::vector<Failure>& failures) {
  c.outcome = TestCase::Outcome::Failed;
  c.kind = std::string(kind_id(failures.front().kind));
  for (std::size_t i = 0; i < failures.size(); ++i) {
    const Failure& f = failures[i];
    c.message += (i ? "; " : "") + (f.kind == FailureKind::Frames ? f.text : line(f));
  }
}

TestCase variant_case(const VariantCheck& v, const CheckReport& report, const std::string& classname, const std::filesystem::path& dir) {
  TestCase c{v.golden.id(), classname, TestCase::Outcome::Passed, {}, {}, lines(v.lottie.changes),
             (dir / sheet_file(v.golden, 0)).string(), v.seconds, {}};
  if (v.passed()) return c;
  fail(c, variant_failures(v, report.golden, report.tolerance));
  for (const FrameCheck& f : v.frames) {
    if (f.status == FrameCheck::Status::Differs) c.details += "frame " + std::to_string(f.frame) + ": " + describe(f.stats) + "\n";
    if (f.status == FrameCheck::Status::Missing) c.details += frame_verdict(f, v, report.golden, report.tolerance) + "\n";
  }
  if (c.details.empty()) c.details = c.message;
  return c;
}

TestCase failed_case(std::string name, const std::string& classname, FailureKind kind, std::string message, std::string file = {}) {
  return {std::move(name), classname, TestCase::Outcome::Failed, std::move(message), {}, {}, std::move(file), 0, std::string(kind_id(kind))};
}

}  // namespace

ci::TestSuite test_suite(const CheckReport& report, const std::filesystem::path& dir) {
  const std::string classname = "golden." + report.golden.icon;
  ci::TestSuite suite{"golden check of " + report.golden.icon, {}, report.notes, 0, {}};
  if (!report.spec.differences.empty()) {
    ci::Section section{"spec values that differ from the set's (golden.json)", {}};
    for (const spec::SpecDifference& d : report.spec.differences) section.lines.push_back(d.line());
    suite.sections.push_back(std::move(section));
  }
  for (const VariantCheck& v : report.variants) {
    suite.cases.push_back(variant_case(v, report, classname, dir));
    suite.seconds += v.seconds;
  }

  const std::string bundle_path = (dir / bundle_file(report.golden.icon)).string();
  TestCase bundle{report.bundle.name, classname, TestCase::Outcome::Passed, {}, {}, lines(report.bundle.changes), bundle_path, 0, {}};
  if (!report.bundle.passed()) fail(bundle, bundle_failures(report.bundle));
  suite.cases.push_back(std::move(bundle));

  TestCase files{"set files", classname, TestCase::Outcome::Passed, {}, {}, {}, (dir / "golden.json").string(), 0, {}};
  if (!report.files.empty()) {
    files = failed_case("set files", classname, FailureKind::SetFiles,
                        std::to_string(report.files.size()) + " file" + (report.files.size() == 1 ? " is" : "s are") +
                            " not as golden.json says: " + describe(report.files.front()),
                        (dir / "golden.json").string());
    for (const SetFileProblem& p : report.files) files.details += describe(p) + "\n";
  }
  suite.cases.push_back(std::move(files));

  for (const std::string& id : report.missing) {
    suite.cases.push_back(failed_case(id, classname, FailureKind::MissingVariant, "missing variant: in the golden set, but the spec no longer has it"));
  }
  for (const std::string& id : report.unexpected) {
    suite.cases.push_back(failed_case(id, classname, FailureKind::ExtraVariant, "extra variant: the spec has it, the set has no goldens for it"));
  }
  return suite;
}

}  // namespace iconsynth::render::golden
