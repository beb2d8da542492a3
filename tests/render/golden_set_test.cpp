// A golden set that cannot rot: its manifest lists every file with its sha256, so a file deleted,
// added or altered fails the check by name; and part of a set can be accepted, the rest left byte
// for byte.
#include "golden_support.h"

#include "render/cairo/surface.h"
#include "render/golden/sha256.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <map>
#include <set>

namespace fs = std::filesystem;
using iconsynth::test::read_file;
using iconsynth::test::run_cli;

namespace {

using iconsynth::test::copy_of_golden;
using iconsynth::test::differing;
using iconsynth::test::files_of;

const std::string kSwellChange = "--set motions.strong.timeline.sequence.1.exchange.swell.scale=1.224";

std::set<std::string> variants_failing(const nlohmann::json& summary) {
  std::set<std::string> out;
  for (const auto& v : summary["variants"]) {
    if (!v["passed"].get<bool>()) out.insert(v["id"]);
  }
  return out;
}

}  // namespace

TEST_CASE("A golden set with a file deleted, added or altered fails the check, naming the file", "[golden]") {
  struct Damage {
    std::string file, problem;
    void (*apply)(const fs::path& file);
  };
  const Damage damages[] = {
      {"png/solid-light-dark-w2.png", "missing", [](const fs::path& f) { fs::remove(f); }},
      {"png/stray.png", "extra", [](const fs::path& f) { fs::copy_file(f.parent_path() / "solid-light-dark-w2.png", f); }},
      {"lottie/outline-strong-dark-w1.5.json", "altered",
       [](const fs::path& f) {
         std::string bytes = read_file(f);
         bytes[bytes.size() / 2] ^= 1;  // one byte, one bit
         std::ofstream(f, std::ios::binary) << bytes;
       }},
  };
  for (const Damage& d : damages) {
    INFO(d.problem << " " << d.file);
    const fs::path work = copy_of_golden("golden-damaged-" + d.problem);
    d.apply(work / "set" / d.file);
    const auto r = run_cli("golden check --dir " + (work / "set").string() + " --report " + (work / "report").string(), work);
    CHECK(r.exit_code == 1);
    CHECK(r.out.find("set file " + d.problem + " " + d.file) != std::string::npos);
    const auto summary = nlohmann::json::parse(read_file(work / "report" / "summary.json"));
    CHECK(summary["passed"] == false);
    CHECK(summary["set_files"] == nlohmann::json::parse(R"([{"file":")" + d.file + R"(","problem":")" + d.problem + R"("}])"));
    CHECK(variants_failing(summary).empty());  // every frame and export still matches: only the file is wrong
  }
}

TEST_CASE("golden update --only changes only the named variant's files, and says so", "[golden]") {
  const fs::path work = copy_of_golden("golden-only");
  const fs::path set = work / "set";
  const auto before = files_of(set);
  const auto r = run_cli("golden update --dir " + set.string() + " --only outline-strong-w2 " + kSwellChange, work);
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  // The build id names both themes of the variant; nothing else is touched.
  CHECK(differing(before, files_of(set)) == std::set<std::string>{"golden.json", "png/outline-strong-light-w2.png",
                                                                   "png/outline-strong-dark-w2.png", "lottie/outline-strong-light-w2.json",
                                                                   "lottie/outline-strong-dark-w2.json"});
  CHECK(r.out.find("  changed png/outline-strong-dark-w2.png\n") != std::string::npos);
  CHECK(r.out.find("5 files changed, 0 added, 0 removed, 69 as they were") != std::string::npos);

  // Checked with the same change, the accepted variants pass and the other strong ones still fail.
  const auto check = run_cli("golden check --dir " + set.string() + " --json " + kSwellChange, work);
  CHECK(check.exit_code == 1);
  const auto summary = nlohmann::json::parse(check.out);
  std::set<std::string> expected;
  for (const char* style : {"outline", "solid", "duotone"}) {
    for (const char* theme : {"light", "dark"}) {
      for (const char* weight : {"1.5", "2", "2.5"}) expected.insert(std::string(style) + "-strong-" + theme + "-w" + weight);
    }
  }
  expected.erase("outline-strong-light-w2");
  expected.erase("outline-strong-dark-w2");
  CHECK(variants_failing(summary) == expected);
  CHECK(summary["bundle"]["exact"] == false);  // not named, not accepted
  CHECK(summary["set_files"].empty());

  // The bundle is accepted by its file name, alone.
  const auto before_bundle = files_of(set);
  REQUIRE(run_cli("golden update --dir " + set.string() + " --only gpu-cluster.lottie " + kSwellChange, work).exit_code == 0);
  CHECK(differing(before_bundle, files_of(set)) == std::set<std::string>{"golden.json", "gpu-cluster.lottie"});

  // A selector that names nothing is refused, and nothing is written.
  const auto after = files_of(set);
  const auto bad = run_cli("golden update --dir " + set.string() + " --only outline-strong-w9", work);
  CHECK(bad.exit_code == 2);
  CHECK_THAT(bad.err, Catch::Contains("--only outline-strong-w9: no such variant"));
  CHECK(differing(after, files_of(set)).empty());
}

