// Whole builds through the real CLI: a build that fails for any reason (a size past a limit, a
// full disk, a killed process) leaves the previous build byte-identical; the folder is the build's
// own (another spec's build, or a stranger file, is refused unless --force, which replaces it
// whole); manifest.json lists exactly the files on disk, with their sha256 recomputed here by
// coreutils' sha256sum.
#include "../tools/cli_support.h"

#include "render/build/manifest.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <map>
#include <thread>

#include <sys/mount.h>
#include <unistd.h>

namespace fs = std::filesystem;
using iconsynth::test::read_file;
using iconsynth::test::run_cli;
using iconsynth::test::scratch_dir;
namespace build = iconsynth::render::build;

namespace {

// Every file under `dir` with its bytes, by relative path.
std::map<std::string, std::string> snapshot(const fs::path& dir) {
  std::map<std::string, std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (e.is_regular_file()) files[fs::relative(e.path(), dir).generic_string()] = read_file(e.path());
  }
  return files;
}

// What sits beside the folder but the folder itself (a staging folder left behind, say).
std::vector<std::string> beside(const fs::path& folder) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(folder.parent_path())) {
    if (e.path() != folder && e.path().filename() != "stdout.txt" && e.path().filename() != "stderr.txt") {
      names.push_back(e.path().filename().string());
    }
  }
  return names;
}

std::string example(const std::string& name) { return std::string(ICONSYNTH_SOURCE_DIR) + "/spec/examples/" + name; }

// The folder's rules hold whatever the spec: hinted only up to 16 px, an icon has raster masters
// of one size instead of ten, which are most of a build's time.
const std::string kFewMasters = " --set hinting.up_to=16";

}  // namespace

TEST_CASE("A build refused for its size leaves the previous build byte-identical", "[build][folder]") {
  const fs::path dir = scratch_dir("build-refused");
  const fs::path out = dir / "out";
  REQUIRE(run_cli("build --size 16 --out " + out.string(), dir).exit_code == 0);
  const auto before = snapshot(out);
  const auto r = run_cli("build --size 1300 --out " + out.string(), dir);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("filmstrips/outline-light-w1.5.png") && Catch::Contains("the largest --size every filmstrip fits at is 1073"));
  CHECK(r.out.empty());  // refused before a single file was made
  CHECK(snapshot(out) == before);
  CHECK(beside(out).empty());
}

TEST_CASE("A folder named with a trailing slash is built and rebuilt like the folder", "[build][folder]") {
  // README's own command is `build --out out/`: the staging folder goes beside out, not into it.
  const fs::path dir = scratch_dir("build-trailing-slash");
  for (const std::string& out : {(dir / "out/").string(), (dir / "out/").string(), (dir / "." / "out//").string()}) {
    INFO("build --out " << out);
    const auto r = run_cli("build --size 16" + kFewMasters + " --out " + out, dir);
    CHECK(r.exit_code == 0);
    CHECK(r.err.empty());
  }
  CHECK(fs::exists(dir / "out" / "manifest.json"));
  CHECK(beside(dir / "out").empty());
}

TEST_CASE("A full disk mid-build leaves the previous build byte-identical and nothing beside it", "[build][folder][io]") {
  const fs::path dir = scratch_dir("build-disk-full");
  const fs::path disk = dir / "disk";
  fs::create_directories(disk);
  // Room for one build at 16 px (about 3,650 KiB in blocks) and part of a second at 32 px (about
  // 3,870 KiB): the second fills the disk part-way.
  if (::mount("tmpfs", disk.c_str(), "tmpfs", 0, "size=4600k") != 0) {
    WARN("cannot mount a small tmpfs here (not root?): the disk-full case is not exercised");
    return;
  }
  struct Unmount {
    fs::path disk;
    ~Unmount() { ::umount(disk.c_str()); }
  } unmount{disk};
  const fs::path out = disk / "out";
  const auto first = run_cli("build --size 16 --out " + out.string(), dir);
  INFO(first.err);
  REQUIRE(first.exit_code == 0);
  const auto before = snapshot(out);
  const auto second = run_cli("build --size 32 --out " + out.string(), dir);
  const auto after = snapshot(out);
  const auto left = beside(out);
  INFO(second.err);
  CHECK(second.exit_code == 1);
  CHECK_THAT(second.err, Catch::Contains("No space left on device") && Catch::Contains(out.string()));
  CHECK(second.out.find(" 1/504]") != std::string::npos);  // it really did stop part-way
  CHECK(second.out.find("[504/504]") == std::string::npos);
  CHECK(after == before);
  CHECK(left.empty());
}

