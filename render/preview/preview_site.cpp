#include "render/preview/preview_site.h"

#include "render/build/atomic_file.h"
#include "render/preview/file_watcher.h"
#include "spec/loader.h"
#include "spec/variant_space.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace iconsynth::render {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using build::IoError;
using build::read_whole_file;
using build::write_file_atomically;

// lottie-web's canvas player is about 200 KB; anything this large is not it.
constexpr std::size_t kMaxPlayerBytes = 16 << 20;

// Rewrites `path` only when its bytes change, so a rebuild touches what it changed and nothing else.
void update_file(const fs::path& path, std::string_view bytes) {
  const std::optional<std::string> current = read_whole_file(path);
  if (!current || *current != bytes) write_file_atomically(path, bytes);
}

void copy_lottie_web(const LottieWebPackage& package, const fs::path& out) {
  const std::pair<fs::path, std::string_view> files[] = {{package.player, kLottieWebPlayer}, {package.license, kLottieWebLicense}};
  for (const auto& [from, to] : files) {
    std::error_code ec;
    const auto size = fs::file_size(from, ec);
    if (!ec && size > kMaxPlayerBytes) throw IoError(from.string() + " is larger than 16 MiB");
    const std::optional<std::string> bytes = read_whole_file(from);
    if (!bytes) throw IoError("cannot read " + from.string());
    update_file(out / to, *bytes);
  }
}

// status.js for a page built in `mode`: watched and served pages hear of later builds.
std::string status_script(PreviewMode mode, std::string_view build, std::string_view error) {
  return preview_status_script(mode != PreviewMode::Static, build, error, mode == PreviewMode::Serve);
}

double elapsed_ms(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

}  // namespace

PreviewBuild write_preview(const PreviewSiteOptions& o, const LottieWebPackage& lottie_web, PreviewMode mode, PreviewCache* cache) {
  return write_preview(spec::load_spec_with_overrides(o.spec_file, o.overrides), o, lottie_web, mode, cache);
}

PreviewPageOptions page_options(const spec::IconSpec& spec, const PreviewSiteOptions& o, const LottieWebPackage& lottie_web) {
  PreviewPageOptions options;
  options.size = o.size;
  options.weight = o.weight.value_or(0);
  if (!o.theme.empty()) options.theme = spec::named_choice("--theme", o.theme, spec::VariantSpace(spec).themes());
  options.generator = o.generator;
  options.lottie_web_version = lottie_web.version;
  return options;
}

PreviewBuild write_preview(const spec::IconSpec& spec, const PreviewSiteOptions& o, const LottieWebPackage& lottie_web, PreviewMode mode,
                           PreviewCache* cache) {
  const PreviewPage page = preview_page(spec, page_options(spec, o, lottie_web), cache);

  const fs::path out(o.out);
  build::ensure_directory(out);
  copy_lottie_web(lottie_web, out);
  for (const render::PageFile& file : page.files) update_file(out / file.path, file.bytes);  // data.js last
  write_file_atomically(out / "status.js", status_script(mode, page.build, ""));
  return {page.build, page.work};
}

void watch_preview(const PreviewSiteOptions& o, const LottieWebPackage& lottie_web, PreviewMode mode,
                   const std::function<bool()>& keep_going, std::FILE* log,
                   const std::function<void(const std::string&)>& on_update) {
  if (o.spec_file.empty()) throw std::invalid_argument("--watch needs --spec FILE: the built-in spec never changes");
  const fs::path out(o.out);
  FileWatcher watcher(o.spec_file);  // before the first build, so no save goes unseen
  PreviewCache cache;
  std::string last_good_build;
  std::optional<std::string> seen;  // the spec bytes the page was last built from
  bool first = true;
  while (keep_going()) {
    const bool saved = first || watcher.wait(o.poll);
    if (!saved) continue;
    const std::optional<std::string> now = read_whole_file(o.spec_file);
    if (!first && now == seen) continue;  // touched, not changed
    first = false;
    seen = now;
    const auto start = Clock::now();
    nlohmann::json update;
    try {
      const PreviewBuild built = write_preview(o, lottie_web, mode, &cache);
      last_good_build = built.build;
      const double ms = elapsed_ms(start);
      update = {{"build", built.build}, {"error", nullptr}, {"ms", std::round(ms)},
                {"framesRendered", built.work.frames_rendered}, {"framesTotal", built.work.frames_total}};
      std::fprintf(log, "preview: built %s from %s in %.0f ms (%d of %d frames drawn)\n", built.build.c_str(),
                   o.spec_file.c_str(), ms, built.work.frames_rendered, built.work.frames_total);
    } catch (const IoError&) {
      throw;  // the output folder is unusable: nothing to keep serving
    } catch (const std::exception& e) {
      // Keep the last good page; tell the page and the console what is wrong.
      write_file_atomically(out / "status.js", status_script(mode, last_good_build, e.what()));
      update = {{"build", last_good_build}, {"error", e.what()}};
      std::fprintf(log, "preview: error: %s (the page keeps build %s)\n", e.what(),
                   last_good_build.empty() ? "none" : last_good_build.c_str());
    }
    std::fflush(log);
    if (on_update) on_update(update.dump());
  }
}

}  // namespace iconsynth::render
