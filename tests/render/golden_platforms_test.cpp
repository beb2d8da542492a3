// One golden set for every platform: a frame may have several accepted images, each labelled
// with what rendered it; a rendering passes when it matches any of them exactly, or is within
// tolerance of the one made with its own libraries; `--add` adds, never replaces. Sets of the
// first format (one image a frame, no spec) still check, and an update rewrites only their manifest.
#include "golden_support.h"

#include "render/cairo/surface.h"
#include "render/golden/failures.h"
#include "render/golden/golden_accept.h"
#include "render/golden/golden_report.h"
#include "render/golden/sha256.h"
#include "spec/loader.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>

using namespace iconsynth;
using namespace iconsynth::render::golden;
namespace fs = std::filesystem;

namespace {

// The built-in spec with one preset weight: 12 variants, a set made in a moment.
const spec::IconSpec& small_spec() {
  static const spec::IconSpec spec = spec::load_spec_with_overrides({}, {"stroke.presets=[2]"});
  return spec;
}

const Renderer kHere = current_renderer(ICONSYNTH_VERSION);
// Another platform: what its Cairo and pixman draw is simulated by drawing half a pixel off.
const Renderer kThere{ICONSYNTH_VERSION, "1.18.0", "0.44.0"};
const Eigen::Vector2d kThereOffset = Eigen::Vector2d::Constant(0.5);

CheckReport check(const fs::path& dir, const Renderer& renderer, double offset) {
  CheckOptions options;
  options.renderer = renderer;
  options.offset_px = Eigen::Vector2d::Constant(offset);
  return check_golden_set(small_spec(), dir, options);
}

GoldenUpdate update(const fs::path& dir, const Renderer& renderer, const Eigen::Vector2d& offset, bool add) {
  UpdateOptions options;
  options.renderer = renderer;
  options.offset_px = offset;
  options.add = add;
  GoldenUpdate u = plan_update(small_spec(), dir, options);
  apply_update(u);
  return u;
}

int count(const CheckReport& r, FrameCheck::Status status) {
  int n = 0;
  for (const VariantCheck& v : r.variants) n += v.count(status);
  return n;
}

int key_frames(const CheckReport& r) {
  int n = 0;
  for (const VariantCheck& v : r.variants) n += static_cast<int>(v.frames.size());
  return n;
}

// How many frames the summary says matched an image of that label.
int matched_by(const CheckReport& r, const Renderer& renderer) {
  int n = 0;
  const nlohmann::json summary = summary_json(r);
  for (const auto& v : summary["variants"]) {
    for (const auto& f : v["frames"]) n += f.value("accepted_by", "") == renderer.label();
  }
  return n;
}

}  // namespace

TEST_CASE("A frame with two accepted images passes either rendering, and a third fails naming the frame and both labels", "[golden]") {
  const fs::path dir = test::scratch_dir("golden-platforms") / "set";
  update(dir, kHere, Eigen::Vector2d::Zero(), false);
  const auto made_here = test::files_of(dir);
  // The other platform's rendering fails against the images made here.
  CHECK_FALSE(check(dir, kThere, 0.5).passed());

  // Added there, beside them: a second sheet a variant, the first sheets untouched.
  const GoldenUpdate added = update(dir, kThere, kThereOffset, true);
  CHECK(added.frames.added > 0);
  CHECK(added.frames.rewritten == 0);
  for (const std::string& file : test::differing(made_here, test::files_of(dir))) {
    INFO(file);
    CHECK((file == "golden.json" || file.ends_with(".alt1.png")));
  }
  CHECK(added.set.renderers == std::vector<Renderer>{kHere, kThere});

  // Either rendering passes, exactly; a rendering of these libraries a 64th of a pixel off passes
  // within the tolerance of the images made with them.
  const CheckReport here = check(dir, kHere, 0);
  CHECK(here.passed());
  CHECK(count(here, FrameCheck::Status::Exact) == key_frames(here));
  CHECK(matched_by(here, kHere) == key_frames(here));
  const CheckReport there = check(dir, kThere, 0.5);
  CHECK(there.passed());
  CHECK(count(there, FrameCheck::Status::Exact) >= added.frames.added);
  CHECK(matched_by(there, kThere) == added.frames.added);  // each added image is the one its frame matched
  const CheckReport drift = check(dir, kHere, 1.0 / 64);
  CHECK(drift.passed());
  CHECK(count(drift, FrameCheck::Status::Within) > 0);

  // A third rendering fails, naming the frame and both images' labels.
  const CheckReport third = check(dir, kHere, -0.5);
  REQUIRE_FALSE(third.passed());
  int named = 0;
  for (const VariantCheck& v : third.variants) {
    for (std::size_t i = 0; i < v.frames.size(); ++i) {
      if (v.frames[i].status != FrameCheck::Status::Differs || v.golden.frames[i].accepted.size() != 2) continue;
      const std::string verdict = frame_verdict(v.frames[i], v, third.golden, third.tolerance);
      CHECK_THAT(verdict, Catch::StartsWith("frame " + std::to_string(v.frames[i].frame) + " differs from both accepted images, [" +
                                            kHere.label() + "] and [" + kThere.label() + "]: "));
      ++named;
    }
  }
  CHECK(named > 0);
}