TEST_CASE("A killed build leaves the previous build, and the next build clears what it left", "[build][folder]") {
  const fs::path dir = scratch_dir("build-killed");
  const fs::path out = dir / "out";
  REQUIRE(run_cli("build --size 16" + kFewMasters + " --out " + out.string(), dir).exit_code == 0);
  const auto before = snapshot(out);
  // A slow build (filmstrips of 512 px frames), killed once its staging folder holds a few files.
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    ::execl(ICONSYNTH_CLI, ICONSYNTH_CLI, "build", "--size", "512", "--out", out.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  const auto staged_files = [&] {
    std::size_t n = 0;
    for (const std::string& name : beside(out)) {
      std::error_code ec;
      for (auto it = fs::recursive_directory_iterator(out.parent_path() / name, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        n += it->is_regular_file();
      }
    }
    return n;
  };
  const auto start = std::chrono::steady_clock::now();
  while (staged_files() < 3 && std::chrono::steady_clock::now() - start < std::chrono::seconds(60)) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ::kill(child, SIGKILL);
  int status = 0;
  ::waitpid(child, &status, 0);
  REQUIRE(WIFSIGNALED(status));
  CHECK(snapshot(out) == before);
  CHECK(beside(out).size() == 1);  // the staging folder, left by the killed build
  REQUIRE(run_cli("build --size 16" + kFewMasters + " --out " + out.string(), dir).exit_code == 0);
  CHECK(beside(out).empty());
  CHECK(snapshot(out) == before);  // the same build again: the same bytes
}

TEST_CASE("The folder is the build's own: another spec is refused, --force replaces it whole", "[build][folder]") {
  const fs::path dir = scratch_dir("build-owner");
  const fs::path out = dir / "out";
  REQUIRE(run_cli("build --size 16" + kFewMasters + " --out " + out.string(), dir).exit_code == 0);
  const auto before = snapshot(out);

  auto r = run_cli("build --size 16 --spec " + example("ring-6.json") + " --out " + out.string(), dir);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("holds the build of gpu-cluster, not of gpu-cluster-6") && Catch::Contains("--force"));
  CHECK(snapshot(out) == before);

  r = run_cli("build --size 16 --force --spec " + example("ring-6.json") + kFewMasters + " --out " + out.string(), dir);
  REQUIRE(r.exit_code == 0);
  const build::Manifest manifest = build::read_manifest(out);
  CHECK(manifest.spec_id == "gpu-cluster-6");
  const auto after = snapshot(out);
  CHECK(after.count("gpu-cluster-6.lottie") == 1);
  CHECK(after.count("gpu-cluster.lottie") == 0);  // no stale file of the previous build
  CHECK(after.size() == manifest.files.size() + 1);

  // The same spec with a tweak replaces its own build without --force; a file of someone else's is refused.
  REQUIRE(run_cli("build --size 16 --spec " + example("ring-6.json") + kFewMasters + " --set motions.light.tail=8 --out " + out.string(), dir)
              .exit_code == 0);
  std::ofstream(out / "svg" / "notes.txt") << "mine";
  r = run_cli("build --size 16 --spec " + example("ring-6.json") + " --out " + out.string(), dir);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("holds svg/notes.txt, which its build did not write"));
  CHECK(read_file(out / "svg" / "notes.txt") == "mine");
}

TEST_CASE("A folder build did not make is refused, an empty or missing one is fine, the current folder never", "[build][folder]") {
  const fs::path dir = scratch_dir("build-stranger");
  fs::create_directories(dir / "mine");
  std::ofstream(dir / "mine" / "thesis.tex") << "years of work";
  auto r = run_cli("build --size 16 --out " + (dir / "mine").string(), dir);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("holds files no build wrote") && Catch::Contains("manifest.json"));
  CHECK(read_file(dir / "mine" / "thesis.tex") == "years of work");
  // With --force the folder is replaced, but never one that holds the current folder.
  r = run_cli("build --size 16 --force --out .", dir, "cd '" + (dir / "mine").string() + "' &&");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("holds the current folder"));
  fs::create_directories(dir / "empty");
  CHECK(run_cli("build --size 16" + kFewMasters + " --out " + (dir / "empty").string(), dir).exit_code == 0);
  CHECK(run_cli("build --size 16" + kFewMasters + " --out " + (dir / "new" / "deeper").string(), dir).exit_code == 0);
  CHECK(fs::exists(dir / "new" / "deeper" / "manifest.json"));
}

