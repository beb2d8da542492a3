#pragma once
// A thread of its own that works on the latest value posted, for work nobody waits on (the page
// folder after a save, check's score after an edit): a value posted while it works waits, and a
// newer one replaces it, so it never falls behind by more than one piece of work.

#include "render/preview/background_priority.h"

#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <stop_token>
#include <thread>

namespace iconsynth::render {

template <class T>
class LatestWorker {
 public:
  // `work` runs on the worker's thread, at a lower priority than the caller's; what it throws is
  // its own to report (the worker goes on).
  explicit LatestWorker(std::function<void(const T&)> work)
      : work_(std::move(work)), thread_([this](std::stop_token stop) { run(stop); }) {}
  ~LatestWorker() {
    thread_.request_stop();
    if (thread_.joinable()) thread_.join();
  }
  LatestWorker(const LatestWorker&) = delete;
  LatestWorker& operator=(const LatestWorker&) = delete;

  // Asks for `value` to be worked on next, replacing any value still waiting.
  void post(T value) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      waiting_ = std::move(value);
    }
    changed_.notify_one();
  }

 private:
  void run(std::stop_token stop) {
    lower_thread_priority();
    for (;;) {
      T value;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        if (!changed_.wait(lock, stop, [&] { return waiting_.has_value(); })) return;
        value = std::move(*waiting_);
        waiting_.reset();
      }
      try {
        work_(value);
      } catch (...) {
        // `work` reports its own failures; a stray one must not end the thread
      }
    }
  }

  std::function<void(const T&)> work_;
  std::mutex mutex_;
  std::condition_variable_any changed_;
  std::optional<T> waiting_;
  std::jthread thread_;  // last: started once everything it reads exists
};

}  // namespace iconsynth::render
