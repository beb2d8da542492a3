#pragma once
// What the editor's tests share: a small page, so sessions build in a few milliseconds.
#include "render/preview/preview_page.h"

namespace iconsynth::test {

// The editor's options at 32 px.
inline render::PreviewPageOptions small_editor_page() {
  render::PreviewPageOptions o;
  o.size = 32;
  return o;
}

}  // namespace iconsynth::test
