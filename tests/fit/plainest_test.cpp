// Among the specs that draw the target alike, fit returns the one nearest the base, and says which
// layout values the frames cannot tell apart and over what range.
#include "fit_support.h"

using namespace iconsynth::test;

namespace {

// The paths (as --set spells them) where two spec documents differ.
std::vector<std::string> differences(const Json& a, const Json& b, const std::string& path = "") {
  if (a.is_object() && b.is_object()) {
    std::vector<std::string> out;
    for (const auto& [key, value] : a.items()) {
      const std::string at = path.empty() ? key : path + "." + key;
      if (!b.contains(key)) {
        out.push_back(at);
        continue;
      }
      for (const std::string& d : differences(value, b[key], at)) out.push_back(d);
    }
    for (const auto& [key, value] : b.items()) {
      if (!a.contains(key)) out.push_back(path.empty() ? key : path + "." + key);
    }
    return out;
  }
  if (a.is_number() && b.is_number()) return a.get<double>() == b.get<double>() ? std::vector<std::string>{} : std::vector<std::string>{path};
  return a == b ? std::vector<std::string>{} : std::vector<std::string>{path};
}

}  // namespace

TEST_CASE("A solid target of module 7 on the keylines fits by changing the module's size alone", "[fit][plainest]") {
  // On the keylines module 7 with padding 1 draws a card of 6, a padding of 2 and no die, which
  // many specs draw alike (a duotone card whose tone is its colour too); the plainest is the base
  // with the module's size changed, in the style the target names itself by.
  const fs::path work = scratch_dir("fit-plainest-module");
  const fs::path target = work / "target.json";
  REQUIRE(run_cli("export --style solid --set layout.module.size=7 -o " + target.string(), work).exit_code == 0);
  const Fitted f = fit_target(work, target);
  INFO(f.err);
  REQUIRE(f.exit_code == 0);
  CHECK(f.report["matched"] == true);
  const Json base = builtin_document();
  CHECK(differences(f.spec, base) == std::vector<std::string>{"layout.module.size", "defaults.style"});
  CHECK(f.spec["defaults"]["style"] == "solid");
  // A value of the step that draws 6, nearest the base.
  drawn_as_module_6(f.spec);
  check_fitted_passes(work, target);
}

TEST_CASE("A die of 1.75 draws as 2 on the keylines: the report names the die as not told apart", "[fit][plainest]") {
  const fs::path work = scratch_dir("fit-plainest-die");
  const fs::path target = work / "target.json";
  REQUIRE(run_cli("export --set layout.die.size=1.75 -o " + target.string(), work).exit_code == 0);
  const Fitted f = fit_target(work, target, "--report " + (work / "report").string());
  INFO(f.err);
  REQUIRE(f.exit_code == 0);
  // Nothing it draws differs from the base: the base's die is the answer.
  CHECK(f.spec["layout"] == builtin_document()["layout"]);
  bool named = false;
  for (const Json& same : f.report["same_drawing"]) {
    if (same["path"] == "layout.die.size") named = same["low"].get<double>() <= 1.75 && same["high"].get<double>() >= 2;
  }
  CHECK(named);
  CHECK_THAT(read_file(work / "report" / "index.html"), Catch::Contains("What the frames cannot tell apart"));
  const auto text = run_cli("fit " + target.string() + " --budget 900 -o " + (work / "again.json").string(), work);
  CHECK_THAT(text.out, Catch::Contains("the frames cannot tell apart: layout.die.size 1.75 \u2013"));
}