TEST_CASE("golden update --changed accepts what a check finds changed, and repairs damaged files", "[golden]") {
  const fs::path work = copy_of_golden("golden-changed");
  const fs::path set = work / "set";
  fs::remove(set / "png" / "solid-light-dark-w2.png");
  std::ofstream(set / "png" / "stray.png") << "not a golden image";
  const auto before = files_of(set);
  const auto r = run_cli("golden update --dir " + set.string() + " --changed " + kSwellChange, work);
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  std::set<std::string> expected{"golden.json", "gpu-cluster.lottie", "png/solid-light-dark-w2.png", "png/stray.png"};
  for (const auto& [file, bytes] : before) {
    if (file.find("-strong-") != std::string::npos && file != "png/stray.png") expected.insert(file);
  }
  CHECK(differing(before, files_of(set)) == expected);  // 18 strong variants × 2 files, the bundle, the repairs
  CHECK(r.out.find("  added png/solid-light-dark-w2.png\n") != std::string::npos);
  CHECK(r.out.find("  removed png/stray.png\n") != std::string::npos);
  CHECK(run_cli("golden check --dir " + set.string() + " " + kSwellChange, work).exit_code == 0);
  // Nothing changed since: a second update writes nothing.
  const auto again = run_cli("golden update --dir " + set.string() + " --changed " + kSwellChange, work);
  CHECK(again.out.find("0 files changed, 0 added, 0 removed") != std::string::npos);
}

TEST_CASE("A full golden update of an unchanged tree rewrites nothing, and a partial one keeps the set's size", "[golden]") {
  const fs::path work = copy_of_golden("golden-full");
  const fs::path set = work / "set";
  const auto before = files_of(set);
  const auto r = run_cli("golden update --dir " + set.string(), work);
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("0 files changed, 0 added, 0 removed, 74 as they were") != std::string::npos);
  CHECK(differing(before, files_of(set)).empty());
  const auto sized = run_cli("golden update --dir " + set.string() + " --changed --size 64", work);
  CHECK(sized.exit_code == 2);
  CHECK_THAT(sized.err, Catch::Contains("--size: a partial update keeps the set's own"));
}

