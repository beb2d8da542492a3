// The build's plan, in-process: every file once, named in its format's extension, sized, checked
// against its kind's limits before anything is made; and the table of output formats.
#include "../render/support.h"

#include "render/build/build_plan.h"
#include "render/build/output_format.h"
#include "render/cairo/raster.h"

#include <catch2/catch.hpp>

#include <map>

using namespace iconsynth;
namespace build = render::build;

TEST_CASE("The plan names every file once, in its format's extension, with its kind, size and frames", "[build][plan]") {
  const build::BuildPlan plan = build::plan_build(test::builtin_spec(), {});
  std::map<std::string, int> kinds;
  for (const build::PlannedFile& f : plan.files) {
    INFO(f.path);
    ++kinds[f.kind];
    const build::OutputFormat& format = build::format_named(f.format);
    CHECK(f.path.size() > format.extension.size());
    CHECK(f.path.substr(f.path.size() - format.extension.size()) == format.extension);
    CHECK(static_cast<bool>(f.make));
  }
  CHECK(kinds == std::map<std::string, int>{{"filmstrip", 18}, {"lottie", 18}, {"animated-svg", 18}, {"svg", 9}, {"png", 36},
                                            {"bundle", 1}, {"descriptor", 1}, {"web", 402}, {"index", 1}});
  CHECK(plan.files.back().path == "index.html");
  CHECK(plan.notes.empty());
  // Every kind of the table planned something, in the table's order.
  std::size_t row = 0;
  for (const build::PlannedFile& f : plan.files) {
    while (row < build::output_kinds().size() && build::output_kinds()[row].name != f.kind) ++row;
    CHECK(row < build::output_kinds().size());
  }
}

TEST_CASE("A size past a filmstrip's limits is refused before anything is made, naming the file and the size that works", "[build][plan]") {
  const int largest = build::largest_size(test::builtin_spec());
  // Strong's 90 frames bind: 10 a row, 9 rows, gutters of an eighth (134 px): 12204 x 10997 px at
  // 1073 is under 2^27 pixels, 12214 x 11006 at 1074 is over.
  CHECK(largest == 1073);
  build::BuildRequest request;
  request.size = largest;
  CHECK_NOTHROW(build::plan_build(test::builtin_spec(), request));
  request.size = largest + 1;
  CHECK_THROWS_WITH(build::plan_build(test::builtin_spec(), request),
                    Catch::Contains("filmstrips/outline-strong-w1.5.png") && Catch::Contains("12214x11006 px") &&
                        Catch::Contains("the largest --size every filmstrip fits at is 1073"));
  const auto [width, height] = render::filmstrip_sheet_size(90, largest, 10, render::filmstrip_for_people(largest, {}).gutter);
  CHECK(width == 12204);
  CHECK(height == 10997);
  CHECK(width * height <= render::kMaxSurfacePixels);
}

TEST_CASE("A theme the spec does not name is refused, and a colour and theme reach every file without a note", "[build][plan]") {
  build::BuildRequest request;
  request.theme = "sepia";
  CHECK_THROWS_WITH(build::plan_build(test::builtin_spec(), request), Catch::Contains("--theme sepia: the spec names light, dark"));
  request.theme = "light";
  request.color = spec::Rgba{229, 72, 77, 255};
  const build::BuildPlan plan = build::plan_build(test::builtin_spec(), request);
  CHECK(plan.notes.empty());  // the descriptor takes them as its defaults
  for (const build::PlannedFile& f : plan.files) {
    INFO(f.path);
    // Raster masters hold coverage, which a page composites in any colour and theme.
    if (f.variant && f.format == "coverage") CHECK_FALSE((f.variant->theme || f.variant->color));
    else if (f.variant) CHECK(f.variant->theme == "light");
  }
}

TEST_CASE("Output formats: inferred from the extension, a mismatch refused naming both", "[build][formats]") {
  const std::vector<std::string_view> exports{"lottie", "svg", "dotlottie", "descriptor"};
  CHECK(build::format_for_file("a/icon.svg", "", exports, "-o").name == "svg");
  CHECK(build::format_for_file("icon.LOTTIE", "", exports, "-o").name == "dotlottie");
  CHECK(build::format_for_file("x.json", "lottie", exports, "-o").name == "lottie");
  CHECK_THROWS_WITH(build::format_for_file("x.json", "dotlottie", exports, "-o"),
                    Catch::Contains("-o x.json names Lottie JSON (.json), but --format dotlottie writes a dotLottie bundle (.lottie): name it x.lottie"));
  CHECK_THROWS_WITH(build::format_for_file("x.png", "", exports, "-o"), Catch::Contains("names a PNG image (.png), which this command does not write"));
  CHECK_THROWS_WITH(build::format_for_file("x", "", exports, "-o"), Catch::Contains("has no extension"));
  CHECK_THROWS_AS(build::format_named("jpeg"), std::logic_error);
  CHECK_THROWS_WITH(build::check_folder_name("frames.png/", "--out"), Catch::Contains("named like a PNG image"));
  CHECK_NOTHROW(build::check_folder_name("frames.v2", "--out"));
}