TEST_CASE("manifest.json lists exactly the files on disk, each with its bytes and sha256", "[build][manifest]") {
  const fs::path dir = scratch_dir("build-manifest");
  const fs::path out = dir / "out";
  REQUIRE(run_cli("build --size 24 --theme light --color '#E5484D' --out " + out.string(), dir).exit_code == 0);
  const build::Manifest m = build::read_manifest(out);
  CHECK(m.spec_id == "gpu-cluster");
  CHECK(m.spec_sha256.size() == 64);
  CHECK(m.theme == "light");
  CHECK(m.color == "#E5484D");
  // sha256sum over every file on disk, manifest.json excepted.
  const std::string listing = (dir / "sums.txt").string();
  REQUIRE(std::system(("cd '" + out.string() + "' && find . -type f ! -name manifest.json -printf '%P\\n' | sort | xargs sha256sum > '" +
                       listing + "'").c_str()) == 0);
  std::map<std::string, std::string> on_disk;
  std::istringstream sums(read_file(listing));
  for (std::string sum, path; sums >> sum >> path;) on_disk[path] = sum;
  std::map<std::string, std::string> listed;
  for (const build::ManifestFile& f : m.files) {
    listed[f.path] = f.sha256;
    INFO(f.path);
    CHECK(f.bytes == fs::file_size(out / f.path));
    // Every file of a variant or of the bundle names its look; the descriptor, the index and the
    // web package's code are the same for every look. A raster master names its style, motion and
    // weight, not a colour: a page composites its coverage in any.
    const bool of_a_look = f.kind != "descriptor" && f.kind != "index" && (f.kind != "web" || f.format == "dotlottie" || f.format == "coverage");
    REQUIRE(f.variant.has_value() == of_a_look);
    if (f.variant && f.kind != "bundle" && f.format != "coverage") CHECK(f.variant->color == "#E5484D");
    if (f.format == "coverage") CHECK_FALSE(f.variant->color.has_value());
  }
  CHECK(listed == on_disk);
  CHECK(on_disk.size() == 504);
  // The files' own words agree: a filmstrip of 90 frames, a static SVG at 24 px.
  const build::ManifestFile* strip = m.find("filmstrips/duotone-strong-w2.png");
  REQUIRE(strip);
  CHECK(strip->frames == 90);
  CHECK(strip->variant->motion == "strong");
  // A raster master: drawn for 32 px at weight 2.5, 90 frames of strong; its rest pose's, one frame.
  for (const auto& [path, frames] : {std::pair{"web/masters/gpu-cluster-32px-w2.5-duotone-strong.webp", 90},
                                     std::pair{"web/masters/gpu-cluster-32px-w2.5-duotone-strong-rest.webp", 1}}) {
    const build::ManifestFile* raster = m.find(path);
    REQUIRE(raster);
    CHECK(raster->size == 32);
    CHECK(raster->frames == frames);
    CHECK(raster->variant->style == "duotone");
    CHECK(raster->variant->motion == "strong");
    CHECK(raster->variant->weight == 2.5);
  }
  const build::ManifestFile* rest = m.find("svg/solid-w1.5.svg");
  REQUIRE(rest);
  CHECK(rest->size == 24);
  CHECK_FALSE(rest->variant->motion.has_value());
  CHECK(m.find("png/48/outline-w2.png")->size == 48);
  REQUIRE(m.of_kind("bundle").size() == 1);
  CHECK(m.of_kind("bundle").front()->path == "gpu-cluster.lottie");
  CHECK(m.of_kind("lottie").size() == 18);
  CHECK_THAT(read_file(out / "index.html"), Catch::Contains("<img src=\"svg/solid-w1.5.svg\"") && Catch::Contains("gpu-cluster.lottie"));
}

TEST_CASE("The colour and theme asked for reach every output that has a colour, the bundle included", "[build][look]") {
  const fs::path dir = scratch_dir("build-look");
  const fs::path out = dir / "out";
  const auto r = run_cli("build --size 16 --theme light --color '#E5484D' --out " + out.string(), dir);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, !Catch::Contains("note:"));
  CHECK_THAT(read_file(out / "lottie" / "outline-light-w2.json"), Catch::Contains("[0.898,0.2824,0.302]"));
  REQUIRE(std::system(("cd '" + dir.string() + "' && unzip -o -q out/gpu-cluster.lottie -d bundle").c_str()) == 0);
  CHECK_THAT(read_file(dir / "bundle" / "a" / "solid-strong.json"), Catch::Contains("[0.898,0.2824,0.302]"));
  CHECK(read_file(dir / "bundle" / "manifest.json").find("initialTheme") == std::string::npos);
  CHECK_THAT(read_file(out / "svg" / "outline-w2.svg"), Catch::Contains(":root{color:#E5484D}"));
  CHECK_THAT(read_file(out / "animated-svg" / "duotone-light-w2.svg"), Catch::Contains("#FFFFFF"));  // the light theme's backdrop in the tone's mix
  // The web package's descriptor (and the one beside the bundle) start in that look: a page that
  // names no colour or theme shows the build's, one that names a theme gets the theme's own.
  for (const fs::path& module : {out / "gpu-cluster.mjs", out / "web" / "gpu-cluster.mjs"}) {
    const std::string script = "const { default: icon } = await import(process.argv[1]);"
                               "const s = (look) => icon.slots(look).primary.p.k.map((v) => Math.round(v * 255)).join(',');"
                               "console.log(icon.defaults.theme, s(), s({ theme: 'dark' }), s({ color: '#00FF00' }));";
    const auto node = iconsynth::test::run_command("node --input-type=module -e \"" + script + "\" '" + module.string() + "'", dir);
    INFO(module << ": " << node.err);
    CHECK(node.out == "light 229,72,77 255,255,255 0,255,0\n");
  }
}
