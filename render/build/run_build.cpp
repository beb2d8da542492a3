#include "render/build/run_build.h"

#include "render/build/staging.h"
#include "render/golden/sha256.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace iconsynth::render::build {

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) { return std::chrono::duration<double, std::milli>(Clock::now() - start).count(); }

// What making one file came to.
struct Outcome {
  bool done = false;
  bool skipped = false;  // after another file's failure
  std::size_t bytes = 0;
  std::string sha256;
  double ms = 0;
  std::exception_ptr error;
};

// Makes every planned file into `staging` on two threads, taking the next file in plan order as
// each finishes, while this thread reports them in plan order (the same lines every run) and
// rethrows the first failure in that order; after a failure the rest are skipped.
std::vector<Outcome> make_files(const BuildPlan& plan, const StagingFolder& staging, const std::function<void(const FileDone&)>& progress) {
  const std::vector<PlannedFile>& files = plan.files;
  std::vector<Outcome> outcomes(files.size());
  std::mutex mutex;
  std::condition_variable finished;
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  const auto work = [&] {
    for (std::size_t i; (i = next++) < files.size();) {
      Outcome outcome;
      const auto start = Clock::now();
      outcome.skipped = failed;
      if (!outcome.skipped) {
        try {
          const std::string bytes = files[i].make();
          staging.write(files[i].path, bytes);
          outcome.bytes = bytes.size();
          outcome.sha256 = golden::sha256_hex(bytes);
        } catch (...) {
          outcome.error = std::current_exception();
          failed = true;
        }
      }
      outcome.ms = ms_since(start);
      outcome.done = true;
      {
        const std::lock_guard lock(mutex);
        outcomes[i] = std::move(outcome);
      }
      finished.notify_all();
    }
  };
  std::exception_ptr error;
  {
    const std::jthread first(work), second(work);
    for (std::size_t i = 0; i < files.size() && !error; ++i) {
      std::unique_lock lock(mutex);
      finished.wait(lock, [&] { return outcomes[i].done; });
      error = outcomes[i].error;
      if (!error && !outcomes[i].skipped && progress) {
        const Outcome o = outcomes[i];
        lock.unlock();
        progress({i, files.size(), files[i], o.bytes, o.ms});
      }
    }
  }  // both threads joined: after a failure they only mark what is left
  if (error) std::rethrow_exception(error);
  for (const Outcome& o : outcomes) {
    if (o.skipped) throw std::logic_error("a file was skipped, but no file failed");
  }
  return outcomes;
}

}  // namespace

std::string spec_sha256(const spec::IconSpec& spec) { return golden::sha256_hex(spec.source.dump()); }

BuildResult run_build(const spec::IconSpec& spec, const BuildRequest& request, const std::filesystem::path& out,
                      const BuildSettings& settings, const std::function<void(const FileDone&)>& progress) {
  const auto start = Clock::now();
  const BuildPlan plan = plan_build(spec, request);
  if (const std::string refusal = replace_refusal(out, spec.id, settings.force, settings.spec_file); !refusal.empty()) {
    throw std::invalid_argument("--out " + refusal);
  }
  StagingFolder staging(out);
  const std::vector<Outcome> outcomes = make_files(plan, staging, progress);

  BuildResult result;
  Manifest& m = result.manifest;
  m.generator = request.generator;
  m.spec_id = spec.id;
  m.spec_sha256 = spec_sha256(spec);
  m.size = request.size;
  m.theme = request.theme.empty() ? spec.default_theme : request.theme;
  if (request.color) m.color = spec::to_hex(*request.color);
  for (std::size_t i = 0; i < plan.files.size(); ++i) {
    const PlannedFile& f = plan.files[i];
    m.files.push_back({f.path, f.kind, f.format, f.variant, f.size, f.frames, outcomes[i].bytes, outcomes[i].sha256, f.pixel_grid});
    result.bytes += outcomes[i].bytes;
  }
  const std::string manifest_text = to_json(m).dump(1) + "\n";
  staging.write(kManifestName, manifest_text);
  result.bytes += manifest_text.size();
  result.notes = plan.notes;
  if (const std::string left = staging.commit(); !left.empty()) result.notes.push_back(left);
  result.seconds = ms_since(start) / 1000;
  return result;
}

}  // namespace iconsynth::render::build