TEST_CASE("A hostile golden.json is refused naming what is wrong, and nothing is written", "[golden]") {
  using nlohmann::json;
  const json good = json::parse(read_file(iconsynth::test::golden_dir() / "golden.json"));
  struct Case {
    std::string name, message;
    void (*edit)(json& m);
  };
  const Case cases[] = {
      {"format 3", "unsupported format 3", [](json& m) { m["format"] = 3; }},
      {"format as text", "unsupported format \"2\"", [](json& m) { m["format"] = "2"; }},
      {"renderer out of range", "names renderer 7 of 1", [](json& m) { m["variants"][0]["frames"][0]["accepted"][0]["renderer"] = 7; }},
      {"sheet out of range", "names sheet -1 of 1", [](json& m) { m["variants"][0]["frames"][0]["accepted"][0]["sheet"] = -1; }},
      {"two images in one sheet", "has two images in sheet 0",
       [](json& m) { m["variants"][0]["frames"][0]["accepted"].push_back(m["variants"][0]["frames"][0]["accepted"][0]); }},
      {"no accepted image", "has no accepted image", [](json& m) { m["variants"][0]["frames"][0]["accepted"] = json::array(); }},
      {"absurd frame", "frame 100000000 is outside 0-3600", [](json& m) { m["variants"][0]["frames"][0]["frame"] = 100000000; }},
      {"sheet too wide", "make a sheet wider than 32767 px", [](json& m) {
         m["size"] = 4096;
       }},
      {"escaping id", "is not a plain file name", [](json& m) { m["variants"][0]["style"] = "../../x"; }},
      {"no spec", "golden manifest is malformed", [](json& m) { m.erase("spec"); }},
      {"size zero", "size 0 is outside 8-4096", [](json& m) { m["size"] = 0; }},
  };
  const fs::path work = iconsynth::test::scratch_dir("golden-hostile");
  for (const Case& c : cases) {
    INFO(c.name);
    const fs::path set = work / "set";
    fs::remove_all(set);
    fs::create_directories(set);
    json m = good;
    c.edit(m);
    std::ofstream(set / "golden.json") << m.dump();
    const auto before = files_of(set);
    for (const std::string& command : {"golden check --report " + (work / "report").string(), std::string("golden update --changed")}) {
      const auto r = run_cli(command + " --dir " + set.string(), work);
      CHECK(r.exit_code == 2);
      CHECK_THAT(r.err, Catch::Contains(c.message));
      CHECK_FALSE(fs::exists(work / "report"));
      CHECK(differing(before, files_of(set)).empty());
    }
  }
}

TEST_CASE("A sheet its manifest vouches for but that lacks cells is drawn whole again when an update rewrites it", "[golden]") {
  const fs::path work = copy_of_golden("golden-short-sheet");
  const fs::path set = work / "set";
  const std::string id = "outline-strong-dark-w2";
  // The sheet cut to its first five cells, and the manifest made to agree with it.
  const auto sheet = iconsynth::render::decode_png(read_file(set / "png" / (id + ".png")));
  const iconsynth::render::ImageView v = sheet.view();
  std::vector<std::uint32_t> cut;
  for (int y = 0; y < 48; ++y) {
    const auto* row = reinterpret_cast<const std::uint32_t*>(v.data + static_cast<std::ptrdiff_t>(y) * v.stride);
    cut.insert(cut.end(), row, row + 5 * 48);
  }
  const std::string bytes = iconsynth::render::image_from_pixels(cut.data(), 5 * 48, 48).png_bytes();
  std::ofstream(set / "png" / (id + ".png"), std::ios::binary) << bytes;
  nlohmann::json m = nlohmann::json::parse(read_file(set / "golden.json"));
  for (auto& variant : m["variants"]) {
    if (variant["id"] == id) variant["sheets"][0]["sha256"] = iconsynth::render::golden::sha256_hex(bytes);
  }
  std::ofstream(set / "golden.json") << m.dump(2);

  const auto r = run_cli("golden update --dir " + set.string() + " --only " + id + " " + kSwellChange, work);
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  const auto redrawn = iconsynth::render::decode_png(read_file(set / "png" / (id + ".png")));
  CHECK(redrawn.width() == 20 * 48);  // every key frame's cell
  const auto check = run_cli("golden check --dir " + set.string() + " --json " + kSwellChange, work);
  const auto summary = nlohmann::json::parse(check.out);
  for (const auto& variant : summary["variants"]) {
    if (variant["id"] == id) CHECK(variant["passed"] == true);
  }
}
