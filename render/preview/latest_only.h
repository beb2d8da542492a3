#pragma once
// Work on a stream of inputs where only the latest matters (a slider dragged at 60 events a
// second): at most one piece of work runs at a time, at most one input waits, and an input that
// arrives while another waits replaces it. Nothing queues behind slow work; the latest value is
// always the next one worked on.

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <utility>

namespace iconsynth::render {

template <class In, class Out>
class LatestOnly {
 public:
  explicit LatestOnly(std::function<Out(const In&)> work) : work_(std::move(work)) {}

  // Works on `input` once nothing is running, unless a newer submit replaces it first: then
  // returns nullopt at once (superseded). Blocks the caller; safe from any number of threads.
  std::optional<Out> submit(In input) {
    std::unique_lock<std::mutex> lock(mutex_);
    const std::uint64_t mine = ++latest_;
    waiting_ = std::move(input);
    changed_.notify_all();  // a waiter it replaced can leave now
    changed_.wait(lock, [&] { return latest_ != mine || !running_; });
    if (latest_ != mine) return std::nullopt;
    running_ = true;
    In taken = std::move(*waiting_);
    waiting_.reset();
    ++started_;
    lock.unlock();
    std::optional<Out> out;
    try {
      out.emplace(work_(taken));
    } catch (...) {
      finish();
      throw;
    }
    finish();
    return out;
  }

  // How many inputs were worked on (for tests and benchmarks).
  std::uint64_t started() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return started_;
  }

 private:
  void finish() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      running_ = false;
    }
    changed_.notify_all();
  }

  std::function<Out(const In&)> work_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::optional<In> waiting_;
  std::uint64_t latest_ = 0;
  std::uint64_t started_ = 0;
  bool running_ = false;
};

}  // namespace iconsynth::render
