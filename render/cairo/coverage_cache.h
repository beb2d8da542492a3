#pragma once
// The coverage masks a renderer has drawn, kept by key (coverage_mask.h) within a memory budget:
// the modules swelling together share one, and a looping animation, played again, finds every
// mask it needs instead of rasterising it. Masks in the cache never change; the least recently
// used go first when the budget is spent.

#include "render/cairo/coverage_mask.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

namespace iconsynth::render {

class CoverageCache {
 public:
  explicit CoverageCache(std::size_t budget_bytes);

  // The mask whose key is `key` (hash `hash`), or null.
  std::shared_ptr<CoverageMask> find(const std::vector<std::int64_t>& key, std::uint64_t hash);
  // Whether the mask whose key is `key` is kept (without counting it as used).
  bool contains(const std::vector<std::int64_t>& key, std::uint64_t hash) const;
  // Keeps `mask`; evicts the least recently used beyond the budget.
  void insert(std::shared_ptr<CoverageMask> mask);

  std::size_t bytes() const { return bytes_; }
  std::size_t budget() const { return budget_; }

 private:
  struct Entry {
    std::shared_ptr<CoverageMask> mask;
    std::uint64_t last_used;
  };
  void evict();

  std::size_t budget_, bytes_ = 0;
  std::uint64_t clock_ = 0;
  std::unordered_multimap<std::uint64_t, Entry> entries_;  // by key hash
};

}  // namespace iconsynth::render
