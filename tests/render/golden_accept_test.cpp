// Accept and Undo accept as library calls (what the review page runs): accepting variants writes
// exactly what `golden update --only` writes for them, the rest untouched; a snapshot taken before
// puts every byte back, for files the accept changed, added or removed; and it can tell when a
// file changed since.
#include "golden_support.h"

#include "render/golden/golden_accept.h"
#include "spec/loader.h"

#include <catch2/catch.hpp>

#include <fstream>

using namespace iconsynth;
using namespace iconsynth::render::golden;
namespace fs = std::filesystem;

namespace {

const std::string kStrongSwell = "motions.strong.timeline.sequence.1.exchange.swell.scale=1.224";

spec::IconSpec spec_with(const std::vector<std::string>& overrides) { return spec::load_spec_with_overrides({}, overrides); }

}  // namespace

TEST_CASE("Accepting variants writes exactly what golden update --only writes, and nothing else", "[golden]") {
  const fs::path by_library = test::copy_of_golden("golden-accept-library") / "set";
  const fs::path work = test::copy_of_golden("golden-accept-cli");
  const fs::path by_cli = work / "set";
  const auto original = test::files_of(by_library);

  const GoldenUpdate accepted = plan_accept(spec_with({kStrongSwell}), by_library, {"outline-strong-w2", "gpu-cluster.lottie"},
                                            current_renderer(ICONSYNTH_VERSION));
  apply_update(accepted);
  const auto r = test::run_cli("golden update --dir " + by_cli.string() + " --only outline-strong-w2 gpu-cluster.lottie --set " + kStrongSwell, work);
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);

  const auto after = test::files_of(by_library);
  CHECK(test::differing(after, test::files_of(by_cli)).empty());  // byte for byte what the CLI wrote
  CHECK(test::differing(original, after) == std::set<std::string>{"golden.json", "gpu-cluster.lottie", "png/outline-strong-light-w2.png",
                                                                   "png/outline-strong-dark-w2.png", "lottie/outline-strong-light-w2.json",
                                                                   "lottie/outline-strong-dark-w2.json"});
  // Checked with the change, the accepted variants and the bundle pass; the other strong ones still fail.
  const CheckReport check = check_golden_set(spec_with({kStrongSwell}), by_library, {});
  CHECK(check.bundle.passed());
  for (const VariantCheck& v : check.variants) {
    INFO(v.golden.id());
    const bool accepted_one = v.golden.id() == "outline-strong-light-w2" || v.golden.id() == "outline-strong-dark-w2";
    CHECK(v.passed() == (accepted_one || v.golden.motion == "light"));
  }
}

TEST_CASE("Undo accept puts back every byte the accept changed, added or removed, and sees a file changed since", "[golden]") {
  const fs::path set = test::copy_of_golden("golden-undo") / "set";
  const auto original = test::files_of(set);
  struct Accept {
    std::vector<std::string> overrides, selectors;
    std::string added, removed;  // a file the accept must add or remove
  };
  const Accept accepts[] = {
      {{kStrongSwell}, {"solid-strong", "gpu-cluster.lottie"}, "", ""},
      {{"stroke.presets=[1.5,2,2.5,3]"}, {"outline-light-w3"}, "png/outline-light-dark-w3.png", ""},  // a variant the set lacks
      {{"stroke.presets=[1.5,2]"}, {"duotone-strong-w2.5"}, "", "png/duotone-strong-dark-w2.5.png"},  // one the spec lacks
  };
  for (const Accept& a : accepts) {
    INFO(a.selectors.front());
    const GoldenUpdate update = plan_accept(spec_with(a.overrides), set, a.selectors, current_renderer(ICONSYNTH_VERSION));
    const FileSnapshot before = FileSnapshot::before(update);
    apply_update(update);
    const auto accepted = test::files_of(set);
    CHECK_FALSE(test::differing(original, accepted).empty());
    if (!a.added.empty()) CHECK((accepted.count(a.added) == 1 && original.count(a.added) == 0));
    if (!a.removed.empty()) CHECK((accepted.count(a.removed) == 0 && original.count(a.removed) == 1));

    // What undo must find before it restores: the files as the accept left them.
    const FileSnapshot after = before.now();
    CHECK(after.matches_disk());
    CHECK_FALSE(before.matches_disk());
    before.restore();
    CHECK(test::differing(original, test::files_of(set)).empty());  // every byte back
    CHECK_FALSE(after.matches_disk());                                // and the accept's files are gone
  }

  // A file edited after the accept: the snapshot of what the accept wrote no longer matches.
  const GoldenUpdate update = plan_accept(spec_with({kStrongSwell}), set, {"outline-strong-w2"}, current_renderer(ICONSYNTH_VERSION));
  const FileSnapshot before = FileSnapshot::before(update);
  apply_update(update);
  const FileSnapshot after = before.now();
  std::ofstream(set / "lottie" / "outline-strong-dark-w2.json", std::ios::app) << " ";
  CHECK_FALSE(after.matches_disk());
  before.restore();
  CHECK(test::differing(original, test::files_of(set)).empty());
}
