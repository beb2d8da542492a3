#include "tools/iconsynth/check_build_folder.h"

#include "tools/iconsynth/commands.h"

#include "render/build/run_build.h"
#include "render/check/build_folder.h"

#include <cstdio>

namespace iconsynth::cli {

namespace fs = std::filesystem;
using namespace render::check;

void check_build_folder(const spec::IconSpec& spec, const fs::path& dir, const CheckOptions& options,
                        const render::lottie::AssetLimits& limits) {
  const render::build::Manifest manifest = render::build::read_manifest(dir);
  std::printf("build of %s in %s (%s): %zu files listed\n", manifest.spec_id.c_str(), dir.c_str(), manifest.generator.c_str(),
              manifest.files.size());
  if (manifest.spec_id != spec.id || manifest.spec_sha256 != render::build::spec_sha256(spec)) {
    std::printf("note: built from another spec than this one (%s, sha256 %s…); its files are compared with this one\n",
                manifest.spec_id.c_str(), manifest.spec_sha256.substr(0, 12).c_str());
  }
  const std::vector<BuildFileProblem> problems = verify_build_files(dir, manifest);
  for (const BuildFileProblem& p : problems) std::printf("%s: %s\n", (dir / p.path).c_str(), p.what.c_str());
  std::printf("files: %zu as listed, %zu not\n", manifest.files.size() - problems.size(), problems.size());

  int compared = 0, differ = 0;
  for (const render::build::ManifestFile* f : playable_files(manifest)) {
    bool damaged = false;
    for (const BuildFileProblem& p : problems) damaged = damaged || p.path == f->path;
    if (damaged) continue;  // already reported; its bytes are not the build's
    CheckResult result;
    try {
      result = check_asset(spec, render::lottie::read_asset(dir / f->path, limits), f->path, options);
    } catch (const render::lottie::AssetError& e) {
      throw std::invalid_argument("cannot play " + (dir / f->path).string() + ": " + e.what());
    }
    int matching = 0;
    for (const AnimationCheck& a : result.animations) matching += a.passed();
    std::printf("%-40s %-12s %2d of %zu animations match\n", f->path.c_str(), result.passed() ? "matches" : "DIFFERS", matching,
                result.animations.size());
    ++compared;
    differ += !result.passed();
  }
  std::printf("build check %s: %zu files damaged or missing; %d of %d bundles and Lottie files differ from the synthesis at %d px\n",
              problems.empty() && differ == 0 ? "passed" : "FAILED", problems.size(), differ, compared, options.size);
  std::fflush(stdout);
  if (!problems.empty() || differ > 0) throw CheckFailed("the build differs from its manifest or from the synthesis");
}

}  // namespace iconsynth::cli
