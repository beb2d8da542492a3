#include "render/preview/fit_job.h"

#include "render/build/atomic_file.h"
#include "spec/loader.h"
#include "spec/tunable_paths.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <optional>

extern char** environ;

namespace iconsynth::render {

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

// Progress lines kept for the page (a fit says a few dozen).
constexpr std::size_t kKeptLines = 200;

}  // namespace

std::vector<spec::SpecChange> proposed_changes(const spec::Json& base, const spec::Json& fitted) {
  std::vector<spec::SpecChange> out;
  for (const spec::TunablePath& p : spec::tunable_paths(spec::load_spec(base))) {
    // An easing is proposed whole; its handles one by one would say it twice.
    if (p.path.find(".ease.") != std::string::npos) continue;
    try {
      const spec::Json& now = spec::value_at(fitted, p.path);
      if (now != p.value) out.push_back({p.path, now});
    } catch (const spec::SpecError&) {
      // the fitted spec has no such field: nothing to propose there
    }
  }
  return out;
}

FitJob::FitJob(fs::path self, fs::path target, std::function<void(const Json&)> on_change)
    : self_(std::move(self)), target_(std::move(target)), on_change_(std::move(on_change)) {}

FitJob::~FitJob() {
  cancel();
  if (watcher_.joinable()) watcher_.join();
}

bool FitJob::start(const std::string& base, const std::string& free) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (state_ == "running") return false;
  if (watcher_.joinable()) watcher_.join();  // the last fit's, ended
  char folder_template[] = "/tmp/iconsynth-fit-XXXXXX";
  if (!::mkdtemp(folder_template)) throw build::IoError(std::string("cannot make a folder for the fit: ") + std::strerror(errno));
  const fs::path folder = folder_template;
  build::write_file_atomically(folder / "base.json", base);
  std::vector<std::string> args{self_.string(), "fit", target_.string(), "--spec", (folder / "base.json").string(),
                                "-o", (folder / "fitted.json").string()};
  if (!free.empty()) args.insert(args.end(), {"--free", free});
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);

  int err[2];
  if (::pipe2(err, O_CLOEXEC) != 0) throw build::IoError(std::string("cannot start fit: ") + std::strerror(errno));
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, err[1], STDERR_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  // A group of its own, so Cancel stops the players it starts too.
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);
  pid_t child = -1;
  const int failed = ::posix_spawn(&child, self_.c_str(), &actions, &attributes, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  ::close(err[1]);
  if (failed != 0) {
    ::close(err[0]);
    fs::remove_all(folder);
    throw build::IoError(std::string("cannot start fit: ") + std::strerror(failed));
  }
  child_ = child;
  cancelled_ = false;
  state_ = "running", message_.clear(), free_ = free;
  progress_.clear();
  proposals_ = Json::array();
  watcher_ = std::thread([this, fd = err[0], child, folder, base] { watch(fd, child, folder, base); });
  const Json now = status_locked();
  lock.unlock();
  if (on_change_) on_change_(now);
  return true;
}

void FitJob::cancel() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (state_ != "running" || child_ <= 0) return;
  cancelled_ = true;
  ::kill(-child_, SIGTERM);  // the fit and the players it started: its own group
}

void FitJob::watch(int err_fd, pid_t child, fs::path folder, std::string base) {
  std::string pending;
  char chunk[1024];
  for (ssize_t n; (n = ::read(err_fd, chunk, sizeof chunk)) != 0;) {
    if (n < 0) {
      if (errno == EINTR) continue;
      break;
    }
    pending.append(chunk, static_cast<std::size_t>(n));
    for (std::size_t end; (end = pending.find('\n')) != std::string::npos;) {
      std::string line = pending.substr(0, end);
      pending.erase(0, end + 1);
      Json now;
      {
        std::lock_guard<std::mutex> lock(mutex_);
        progress_.push_back(std::move(line));
        if (progress_.size() > kKeptLines) progress_.erase(progress_.begin());
        now = status_locked();
      }
      if (on_change_) on_change_(now);
    }
  }
  ::close(err_fd);
  int wait_status = 0;
  while (::waitpid(child, &wait_status, 0) < 0 && errno == EINTR) {
  }
  bool cancelled;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    cancelled = cancelled_;
    child_ = -1;
  }
  const int code = WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : -1;
  const std::optional<std::string> fitted = build::read_whole_file(folder / "fitted.json");
  fs::remove_all(folder);
  if (cancelled) return finish("cancelled", "cancelled", {}, base);
  // fit exits 1 when no spec matches the target, and still writes the nearest it found.
  if ((code == 0 || code == 1) && fitted) {
    try {
      return finish("done", code == 0 ? "a spec matches the target" : "no spec of this icon matches the target; the nearest found",
                    proposed_changes(spec::parse_spec_json(base), spec::parse_spec_json(*fitted)), base);
    } catch (const std::exception& e) {
      return finish("failed", std::string("the fitted spec cannot be read: ") + e.what(), {}, base);
    }
  }
  std::string last;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!progress_.empty()) last = progress_.back();
  }
  finish("failed", "fit ended with exit code " + std::to_string(code) + (last.empty() ? "" : ": " + last), {}, base);
}

void FitJob::finish(const std::string& state, const std::string& message, std::vector<spec::SpecChange> proposals, const std::string& base) {
  const spec::Json document = spec::parse_spec_json(base);
  Json now;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    state_ = state, message_ = message;
    proposals_ = Json::array();
    for (const spec::SpecChange& c : proposals) {
      proposals_.push_back({{"path", c.path}, {"value", c.value}, {"was", spec::value_at(document, c.path)}, {"set", spec::set_flag(c)}});
    }
    now = status_locked();
  }
  if (on_change_) on_change_(now);
}

Json FitJob::status() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return status_locked();
}

Json FitJob::status_locked() const {
  return {{"running", state_ == "running"}, {"state", state_},   {"message", message_},
          {"free", free_},                 {"progress", progress_}, {"proposals", proposals_}};
}

}  // namespace iconsynth::render
