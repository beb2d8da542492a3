#include "render/golden/variant_update.h"

#include "render/golden/sha256.h"

#include <algorithm>
#include <set>

namespace iconsynth::render::golden {

namespace {

// The sheet of an image this update made, until it is placed.
constexpr int kUnplaced = -1;

const AcceptedImage* image_in(const GoldenFrame& frame, int sheet) {
  const auto it = std::find_if(frame.accepted.begin(), frame.accepted.end(), [&](const AcceptedImage& a) { return a.sheet == sheet; });
  return it == frame.accepted.end() ? nullptr : &*it;
}

// Each new image goes to the first sheet its frame has no other image in: a frame taken anew
// to sheet 0, an added image to the first sheet free at its cell.
void place_new_images(GoldenVariant& v) {
  for (GoldenFrame& f : v.frames) {
    for (AcceptedImage& a : f.accepted) {
      if (a.sheet != kUnplaced) continue;
      int sheet = 0;
      while (image_in(f, sheet)) ++sheet;
      a.sheet = sheet;
    }
  }
}

// The sheets of `taken.entry` once its images are placed: the sheets its images use, renumbered
// in order. A sheet whose cells are `before`'s, and whose file is intact, keeps its bytes; any
// other is drawn from this rendering and the cells decoded from the old sheet.
void make_sheets(TakenVariant& taken, const GoldenVariant* before, VariantFrames& frames, SheetImages* sheets, int size) {
  GoldenVariant& v = taken.entry;
  place_new_images(v);
  std::set<int> used;
  for (const GoldenFrame& f : v.frames) {
    for (const AcceptedImage& a : f.accepted) used.insert(a.sheet);
  }
  v.sheets.clear();
  taken.sheet_bytes.clear();
  for (int sheet : used) {
    bool same = before && sheet < static_cast<int>(before->sheets.size()) && sheets->intact(static_cast<std::size_t>(sheet));
    for (std::size_t i = 0; same && i < v.frames.size(); ++i) {
      const AcceptedImage* now = image_in(v.frames[i], sheet);
      const AcceptedImage* was = image_in(before->frames[i], sheet);
      same = (now == nullptr) == (was == nullptr) && (!now || now->sha256 == was->sha256);
    }
    std::string bytes;
    if (same) {
      bytes = sheets->bytes(static_cast<std::size_t>(sheet));
    } else {
      std::vector<Pixels> kept(v.frames.size());
      std::vector<const Pixels*> cells(v.frames.size(), nullptr);
      for (std::size_t i = 0; i < v.frames.size(); ++i) {
        const AcceptedImage* image = image_in(v.frames[i], sheet);
        if (!image) continue;
        const RenderedFrame& rendered = frames.frame(v.frames[i].frame);
        if (image->sha256 == rendered.sha256) {
          cells[i] = &rendered.pixels;
        } else if (auto pixels = sheets ? sheets->image(i, static_cast<std::size_t>(sheet)) : std::nullopt) {
          kept[i] = std::move(*pixels);  // an image kept where it was
          cells[i] = &kept[i];
        } else {
          // A sheet its manifest vouches for, but without this cell: the image is lost. Its frame
          // matched another of its images (one it was compared with was read), which stays.
          std::erase_if(v.frames[i].accepted, [&](const AcceptedImage& a) { return a.sheet == sheet; });
        }
      }
      bytes = sheet_png(cells, size);
    }
    v.sheets.push_back(sha256_hex(bytes));
    taken.sheet_bytes.push_back(std::move(bytes));
  }
  for (GoldenFrame& f : v.frames) {
    for (AcceptedImage& a : f.accepted) a.sheet = static_cast<int>(std::distance(used.begin(), used.find(a.sheet)));
  }
}

}  // namespace

TakenVariant take_rendering(const GoldenVariant& now, VariantFrames& frames, int renderer, int size) {
  TakenVariant taken{now, {}, {}};
  for (GoldenFrame& f : taken.entry.frames) {
    f.accepted = {{kUnplaced, renderer, frames.frame(f.frame).sha256}};
    ++taken.frames.rewritten;
  }
  make_sheets(taken, nullptr, frames, nullptr, size);
  return taken;
}

TakenVariant take_changes(const GoldenVariant& now, const GoldenVariant& golden, const VariantCheck& check, VariantFrames& frames,
                          SheetImages& sheets, int renderer, bool add, int size) {
  TakenVariant taken{now, {}, {}};
  for (std::size_t i = 0; i < taken.entry.frames.size(); ++i) {
    GoldenFrame& f = taken.entry.frames[i];
    f.accepted = golden.frames[i].accepted;
    const FrameCheck::Status status = check.frames[i].status;
    if (status == FrameCheck::Status::Exact) {
      ++taken.frames.kept;
      continue;
    }
    if (status == FrameCheck::Status::Within) {
      ++taken.frames.within;
      continue;
    }
    const AcceptedImage image{kUnplaced, renderer, frames.frame(f.frame).sha256};
    if (add && status == FrameCheck::Status::Differs) {
      std::erase_if(f.accepted, [&](const AcceptedImage& a) { return a.renderer == renderer; });
      f.accepted.push_back(image);
      ++taken.frames.added;
    } else {
      f.accepted = {image};
      ++taken.frames.rewritten;
    }
  }
  make_sheets(taken, &golden, frames, &sheets, size);
  return taken;
}

GoldenVariant without_damaged_sheets(const GoldenVariant& golden, SheetImages& sheets) {
  GoldenVariant v = golden;
  for (std::size_t s = 0; s < golden.sheets.size(); ++s) {
    if (sheets.intact(s)) continue;
    for (GoldenFrame& f : v.frames) std::erase_if(f.accepted, [&](const AcceptedImage& a) { return a.sheet == static_cast<int>(s); });
  }
  return v;
}

}  // namespace iconsynth::render::golden
