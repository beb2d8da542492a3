#include "render/cairo/mask_workers.h"

#include <algorithm>
#include <atomic>

namespace iconsynth::render {

std::shared_ptr<CoverageMask> draw_mask(PartRasteriser& rasteriser, MaskJob job) {
  if (job.inside_only) return rasteriser.inside(job.transform, *job.path, job.box, std::move(job.key));
  return rasteriser.rasterise(job.transform, *job.path, job.paint, job.box, std::move(job.key), job.dense);
}

namespace {

// How long an idle worker looks for the next post before it sleeps (waking a thread costs a
// context switch or two, tens of microseconds on a virtual machine: a frame's worth of masks
// at small sizes); what it looks for comes within a frame while a play goes on.
constexpr std::chrono::microseconds kIdleLook{250};

// Whether `done()` comes true before `limit` has passed, looking again and again, yielding the
// core in between (on a busy machine to whoever needs it).
template <class Done>
bool within(std::chrono::nanoseconds limit, Done done) {
  const auto end = std::chrono::steady_clock::now() + limit;
  while (!done()) {
    if (std::chrono::steady_clock::now() >= end) return false;
    std::this_thread::yield();
  }
  return true;
}

// The worker threads no MaskWorkers holds.
std::atomic<int>& free_threads() {
  static std::atomic<int> free(worker_threads_at_most());
  return free;
}

}  // namespace

int worker_threads_at_most() {
  const int cores = static_cast<int>(std::thread::hardware_concurrency());
  return std::clamp(cores - 1, 0, 3);
}

MaskWorkers::MaskWorkers(int size, double px_per_unit, int threads) : size_(size), px_per_unit_(px_per_unit), threads_(0) {
  int free = free_threads().load();
  do {
    threads_ = std::clamp(threads, 0, free);
  } while (!free_threads().compare_exchange_weak(free, free - threads_));
}

MaskWorkers::~MaskWorkers() {
  {
    const std::lock_guard lock(mutex_);
    stop_ = true;
    ++posts_;
  }
  posted_.notify_all();
  for (std::thread& t : workers_) t.join();
  free_threads() += threads_;
}

MaskWorkers::Entry* MaskWorkers::find(const std::vector<std::int64_t>& key, std::uint64_t hash) const {
  for (const auto& e : entries_) {
    if (!e->abandoned && e->job.hash == hash && e->job.key == key) return e.get();
  }
  return nullptr;
}

bool MaskWorkers::posted(const std::vector<std::int64_t>& key, std::uint64_t hash) const {
  const std::lock_guard lock(mutex_);
  return find(key, hash) != nullptr;
}

MaskWorkers::Entry* MaskWorkers::next_posted() {
  Entry* oldest = nullptr;
  for (const auto& e : entries_) {
    if (e->state != Entry::State::Posted) continue;
    if (e->wanted) return e.get();
    if (!oldest) oldest = e.get();
  }
  return oldest;
}

void MaskWorkers::work() {
  PartRasteriser rasteriser(size_, px_per_unit_);
  std::unique_lock lock(mutex_);
  for (;;) {
    if (!stop_ && !next_posted()) {
      // Looks for a while, then sleeps until woken.
      const unsigned seen = posts_;
      lock.unlock();
      within(kIdleLook, [&] { return posts_ != seen; });
      lock.lock();
      if (!stop_ && !next_posted()) {
        ++idle_;
        posted_.wait(lock, [&] { return stop_ || next_posted(); });
        --idle_;
      }
    }
    if (stop_) return;
    Entry* e = next_posted();
    e->state = Entry::State::Drawing;
    MaskJob job = e->job;
    lock.unlock();
    std::shared_ptr<CoverageMask> mask = draw_mask(rasteriser, std::move(job));
    lock.lock();
    // An entry is only removed once drawn, or never begun, or here.
    if (e->abandoned) {
      std::erase_if(entries_, [e](const auto& o) { return o.get() == e; });
      continue;
    }
    e->mask = std::move(mask);
    e->state = Entry::State::Drawn;
    ++drawn_;
  }
}

void MaskWorkers::draw_entry(Entry* e, PartRasteriser& rasteriser, std::unique_lock<std::mutex>& lock) {
  MaskJob job = e->job;
  lock.unlock();
  const auto start = std::chrono::steady_clock::now();
  std::shared_ptr<CoverageMask> mask = draw_mask(rasteriser, std::move(job));
  const auto took = std::chrono::steady_clock::now() - start;
  lock.lock();
  mask_time_ = (mask_time_ * 3 + took) / 4;
  e->mask = std::move(mask);
}

std::vector<std::shared_ptr<CoverageMask>> MaskWorkers::draw(std::vector<MaskJob> jobs, PartRasteriser& own) {
  std::vector<Entry*> wanted(jobs.size());
  std::vector<std::shared_ptr<CoverageMask>> masks(jobs.size());
  std::unique_lock lock(mutex_);
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    Entry* e = find(jobs[i].key, jobs[i].hash);
    if (!e) e = entries_.emplace_back(std::make_unique<Entry>(std::move(jobs[i]))).get();
    e->wanted = true;
    wanted[i] = e;
  }
  while (workers_.size() < std::size_t(threads_)) workers_.emplace_back([this] { work(); });
  ++posts_;
  if (idle_ > 0) posted_.notify_all();
  // This thread draws what no worker has begun, then waits a while for the rest, then draws
  // what is still being drawn.
  for (std::size_t i = 0; i < wanted.size(); ++i) {
    Entry* e = wanted[i];
    if (e->state != Entry::State::Posted) continue;
    e->state = Entry::State::Drawing;
    draw_entry(e, own, lock);
    e->state = Entry::State::Drawn;
  }
  const auto all_drawn = [&] {
    return std::all_of(wanted.begin(), wanted.end(), [](const Entry* e) { return e->state == Entry::State::Drawn; });
  };
  // Meanwhile it draws what is posted ahead, rather than wait idle.
  const auto until = std::chrono::steady_clock::now() + 2 * mask_time_ + std::chrono::microseconds(20);
  while (!all_drawn()) {
    if (Entry* e = next_posted(); e && std::chrono::steady_clock::now() < until) {
      e->state = Entry::State::Drawing;
      draw_entry(e, own, lock);
      e->state = Entry::State::Drawn;
      continue;
    }
    const unsigned seen = drawn_;
    lock.unlock();
    const bool more = within(until - std::chrono::steady_clock::now(), [&] { return drawn_ != seen; });
    lock.lock();
    if (!more) break;
  }
  for (std::size_t i = 0; i < wanted.size(); ++i) {
    Entry* e = wanted[i];
    if (masks[i]) continue;
    if (e->state == Entry::State::Drawn) {
      masks[i] = e->mask;
      continue;
    }
    // Still being drawn by a worker: this thread draws its own copy, the worker's is dropped.
    e->abandoned = true;
    Entry copy(e->job);
    draw_entry(&copy, own, lock);
    masks[i] = std::move(copy.mask);
    for (std::size_t j = i + 1; j < wanted.size(); ++j) {
      if (wanted[j] == e) masks[j] = masks[i];  // the same key wanted twice
    }
  }
  std::erase_if(entries_, [](const auto& e) { return e->wanted && !e->abandoned; });
  return masks;
}

void MaskWorkers::ahead(std::vector<MaskJob> jobs) {
  {
    const std::lock_guard lock(mutex_);
    ++round_;
    std::erase_if(entries_, [&](const auto& e) { return e->state == Entry::State::Posted && e->round + 1 < round_; });
    for (MaskJob& job : jobs) {
      if (find(job.key, job.hash)) continue;
      entries_.push_back(std::make_unique<Entry>(std::move(job)));
      entries_.back()->round = round_;
    }
    while (workers_.size() < std::size_t(threads_)) workers_.emplace_back([this] { work(); });
    ++posts_;
    if (idle_ == 0) return;
  }
  posted_.notify_all();
}

std::vector<std::shared_ptr<CoverageMask>> MaskWorkers::take_drawn() {
  const std::lock_guard lock(mutex_);
  std::vector<std::shared_ptr<CoverageMask>> masks;
  for (const auto& e : entries_) {
    if (e->state == Entry::State::Drawn) masks.push_back(std::move(e->mask));
  }
  std::erase_if(entries_, [](const auto& e) { return e->state == Entry::State::Drawn; });
  return masks;
}

}  // namespace iconsynth::render