TEST_CASE("golden update --add adds nothing where every frame passes, and refuses another spec", "[golden]") {
  const fs::path work = test::copy_of_golden("golden-add");
  const fs::path set = work / "set";
  const auto before = test::files_of(set);
  const auto same = test::run_cli("golden update --dir " + set.string() + " --add", work);
  INFO(same.out << same.err);
  CHECK(same.exit_code == 0);
  CHECK_THAT(same.out, Catch::Contains("630 kept, 0 kept within tolerance, 0 rewritten, 0 added"));
  CHECK(test::differing(before, test::files_of(set)).empty());
  // A changed spec is not another platform's rendering: it is refused, and nothing is written.
  const auto other = test::run_cli("golden update --dir " + set.string() + " --add --set motions.light.lead=7", work);
  CHECK(other.exit_code == 2);
  CHECK_THAT(other.err, Catch::Contains("--add adds this renderer's images of the same spec, and the spec differs from the set's "
                                        "(motions.light.lead: 6 → 7)"));
  CHECK(test::differing(before, test::files_of(set)).empty());
  const auto mixed = test::run_cli("golden update --dir " + set.string() + " --add --rewrite", work);
  CHECK(mixed.exit_code != 0);
}

TEST_CASE("A set of the first format still checks, and an update rewrites only its manifest", "[golden]") {
  const fs::path dir = test::scratch_dir("golden-format-1") / "set";
  update(dir, kHere, Eigen::Vector2d::Zero(), false);
  // The same set as format 1 wrote it: one image a frame, the set's versions, no spec, no frame rate.
  nlohmann::json m = nlohmann::json::parse(test::read_file(manifest_path(dir)));
  nlohmann::json old = {{"format", 1}, {"icon", m["icon"]}, {"spec_sha256", m["spec_sha256"]}, {"iconsynth", "0.1.0"},
                        {"cairo", m["renderers"][0]["cairo"]}, {"size", m["size"]}, {"geometry", m["geometry"]},
                        {"tolerance", m["tolerance"]}, {"variants", nlohmann::json::array()}, {"bundle_sha256", m["bundle_sha256"]}};
  for (const auto& v : m["variants"]) {
    nlohmann::json frames = nlohmann::json::array();
    for (const auto& f : v["frames"]) frames.push_back({{"frame", f["frame"]}, {"sha256", f["accepted"][0]["sha256"]}});
    old["variants"].push_back({{"id", v["id"]}, {"style", v["style"]}, {"motion", v["motion"]}, {"theme", v["theme"]},
                               {"preset", v["preset"]}, {"weight", v["weight"]}, {"frame_count", v["frame_count"]},
                               {"png_sha256", v["sheets"][0]["sha256"]}, {"frames", frames}, {"lottie_sha256", v["lottie_sha256"]}});
  }
  std::ofstream(manifest_path(dir)) << old.dump(2) << "\n";
  const auto before = test::files_of(dir);

  const CheckReport r = check(dir, kHere, 0);
  CHECK(r.passed());
  CHECK(count(r, FrameCheck::Status::Exact) == key_frames(r));
  CHECK_FALSE(r.spec.known);  // it keeps only the spec's hash
  CHECK(r.spec.same);

  const GoldenUpdate u = update(dir, kHere, Eigen::Vector2d::Zero(), false);
  CHECK(test::differing(before, test::files_of(dir)) == std::set<std::string>{"golden.json"});
  CHECK(u.set.renderers == std::vector<Renderer>{{"0.1.0", kHere.cairo, ""}});  // the images are still the ones it made
  const CheckReport migrated = check(dir, kHere, 0);
  CHECK(migrated.passed());
  CHECK(migrated.spec.known);
  CHECK(nlohmann::json::parse(test::read_file(manifest_path(dir)))["format"] == 2);
}

