#pragma once
// Coverage masks drawn on worker threads beside the frame renderer's own: the masks a frame
// needs are shared out between the workers and the caller, and while the caller composites a
// frame the workers draw ahead the masks of the frames likely to come next. Each thread draws
// with its own PartRasteriser, so a mask is the same whichever thread draws it. The workers
// start with the first masks posted and stop with the object; between posts they look for work
// a while before they sleep, and the caller, waiting for a worker, draws what is posted ahead
// (handing work over by waking threads costs more, on a virtual machine, than a small mask).

#include "render/cairo/coverage_mask.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace iconsynth::render {

// One mask to draw: what PartRasteriser needs for it.
struct MaskJob {
  geometry::Affine transform;
  const std::vector<cairo_path_data_t>* path;  // outlives the job
  Paint paint;
  PixelBox box;
  std::vector<std::int64_t> key;
  std::uint64_t hash;
  bool inside_only;  // PartRasteriser::inside rather than rasterise
  bool dense = false;  // kept byte for byte (CoverageMask::Dense) rather than as runs
};

// Draws `job` with `rasteriser`.
std::shared_ptr<CoverageMask> draw_mask(PartRasteriser& rasteriser, MaskJob job);

// Worker threads the process runs at most, across every renderer: one fewer than the machine's
// cores, at most three (the callers' own threads use the rest).
int worker_threads_at_most();

class MaskWorkers {
 public:
  // Up to `threads` workers for a size × size canvas, as many as the process has left of
  // worker_threads_at_most() (none: the caller draws every mask).
  MaskWorkers(int size, double px_per_unit, int threads);
  ~MaskWorkers();
  MaskWorkers(const MaskWorkers&) = delete;
  // The workers it got.
  int threads() const { return threads_; }
  MaskWorkers& operator=(const MaskWorkers&) = delete;

  // The masks of `jobs`, in order: those posted ahead are taken as
  // the workers drew them, the rest shared out between the workers and this thread, which draws
  // with `own`. This thread waits for a mask a worker is drawing only about as long as it takes
  // itself to draw one, then draws it too: on a busy machine a worker may not run for a while.
  std::vector<std::shared_ptr<CoverageMask>> draw(std::vector<MaskJob> jobs, PartRasteriser& own);
  // Posts `jobs` for the workers to draw ahead; what was posted ahead before the last call and is
  // not begun is dropped (a frame drawn since did not want it).
  void ahead(std::vector<MaskJob> jobs);
  // Whether a mask of key `key` (hash `hash`) is posted, being drawn or drawn and not taken.
  bool posted(const std::vector<std::int64_t>& key, std::uint64_t hash) const;
  // The masks drawn ahead and not taken, handed over; the workers keep nothing.
  std::vector<std::shared_ptr<CoverageMask>> take_drawn();

 private:
  struct Entry {
    explicit Entry(MaskJob j) : job(std::move(j)) {}
    MaskJob job;
    enum class State { Posted, Drawing, Drawn } state = State::Posted;
    bool wanted = false;     // by the frame being drawn: before what is drawn ahead
    bool abandoned = false;  // drawn by the caller meanwhile: the worker drops it when done
    unsigned round = 0;      // the call to ahead() that posted it
    std::shared_ptr<CoverageMask> mask;
  };
  // Draws `e` (claimed by this thread) with `rasteriser`, outside the lock held by `lock`.
  void draw_entry(Entry* e, PartRasteriser& rasteriser, std::unique_lock<std::mutex>& lock);
  void work();
  // The entry a worker should draw next (wanted first, then oldest), or null; under the lock.
  Entry* next_posted();
  Entry* find(const std::vector<std::int64_t>& key, std::uint64_t hash) const;

  int size_;
  double px_per_unit_;
  int threads_;                       // taken from the process's, given back at the end
  std::vector<std::thread> workers_;  // started with the first post
  mutable std::mutex mutex_;
  std::condition_variable posted_;  // wakes sleeping workers
  std::vector<std::unique_ptr<Entry>> entries_;
  bool stop_ = false;
  int idle_ = 0;                      // workers asleep: only they need waking
  unsigned round_ = 0;                // calls to ahead()
  std::atomic<unsigned> posts_{0};    // counts posts (and the stop): what looking workers watch
  std::atomic<unsigned> drawn_{0};    // counts masks workers drew: what a waiting caller watches
  std::chrono::nanoseconds mask_time_{0};  // how long this thread took for a mask, lately
};

}  // namespace iconsynth::render
