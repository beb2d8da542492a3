#include "render/cairo/coverage_cache.h"

#include <algorithm>

namespace iconsynth::render {

CoverageCache::CoverageCache(std::size_t budget_bytes) : budget_(budget_bytes) {}

std::shared_ptr<CoverageMask> CoverageCache::find(const std::vector<std::int64_t>& key, std::uint64_t hash) {
  const auto [first, last] = entries_.equal_range(hash);
  for (auto it = first; it != last; ++it) {
    if (it->second.mask->key() != key) continue;
    it->second.last_used = ++clock_;
    return it->second.mask;
  }
  return nullptr;
}

bool CoverageCache::contains(const std::vector<std::int64_t>& key, std::uint64_t hash) const {
  const auto [first, last] = entries_.equal_range(hash);
  return std::any_of(first, last, [&](const auto& entry) { return entry.second.mask->key() == key; });
}

void CoverageCache::insert(std::shared_ptr<CoverageMask> mask) {
  bytes_ += mask->bytes();
  const std::uint64_t hash = mask->key_hash();
  entries_.emplace(hash, Entry{std::move(mask), ++clock_});
  if (bytes_ > budget_) evict();
}

void CoverageCache::evict() {
  // The least recently used until a quarter of the budget is free, at once: a loop longer than
  // the budget then evicts in batches, not on every insert.
  std::vector<std::pair<std::uint64_t, std::uint64_t>> by_age;  // (last used, hash)
  by_age.reserve(entries_.size());
  for (const auto& [hash, entry] : entries_) by_age.emplace_back(entry.last_used, hash);
  std::sort(by_age.begin(), by_age.end());
  const std::size_t target = budget_ / 4 * 3;
  for (const auto& [last_used, hash] : by_age) {
    if (bytes_ <= target) break;
    const auto [first, last] = entries_.equal_range(hash);
    for (auto it = first; it != last; ++it) {
      if (it->second.last_used != last_used) continue;
      bytes_ -= it->second.mask->bytes();
      entries_.erase(it);
      break;
    }
  }
}

}  // namespace iconsynth::render