TEST_CASE("An accepted image its sheet does not hold is dropped when that sheet is drawn again, the frame keeping its other", "[golden]") {
  const fs::path dir = test::scratch_dir("golden-lost-cell") / "set";
  update(dir, kHere, Eigen::Vector2d::Zero(), false);
  update(dir, kThere, kThereOffset, true);
  // The first sheet of one variant cut to its first five cells, its manifest made to agree.
  const std::string id = "outline-strong-dark-w2";
  const fs::path first = dir / "png" / (id + ".png");
  const auto sheet = render::decode_png(test::read_file(first));
  const render::ImageView v = sheet.view();
  std::vector<std::uint32_t> cut;
  for (int y = 0; y < 48; ++y) {
    const auto* row = reinterpret_cast<const std::uint32_t*>(v.data + static_cast<std::ptrdiff_t>(y) * v.stride);
    cut.insert(cut.end(), row, row + 5 * 48);
  }
  const std::string bytes = render::image_from_pixels(cut.data(), 5 * 48, 48).png_bytes();
  std::ofstream(first, std::ios::binary) << bytes;
  nlohmann::json m = nlohmann::json::parse(test::read_file(manifest_path(dir)));
  for (auto& variant : m["variants"]) {
    if (variant["id"] == id) variant["sheets"][0]["sha256"] = sha256_hex(bytes);
  }
  std::ofstream(manifest_path(dir)) << m.dump(2);

  // There, with the swell changed: the frames it moves are rewritten into the first sheet, which is
  // drawn again; the others match their second image exactly, and their first is lost with its cell.
  const spec::IconSpec changed = spec::load_spec_with_overrides({}, {"stroke.presets=[2]", "motions.strong.timeline.sequence.1.exchange.swell.scale=1.224"});
  UpdateOptions options;
  options.renderer = kThere;
  options.offset_px = kThereOffset;
  options.scope = UpdateOptions::Scope::Only;
  options.only = {id};
  apply_update(plan_update(changed, dir, options));
  CheckOptions there;
  there.renderer = kThere;
  there.offset_px = kThereOffset;
  const CheckReport r = check_golden_set(changed, dir, there);
  const auto variant = std::find_if(r.variants.begin(), r.variants.end(), [&](const VariantCheck& c) { return c.golden.id() == id; });
  REQUIRE(variant != r.variants.end());
  CHECK(variant->passed());
  for (std::size_t i = 0; i < variant->golden.frames.size(); ++i) {
    INFO("key frame " << i);
    const auto& accepted = variant->golden.frames[i].accepted;
    REQUIRE_FALSE(accepted.empty());
    // Every image the manifest lists is readable from its sheet now.
    SheetImages sheets(dir, variant->golden, 48);
    for (const AcceptedImage& a : accepted) CHECK(sheets.image(i, static_cast<std::size_t>(a.sheet)).has_value());
  }
  CHECK(render::decode_png(test::read_file(first)).width() == 20 * 48);
}
