// What a page plays, at every size and ratio of the matrix (tests/web/crisp_cells.h): the seed's
// JS and React snippets at 16, 20, 24, 32, 40 and 48 CSS px on screens of pixel ratio 1, 1.5 and
// 2, in one browser session of their own. test_web_browser checks a sample of these cells in
// every build. Prints the table "as a page plays it": the rest pose's softness on the page, and
// our PNG's at the same backing store's size.
#include "crisp_cells.h"

#include <functional>
#include <map>

using namespace iconsynth;

TEST_CASE("What a page plays is crisp at every size and ratio: the seed's snippets at 16 to 48 CSS px and ratios 1, 1.5 and 2",
          "[web][browser][crisp][slow]") {
  const auto dir = test::artifact_dir("web-crisp-matrix");
  const test::CliResult r = test::run_command("bash '" + test::source_path("tests/web/browser_session.sh") + "' '" + std::string(ICONSYNTH_CLI) +
                                                  "' '" + dir.string() + "' all",
                                              test::artifact_dir("web-crisp-matrix-log"));
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  const nlohmann::json results = nlohmann::json::parse(test::read_file(dir / "results" / "results.json"));
  const nlohmann::json& cells = results["crisp"];
  const int sizes[] = {16, 20, 24, 32, 40, 48};
  const double ratios[] = {1, 1.5, 2};
  std::map<std::pair<double, int>, std::map<std::string, test::CrispCell>> table;
  for (double ratio : ratios) {
    for (int size : sizes) {
      for (const char* snippet : {"js", "react"}) {
        char name[64];
        std::snprintf(name, sizeof name, "crisp-%s-%d-%g", snippet, size, ratio);
        INFO(name << ": " << results[std::string(name) + "Errors"].dump());
        REQUIRE(cells.contains(name));
        CHECK(results[std::string(name) + "Errors"].empty());
        table[{ratio, size}][snippet] = test::check_crisp_cell(name, cells[name]);
      }
    }
  }
  const auto print_table = [&](const char* title, const std::function<std::string(const std::map<std::string, test::CrispCell>&)>& cell) {
    std::printf("\n%s\n| ratio |", title);
    for (int size : sizes) std::printf(" %d px |", size);
    std::printf("\n|---|");
    for (std::size_t i = 0; i < std::size(sizes); ++i) std::printf("---|");
    std::printf("\n");
    for (double ratio : ratios) {
      std::printf("| %g |", ratio);
      for (int size : sizes) std::printf(" %s |", cell(table[{ratio, size}]).c_str());
      std::printf("\n");
    }
  };
  char text[128];
  print_table("As a page plays it: the rest pose's softness in the JS / React snippet (our PNG at that backing store's size, and its px)",
              [&](const auto& c) {
                std::snprintf(text, sizeof text, "%.2f / %.2f (%.2f, %d px)", c.at("js").softness, c.at("react").softness, c.at("js").png_softness,
                              c.at("js").px);
                return std::string(text);
              });
  print_table("Every painted frame of the JS and the React page (rest, a light and a strong play): the worst mean against Cairo, frames over 1.0, the worst edge shift",
              [&](const auto& c) {
                const test::CrispCell &js = c.at("js"), &react = c.at("react");
                std::snprintf(text, sizeof text, "%.2f, %zu of %zu, %.2f px", std::max(js.worst.pixels.mean_abs, react.worst.pixels.mean_abs),
                              js.over_mean + react.over_mean, js.compared + react.compared,
                              std::max(js.worst_shift, react.worst_shift));
                return std::string(text);
              });
}
