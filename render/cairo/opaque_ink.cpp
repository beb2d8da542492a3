#include "render/cairo/opaque_ink.h"

#include "render/cairo/cairo_blend.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace iconsynth::render {

OpaqueInk::OpaqueInk(std::uint32_t color, const std::vector<std::uint32_t>& unders) : color_(color), unders_{0} {
  // The colour over itself too: Cairo's rounded blend can land a level off where the coverage is
  // partial, so it is looked up like any other.
  for (std::uint32_t under : unders) {
    if (std::find(unders_.begin(), unders_.end(), under) == unders_.end()) unders_.push_back(under);
  }
  over_.resize(unders_.size());
  for (std::size_t u = 0; u < unders_.size(); ++u) {
    for (int a = 0; a < 256; ++a) over_[u][std::size_t(a)] = cairo_blend::blend(color_, std::uint8_t(a), unders_[u]);
  }
}

std::uint32_t OpaqueInk::over(std::uint32_t under, std::uint8_t coverage) const {
  for (std::size_t u = 1; u < unders_.size(); ++u) {
    if (unders_[u] == under) return over_[u][coverage];
  }
  return cairo_blend::blend(color_, coverage, under);
}

void OpaqueInk::draw_row(std::uint32_t* row, const CoverageMask& mask, int y, int origin, int x0, int x1) const {
  if (mask.dense()) {
    draw_dense_row(row, mask.dense_row(y), origin, std::max(x0, origin), std::min(x1, origin + mask.width()));
    return;
  }
  for (const CoverageMask::Run* run = mask.runs_begin(y); run != mask.runs_end(y); ++run) {
    const int from = std::max(run->x0 + origin, x0), to = std::min(run->x1 + origin, x1);
    if (from >= to) continue;
    if (run->full()) {
      std::fill(row + from, row + to, color_);
      continue;
    }
    blend_pixels(row + from, mask.coverage(*run) + (from - origin - run->x0), to - from);
  }
}

void OpaqueInk::draw_row_over_clear(std::uint32_t* row, const CoverageMask& mask, int y, int origin, int x0, int x1) const {
  const std::uint32_t* over_clear = over_[0].data();  // [0] is transparent, [255] the colour
  const int from = std::clamp(origin, x0, x1), to = std::clamp(origin + mask.width(), from, x1);
  std::fill(row + x0, row + from, 0u);
  std::fill(row + to, row + x1, 0u);
  if (mask.dense()) {
    // Eight columns at a time: an empty or full word written at once, the others looked up.
    constexpr std::uint64_t kAll = ~std::uint64_t{0};
    const std::uint8_t* coverage = mask.dense_row(y);
    int x = from;
    for (; x + 8 <= to; x += 8) {
      const std::uint8_t* c = coverage + (x - origin);
      std::uint64_t word;
      std::memcpy(&word, c, 8);
      if (word == 0) {
        std::fill(row + x, row + x + 8, 0u);
      } else if (word == kAll) {
        std::fill(row + x, row + x + 8, color_);
      } else {
        for (int i = 0; i < 8; ++i) row[x + i] = over_clear[c[i]];
      }
    }
    for (; x < to; ++x) row[x] = over_clear[coverage[x - origin]];
    return;
  }
  int x = from;  // written up to here
  for (const CoverageMask::Run* run = mask.runs_begin(y); run != mask.runs_end(y); ++run) {
    const int run_from = std::max(run->x0 + origin, x), run_to = std::min(run->x1 + origin, to);
    if (run_from >= run_to) continue;
    std::fill(row + x, row + run_from, 0u);
    if (run->full()) {
      std::fill(row + run_from, row + run_to, color_);
    } else {
      const std::uint8_t* c = mask.coverage(*run) + (run_from - origin - run->x0);
      for (int i = 0; i < run_to - run_from; ++i) row[run_from + i] = over_clear[c[i]];
    }
    x = run_to;
  }
  std::fill(row + x, row + to, 0u);
}

void OpaqueInk::blend_pixels(std::uint32_t* row, const std::uint8_t* coverage, int count) const {
  const std::uint32_t* over_clear = over_[0].data();
  for (int i = 0; i < count; ++i) {
    const std::uint8_t a = coverage[i];
    if (a == 0) continue;
    const std::uint32_t under = row[i];
    if (a == 255) {
      row[i] = color_;
    } else if (under == 0) {
      row[i] = over_clear[a];
    } else {
      row[i] = over(under, a);
    }
  }
}

const std::uint32_t* OpaqueInk::table_for(std::uint32_t under) const {
  for (std::size_t u = 0; u < unders_.size(); ++u) {
    if (unders_[u] == under) return over_[u].data();
  }
  return nullptr;
}

void OpaqueInk::draw_dense_row(std::uint32_t* row, const std::uint8_t* coverage, int origin, int from, int to) const {
  // Eight columns at a time: an empty word skipped, a full one filled, the others blended.
  constexpr std::uint64_t kAll = ~std::uint64_t{0};
  // The table of the colour last met under a word (a row is mostly over one or two).
  std::uint32_t table_under = unders_[0];
  const std::uint32_t* table = over_[0].data();
  const auto table_of = [&](std::uint32_t under) {
    if (under != table_under) table_under = under, table = table_for(under);
    return table;
  };
  for (int x = from; x < to;) {
    const int word_end = std::min(x + 8, to);
    int lo = x, hi = word_end;
    if (word_end == x + 8) {
      std::uint64_t word;
      std::memcpy(&word, coverage + (x - origin), 8);
      const auto word_at = [&](int at) {
        std::uint64_t w;
        std::memcpy(&w, coverage + (at - origin), 8);
        return w;
      };
      if (word == 0) {  // and the empty words after it
        for (x = word_end; x + 32 <= to && (word_at(x) | word_at(x + 8) | word_at(x + 16) | word_at(x + 24)) == 0;) x += 32;
        while (x + 8 <= to && word_at(x) == 0) x += 8;
        continue;
      }
      if (word == kAll) {  // and the full words after it, filled at once
        int end = word_end;
        while (end + 8 <= to && word_at(end) == kAll) end += 8;
        std::fill(row + x, row + end, color_);
        x = end;
        continue;
      }
      // All eight over one colour with a table (mostly transparent, or a card's fill): looked up
      // without a branch, as a table's blend at coverage 0 is the colour under, at 255 its own.
      const std::uint32_t under = row[x];
      std::uint32_t differ = 0;
      for (int i = 1; i < 8; ++i) differ |= row[x + i] ^ under;
      if (differ == 0) {
        if (const std::uint32_t* t = table_of(under)) {
          const std::uint8_t* c = coverage + (x - origin);
          for (int i = 0; i < 8; ++i) row[x + i] = t[c[i]];
          x = word_end;
          continue;
        }
      }
      // Else from its first inked byte to its last.
      const int low_zeros = std::countr_zero(word) / 8, high_zeros = std::countl_zero(word) / 8;
      if constexpr (std::endian::native == std::endian::little) {
        lo = x + low_zeros, hi = word_end - high_zeros;
      } else {
        lo = x + high_zeros, hi = word_end - low_zeros;
      }
    }
    const std::uint32_t first = row[lo];
    bool uniform = true;
    for (int i = lo + 1; i < hi; ++i) uniform &= row[i] == first;
    if (const std::uint32_t* t = uniform ? table_of(first) : nullptr) {
      for (int i = lo; i < hi; ++i) row[i] = t[coverage[i - origin]];
    } else {
      blend_pixels(row + lo, coverage + (lo - origin), hi - lo);
    }
    x = word_end;
  }
}

}  // namespace iconsynth::render
