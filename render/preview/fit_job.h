#pragma once
// The editor's Fit: `iconsynth fit TARGET --spec BASE -o FITTED` run as a child process of the same
// program, so the page depends only on fit's command-line contract (whatever its engine does
// inside): its progress is the "fit: …" lines it writes to stderr, Cancel kills it (and what it
// started), and its result is the fitted spec, whose values that differ from the base's become
// proposed changes the page accepts or rejects one by one.

#include "spec/spec_document.h"

#include <nlohmann/json.hpp>

#include <sys/types.h>

#include <filesystem>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace iconsynth::render {

class FitJob {
 public:
  // `self`: this program; `target`: what to fit. `on_change` gets the status (status() below)
  // after each line of progress and when the fit ends.
  FitJob(std::filesystem::path self, std::filesystem::path target, std::function<void(const nlohmann::ordered_json&)> on_change);
  ~FitJob();  // cancels a running fit
  FitJob(const FitJob&) = delete;
  FitJob& operator=(const FitJob&) = delete;

  // Fits the spec `base` (its text) to the target, only the parameters under `free` when it is not
  // empty ("motions.light"). False when a fit is running already.
  bool start(const std::string& base, const std::string& free);
  // Stops a running fit; it ends as cancelled.
  void cancel();

  // {"running", "free", "progress": [lines], "state": "idle"|"running"|"done"|"cancelled"|"failed",
  //  "message", "proposals": [{path, value, was, set}]}
  nlohmann::ordered_json status() const;

 private:
  nlohmann::ordered_json status_locked() const;
  void watch(int err_fd, pid_t child, std::filesystem::path folder, std::string base);
  void finish(const std::string& state, const std::string& message, std::vector<spec::SpecChange> proposals,
              const std::string& base);

  std::filesystem::path self_, target_;
  std::function<void(const nlohmann::ordered_json&)> on_change_;
  mutable std::mutex mutex_;
  pid_t child_ = -1;
  bool cancelled_ = false;
  std::string state_ = "idle", message_, free_;
  std::vector<std::string> progress_;
  nlohmann::ordered_json proposals_ = nlohmann::ordered_json::array();
  std::thread watcher_;
};

// The changes that take `base` to `fitted` at `base`'s tunable values (numbers and durations,
// easings whole, colours), in `base`'s order: what a fit proposes.
std::vector<spec::SpecChange> proposed_changes(const spec::Json& base, const spec::Json& fitted);

}  // namespace iconsynth::render
